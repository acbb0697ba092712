import { REDACTED, type Redactor } from '../redaction/redactor.js';

export { REDACTED };

/** Headers whose value carries credentials. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization']);

/** Auth scheme names that may stand alone (no credentials to hide), e.g. a protocol case sending `Bearer`. */
const BARE_SCHEME = /^(bearer|basic|digest|negotiate|ntlm|hoba|mutual|aws4-hmac-sha256)$/i;

export function isCredentialHeader(name: string): boolean {
  return CREDENTIAL_HEADERS.has(name.toLowerCase());
}

/**
 * Keeps the scheme and hides the credentials: `Bearer abc` -> `Bearer [redacted]`,
 * `Basic xyz` -> `Basic [redacted]`. A value without a scheme is hidden whole, since it
 * may be a bare token; a lone scheme name is kept, since it hides nothing.
 */
export function redactAuthorization(value: string): string {
  const match = /^(\s*)(\S+)(\s+)(\S[\s\S]*)$/.exec(value);
  if (match) return `${match[1]!}${match[2]!}${match[3]!}${REDACTED}`;
  const bare = value.trim();
  if (bare === '' || BARE_SCHEME.test(bare)) return value;
  return REDACTED;
}

/**
 * Copy of the headers safe to record: credentials hidden, every name and value through the redaction step
 * (as fields: most names and values recur in every exchange, and each distinct one is scanned once).
 */
export function redactHeaders(headers: Record<string, string>, redactor: Redactor): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name]!;
    out[redactor.redactField(name)] = redactor.redactField(isCredentialHeader(name) ? redactAuthorization(value) : value);
  }
  return out;
}
