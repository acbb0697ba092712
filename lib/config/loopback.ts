import { isIPv4, isIPv6 } from 'node:net';

/**
 * True for hosts whose traffic never leaves the machine: `localhost`, 127.0.0.0/8 and ::1
 * (also IPv4-mapped ::ffff:127.x.y.z). Takes a URL hostname, brackets allowed (`[::1]`).
 * Only canonical forms count (as `URL.hostname` gives them); anything doubtful is not loopback,
 * because a wrong "yes" would send the token in clear text over the network.
 */
export function isLoopbackHost(host: string): boolean {
  let h = host.toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h === 'localhost') return true;
  if (isIPv4(h)) return h.startsWith('127.');
  if (!isIPv6(h)) return false;
  // Let the URL parser compress the address (0:0:0:0:0:0:0:1 -> ::1, ::ffff:127.0.0.1 -> ::ffff:7f00:1).
  const canonical = new URL(`http://[${h}]/`).hostname.slice(1, -1);
  return canonical === '::1' || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(canonical);
}
