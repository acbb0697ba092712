/**
 * The reference talks to nothing beyond the machine: it listens on loopback only (options.ts), and it
 * sends validation handshakes and notifications to loopback URLs only. A host name is checked again
 * after lookup, so that a `localhost` mapped elsewhere (hosts file, resolver) still sends nothing away.
 */
import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/** 127.0.0.0/8, ::1, and 127.x written as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address: string): boolean {
  const a = address.toLowerCase();
  if (isIP(a) === 4) return a.startsWith('127.');
  if (isIP(a) !== 6) return false;
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  const mapped = /^::ffff:(.+)$/.exec(a)?.[1];
  return mapped !== undefined && isIP(mapped) === 4 && mapped.startsWith('127.');
}

/** A loopback address or the name `localhost`; a URL's bracketed IPv6 host (`[::1]`) is accepted too. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  if (h === 'localhost') return true;
  return isLoopbackAddress(h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h);
}

export type LoopbackTarget = { ok: true; url: URL } | { ok: false; reason: 'invalid-url' | 'not-loopback' | 'self' };

/**
 * The URL when it is an absolute http(s) URL on a loopback host; nothing is resolved or sent here.
 * `ownPort`: the service's own port. A loopback URL on it is the service itself, which must not be sent its
 * own handshakes or notifications (a notification to /_reference/trigger would trigger again, without end).
 */
export function loopbackTarget(text: string, ownPort?: number): LoopbackTarget {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'invalid-url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'invalid-url' };
  // The WHATWG parser has already normalised 0x7f.1, 2130706433 and friends to 127.0.0.1.
  if (!isLoopbackHost(url.hostname)) return { ok: false, reason: 'not-loopback' };
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (port === ownPort) return { ok: false, reason: 'self' };
  return { ok: true, url };
}

/** A `lookup` for node:http that only ever yields loopback addresses, and fails when a name has none. */
export const loopbackLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err !== null) return callback(err, '');
    const safe = addresses.filter((a) => isLoopbackAddress(a.address));
    const first = safe[0];
    if (first === undefined) {
      const refused: NodeJS.ErrnoException = new Error(`${hostname} does not resolve to a loopback address`);
      refused.code = 'ENOTLOOPBACK';
      return callback(refused, '');
    }
    if (options.all === true) return callback(null, safe);
    callback(null, first.address, first.family);
  });
};
