import { isCredentialHeader, redactAuthorization, REDACTED } from './redact.js';
import type { Exchange, RequestSpec } from './types.js';

/** A request to render: an Exchange qualifies, so does anything with these fields. */
export interface RequestLike {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | undefined;
}

export interface CurlOptions {
  /** One argument group per line, joined with ` \` (default true); false gives one line. */
  multiline?: boolean;
}

/** The shell variable that stands for the token in rendered commands. */
const TOKEN_VARIABLE = '$ACCESS_TOKEN';

/** POSIX single quoting: nothing inside is special; a `'` closes, is escaped, and reopens. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

// Characters that mean nothing inside double quotes, so `"Authorization: Bearer $ACCESS_TOKEN"`
// can be written plainly (no `"`, `\`, `` ` ``, `$` or `!`, which history expansion eats).
const PLAIN_IN_DOUBLE_QUOTES = /^[A-Za-z0-9 _.:/+=,;-]*$/;

/** A credential header with the token replaced by $ACCESS_TOKEN, quoted so that the shell expands it. */
function credentialArgument(name: string, value: string): string {
  const shownName = name === 'authorization' ? 'Authorization' : name;
  const redacted = redactAuthorization(value);
  const at = redacted.indexOf(REDACTED);
  if (at < 0) return shellQuote(`${shownName}: ${redacted}`);
  const prefix = `${shownName}: ${redacted.slice(0, at)}`;
  const suffix = redacted.slice(at + REDACTED.length);
  if (PLAIN_IN_DOUBLE_QUOTES.test(prefix) && suffix === '') return `"${prefix}${TOKEN_VARIABLE}"`;
  return `${shellQuote(prefix)}"${TOKEN_VARIABLE}"${suffix === '' ? '' : shellQuote(suffix)}`;
}

function isExchange(value: Exchange | RequestLike): value is Exchange {
  return 'requestHeaders' in value;
}

/**
 * A copy-pasteable cURL command for a request. The token never appears: the
 * Authorization header reads `"Authorization: Bearer $ACCESS_TOKEN"` whatever it held.
 */
export function toCurl(request: Exchange | RequestLike, options: CurlOptions = {}): string {
  const headers = (isExchange(request) ? request.requestHeaders : request.headers) ?? {};
  const body = isExchange(request) ? request.requestBody : request.body;
  const method = /^[A-Za-z]+$/.test(request.method) ? request.method : shellQuote(request.method);
  const parts = [`curl -i -X ${method} ${shellQuote(request.url)}`];
  for (const [name, value] of Object.entries(headers)) {
    parts.push(`-H ${isCredentialHeader(name) ? credentialArgument(name, value) : shellQuote(`${name}: ${value}`)}`);
  }
  if (body !== undefined) {
    // curl adds its own form Content-Type to --data-raw; an empty one removes it,
    // so that the command sends what the probe sent.
    const typed = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
    if (!typed) parts.push(`-H ${shellQuote('Content-Type:')}`);
    parts.push(`--data-raw ${shellQuote(body)}`);
  }
  return parts.join(options.multiline === false ? ' ' : ' \\\n  ');
}

/** The cURL command for a request not yet sent, as the engine would send it with a token. */
export function curlForRequest(baseUrl: string, request: RequestSpec, options: CurlOptions = {}): string {
  const headers: Record<string, string> = { ...request.headers };
  const callerSetAuth = Object.keys(headers).some(isCredentialHeader);
  if (request.auth !== false && !callerSetAuth) headers.authorization = `Bearer ${REDACTED}`;
  const path = request.path.startsWith('/') ? request.path : `/${request.path}`;
  return toCurl({ method: request.method, url: `${baseUrl.replace(/\/+$/, '')}${path}`, headers, body: request.body }, options);
}
