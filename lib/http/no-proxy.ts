/**
 * NO_PROXY as curl and Go read it: a list of hosts separated by commas or spaces; `*` alone is every host; an
 * entry matches the host itself and every name below it (`example.com` and `.example.com` both match
 * `api.example.com`; a leading `*.` is the same); `host:port` matches that port only; an IP address matches
 * itself and a CIDR block (`10.0.0.0/8`) the addresses in it. Matching ignores letter case.
 */
import { BlockList, isIP } from 'node:net';

/** Whether `url` is reached directly under the NO_PROXY list `noProxy`. */
export function bypassesProxy(url: URL, noProxy: string): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    const { name, entryPort } = splitPort(entry);
    if (entryPort !== undefined && entryPort !== port) continue;
    if (matchesHost(host, name)) return true;
  }
  return false;
}

function splitPort(entry: string): { name: string; entryPort: number | undefined } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed !== null) return { name: bracketed[1] ?? '', entryPort: bracketed[2] === undefined ? undefined : Number(bracketed[2]) };
  // An IPv6 address (several colons) has no port unless bracketed.
  const withPort = /^([^:]+):(\d+)$/.exec(entry);
  if (withPort !== null) return { name: withPort[1] ?? '', entryPort: Number(withPort[2]) };
  return { name: entry, entryPort: undefined };
}

function matchesHost(host: string, name: string): boolean {
  const cidr = /^([^/]+)\/(\d{1,3})$/.exec(name);
  if (cidr !== null) return inBlock(host, cidr[1] ?? '', Number(cidr[2]));
  if (isIP(name) !== 0) return isIP(host) !== 0 && sameAddress(host, name);
  const domain = name.replace(/^\*?\./, '');
  if (domain === '') return false;
  return host === domain || host.endsWith(`.${domain}`);
}

function inBlock(host: string, network: string, prefix: number): boolean {
  const family = isIP(network);
  if (family === 0 || isIP(host) !== family) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix > (family === 4 ? 32 : 128)) return false;
  const block = new BlockList();
  block.addSubnet(network, prefix, type);
  return block.check(host, type);
}

function sameAddress(a: string, b: string): boolean {
  const family = isIP(a);
  if (family !== isIP(b)) return false;
  const block = new BlockList();
  block.addAddress(b, family === 4 ? 'ipv4' : 'ipv6');
  return block.check(a, family === 4 ? 'ipv4' : 'ipv6');
}
