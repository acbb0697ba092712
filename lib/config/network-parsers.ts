/**
 * Parsers of the network settings (lib/http/transport.ts says what each does): a proxy URL, a NO_PROXY list,
 * and the PEM files of a CA bundle, a client certificate and its key. A file is checked as the run starts, so a
 * wrong one is one line before anything is sent; messages name the file, never a key's content or a password.
 */
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fsReason, quote, type Parsed, type Parser } from './parsers.js';

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = <T>(problem: string): Parsed<T> => ({ ok: false, problem });

/** A proxy URL, as shown: its password replaced. */
const shown = (url: URL): string => {
  const copy = new URL(url.href);
  if (copy.password !== '') copy.password = 'redacted';
  return copy.href;
};

/** An http:// or https:// proxy with a host (a user and password allowed: Basic proxy authentication). */
export const proxyUrlParser: Parser<string> = {
  accepts: 'http:// or https:// proxy URL, e.g. http://proxy.example.com:3128',
  parse: (raw) => {
    const text = raw.trim();
    // Without a scheme, as many tools accept it (proxy.example.com:3128): http.
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
    if (!URL.canParse(withScheme)) return bad('is not a URL (value not shown: it may hold a password)');
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return bad(`must be an http:// or https:// proxy (a CONNECT proxy), got ${quote(shown(url))}`);
    }
    if (url.hostname === '') return bad(`names no host: ${quote(shown(url))}`);
    if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '') {
      return bad(`must be the proxy's address alone, without a path or query: ${quote(shown(url))}`);
    }
    return ok(withScheme.replace(/\/+$/, ''));
  },
};

/** NO_PROXY: hosts, domains, IP addresses or CIDR blocks, with an optional port, separated by commas or spaces. */
export const noProxyParser: Parser<string> = {
  accepts: 'hosts, .domains, IP addresses or CIDR blocks (host:port for one port), separated by commas; * for all',
  parse: (raw) => {
    const entries = raw.split(/[\s,]+/).filter((e) => e !== '');
    const badEntry = entries.find((e) => !/^[A-Za-z0-9*.:[\]/_-]+$/.test(e));
    return badEntry === undefined ? ok(entries.join(',')) : bad(`${quote(badEntry)} is not a host, domain, address or CIDR block`);
  },
};

const MAX_PEM_BYTES = 4 * 1024 * 1024;
const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

interface PemBlock {
  label: string;
  pem: string;
}

/** The PEM blocks of a file, or the problem with reading it (never its content). */
function readPem(path: string): PemBlock[] | string {
  try {
    if (statSync(path).isDirectory()) return `${quote(path)} is a folder, not a file`;
    if (statSync(path).size > MAX_PEM_BYTES) return `${quote(path)} is too large for a PEM file`;
    return [...readFileSync(path, 'utf8').matchAll(BLOCK)].map((m) => ({ label: m[1] ?? '', pem: m[0] }));
  } catch (error) {
    return `cannot read ${quote(path)}: ${fsReason(error)}`;
  }
}

/** The certificates of a PEM file, each checked; the problem names the file and which block. */
export function readCertificates(path: string): { certs: X509Certificate[]; pems: string[] } | string {
  const blocks = readPem(path);
  if (typeof blocks === 'string') return blocks;
  const pems = blocks.filter((b) => b.label === 'CERTIFICATE').map((b) => b.pem);
  if (pems.length === 0) return `${quote(path)} holds no certificate (no -----BEGIN CERTIFICATE----- block)`;
  const certs: X509Certificate[] = [];
  for (const [i, pem] of pems.entries()) {
    try {
      certs.push(new X509Certificate(pem));
    } catch {
      return `${quote(path)}: certificate ${i + 1} of ${pems.length} is not a valid X.509 certificate`;
    }
  }
  return { certs, pems };
}

/** The private key of a PEM file, unencrypted; the problem never holds key material. */
export function readPrivateKey(path: string): { key: KeyObject; pem: string } | string {
  const blocks = readPem(path);
  if (typeof blocks === 'string') return blocks;
  const block = blocks.find((b) => b.label.endsWith('PRIVATE KEY'));
  if (block === undefined) return `${quote(path)} holds no private key (no -----BEGIN ... PRIVATE KEY----- block)`;
  if (block.label.includes('ENCRYPTED')) {
    return `${quote(path)}: the private key is encrypted; give it unencrypted (e.g. openssl pkcs8 -nocrypt) in a file only the job can read`;
  }
  try {
    return { key: createPrivateKey(block.pem), pem: block.pem };
  } catch {
    return `${quote(path)}: the private key cannot be read`;
  }
}

/** A PEM file of at least one certificate (a CA bundle, a client certificate chain), resolved against the working folder. */
export const certificateFileParser: Parser<string> = {
  accepts: 'path of a PEM file of one or more certificates',
  parse: (raw, ctx) => {
    const path = resolve(ctx.cwd, raw.trim());
    const read = readCertificates(path);
    return typeof read === 'string' ? bad(read) : ok(path);
  },
};

/** A PEM file with an unencrypted private key. */
export const privateKeyFileParser: Parser<string> = {
  accepts: 'path of a PEM file of an unencrypted private key',
  parse: (raw, ctx) => {
    const path = resolve(ctx.cwd, raw.trim());
    const read = readPrivateKey(path);
    return typeof read === 'string' ? bad(read) : ok(path);
  },
};
