/**
 * Parsers of the OAuth 2.0 client credentials settings (lib/auth). Messages name files and settings,
 * never a secret, a key or an assertion.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { readCertificateFile } from './certificate-file.js';
import { Secret } from '../secret.js';
import { isLoopbackHost } from '../net/loopback.js';
import { fsReason, quote, type Parsed, type Parser } from './parsers.js';
import type { ClientCredential, TokenEndpoint } from './types.js';
import { CertificateFileError } from '../errors.js';

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = <T>(problem: string): Parsed<T> => ({ ok: false, problem });

/** The Microsoft identity platform's v2.0 token endpoint of a tenant (the public cloud; other clouds: TOKEN_URL). */
function microsoftTokenEndpoint(tenant: string): string {
  return `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/oauth2/v2.0/token`;
}

/** https, or http on loopback only (a local test server): client secrets and assertions travel in the body. */
export const tokenUrlParser: Parser<TokenEndpoint> = {
  accepts: 'absolute https URL (http only on loopback)',
  parse: (raw) => {
    const text = raw.trim();
    if (!URL.canParse(text)) return bad(`not an absolute URL: ${quote(raw)}`);
    const url = new URL(text);
    if (url.username !== '' || url.password !== '') return bad('must not contain a user name or password (value not shown)');
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
      return bad(`must be https (http only to a loopback host), got ${quote(raw)}`);
    }
    return ok({ url: url.href, setting: 'TOKEN_URL' });
  },
};

// A directory (tenant) id or a verified domain; "common", "organizations" and "consumers" cannot issue app-only tokens.
const TENANT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[a-z0-9-]+(\.[a-z0-9-]+)+)$/i;

export const tenantIdParser: Parser<TokenEndpoint> = {
  accepts: 'directory (tenant) id (a GUID) or verified domain, e.g. contoso.onmicrosoft.com',
  parse: (raw) => {
    const tenant = raw.trim();
    if (!TENANT.test(tenant)) {
      return bad(
        `must be a directory (tenant) id such as 72f988bf-86f1-41af-91ab-2d7cd011db47 or a domain such as contoso.onmicrosoft.com, got ${quote(raw)}`,
      );
    }
    return ok({ url: microsoftTokenEndpoint(tenant.toLowerCase()), setting: 'TENANT_ID' });
  },
};

const VISIBLE = /^[\x21-\x7e]+$/;

export const clientIdParser: Parser<string> = {
  accepts: 'application (client) id',
  parse: (raw) =>
    VISIBLE.test(raw.trim()) && raw.trim().length <= 256
      ? ok(raw.trim())
      : bad(`must be an application (client) id without spaces, got ${quote(raw)}`),
};

export const scopeParser: Parser<string> = {
  accepts: 'space-separated scopes, e.g. https://contoso.sharepoint.com/.default',
  parse: (raw) => {
    const scopes = raw.trim().split(/\s+/);
    if (!scopes.every((s) => VISIBLE.test(s) && !s.includes('"'))) return bad(`must be scopes separated by spaces, got ${quote(raw)}`);
    return ok(scopes.join(' '));
  },
};

const MAX_SECRET_FILE_BYTES = 64 * 1024;

/** Reads a small file holding a secret; the problem names the file, never its content. */
function readSecretFile(raw: string, cwd: string): Parsed<string> {
  const path = resolve(cwd, raw.trim());
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) return bad(`cannot read ${quote(path)}: is a folder`);
    if (stat.size > MAX_SECRET_FILE_BYTES) return bad(`${quote(path)} is ${stat.size} bytes, too large`);
    const text = readFileSync(path, 'utf8').trim();
    return text === '' ? bad(`${quote(path)} is empty`) : ok(text);
  } catch (error) {
    // The value may be the secret itself, given by mistake: never echo a path that does not exist.
    if ((error as { code?: unknown }).code === 'ENOENT') return bad('no such file (value not shown: it may be the secret itself)');
    return bad(`cannot read ${quote(path)}: ${fsReason(error)}`);
  }
}

function checkSecret(secret: string, what: string): Parsed<Secret> {
  if (!/^[\x20-\x7e]+$/.test(secret))
    return bad(`${what} contains line breaks or characters that are not printable ASCII (value not shown)`);
  return ok(new Secret(secret));
}

export const clientSecretParser: Parser<ClientCredential> = {
  accepts: 'client secret (the value, not its id)',
  parse: (raw) => {
    const secret = checkSecret(raw.trim(), 'the client secret');
    return secret.ok ? ok({ kind: 'secret', secret: secret.value, setting: 'CLIENT_SECRET' }) : secret;
  },
};

export const clientSecretFileParser: Parser<ClientCredential> = {
  accepts: 'path of a file holding the client secret',
  parse: (raw, ctx) => {
    const text = readSecretFile(raw, ctx.cwd);
    if (!text.ok) return text;
    const secret = checkSecret(text.value, 'the file');
    return secret.ok ? ok({ kind: 'secret', secret: secret.value, setting: 'CLIENT_SECRET_FILE' }) : secret;
  },
};

export const clientCertificateFileParser: Parser<ClientCredential> = {
  accepts: 'path of a PEM file with the certificate and its private key',
  parse: (raw, ctx) => {
    const file = resolve(ctx.cwd, raw.trim());
    try {
      readCertificateFile(file);
    } catch (error) {
      if (error instanceof CertificateFileError) return bad(error.message);
      throw error;
    }
    return ok({ kind: 'certificate', file, setting: 'CLIENT_CERTIFICATE_FILE' });
  },
};

/** The assertion is read again for every token request: a workload identity rotates the file. */
export const clientAssertionFileParser: Parser<ClientCredential> = {
  accepts: 'path of a file holding a signed JWT (a federated credential, e.g. a workload identity token)',
  parse: (raw, ctx) => {
    const text = readSecretFile(raw, ctx.cwd);
    if (!text.ok) return text;
    if (!/^[\w-]+\.[\w-]+\.[\w-]*$/.test(text.value))
      return bad(`the content of ${quote(resolve(ctx.cwd, raw.trim()))} is not a JWT (value not shown)`);
    return ok({ kind: 'assertion-file', file: resolve(ctx.cwd, raw.trim()), setting: 'CLIENT_ASSERTION_FILE' });
  },
};

export const githubOidcUrlParser: Parser<string> = {
  accepts: 'set by GitHub Actions',
  parse: (raw) => (URL.canParse(raw.trim()) ? ok(raw.trim()) : bad('is not a URL (value not shown)')),
};

export const githubOidcTokenParser: Parser<Secret> = {
  accepts: 'set by GitHub Actions',
  parse: (raw) => (VISIBLE.test(raw.trim()) ? ok(new Secret(raw.trim())) : bad('contains spaces or line breaks (value not shown)')),
};
