/**
 * The reference talks to nothing beyond the machine: it listens on loopback only (options.ts), and it
 * sends validation handshakes and notifications to loopback URLs only. A host name is checked again
 * after lookup, so that a `localhost` mapped elsewhere (hosts file, resolver) still sends nothing away.
 */
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isLoopbackAddress, isLoopbackHost } from '../lib/net/loopback.js';

// The project's one loopback test (lib/net/loopback.ts), re-exported for the reference's callers.
export { isLoopbackAddress, isLoopbackHost };

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
