import { isIPv4, isIPv6 } from 'node:net';

/**
 * The one loopback test of the project: the config (may the token go over plain http?), the HTTP
 * engine (the same question, asked again at the wire) and the reference service (may it call this
 * URL?) all ask it here, so they cannot disagree. Loopback is 127.0.0.0/8 and ::1 in any spelling,
 * 127.x.y.z written as an IPv4-mapped IPv6 address (dotted `::ffff:127.0.0.1` or hex `::ffff:7f00:1`,
 * which is what `URL.hostname` makes of it), and the name `localhost`. Anything doubtful is not
 * loopback: a wrong "yes" would send the token in clear text over the network, or let the reference
 * call a host off this machine.
 */

const MAPPED_HEX_127 = /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/;

/** An IP address (no brackets, no name) in 127.0.0.0/8 or ::1, IPv4-mapped forms included. */
export function isLoopbackAddress(address: string): boolean {
  const a = address.toLowerCase();
  if (isIPv4(a)) return a.startsWith('127.');
  if (!isIPv6(a)) return false;
  // The URL parser compresses the address: 0:0:0:0:0:0:0:1 -> ::1, ::ffff:127.0.0.1 -> ::ffff:7f00:1.
  let canonical: string;
  try {
    canonical = new URL(`http://[${a}]/`).hostname.slice(1, -1);
  } catch {
    return false; // e.g. a zone index (fe80::1%eth0), which URL does not take: not loopback anyway
  }
  return canonical === '::1' || MAPPED_HEX_127.test(canonical);
}

/** A URL hostname (IPv6 in brackets allowed) or a bare address: loopback, or the name `localhost`. */
export function isLoopbackHost(host: string): boolean {
  let h = host.toLowerCase();
  if (h === 'localhost') return true;
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  return isLoopbackAddress(h);
}
