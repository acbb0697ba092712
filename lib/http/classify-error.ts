/** Maps an error from undici or the socket layer to what the engine records. */

export type AttemptErrorKind =
  | 'timeout'
  | 'network'
  | 'malformed'
  /** The engine closed while the request was on the wire. */
  | 'closed'
  /** The request itself is invalid (the caller's bug, not the target's doing). */
  | 'usage';

export interface AttemptError {
  kind: AttemptErrorKind;
  /** One line, no stack. */
  message: string;
  retryable: boolean;
  /** The connection itself failed (refused, name not resolved, TLS handshake): the target was never reached. */
  connect?: true;
  /** The error's code (ECONNREFUSED, ENOTFOUND, ERR_SSL_WRONG_VERSION_NUMBER, ...), when it had one. */
  code?: string;
}

/** Errors while establishing the connection: most often a wrong BASE_URL. */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_HAS_EXPIRED',
]);

/** A TLS handshake that failed (https to a plain-http port, a certificate refused): the connection never came up. */
const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|EPROTO$|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/;

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** Answers that are not valid HTTP. */
const MALFORMED_CODES = new Set(['UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'UND_ERR_RES_EXCEEDED_MAX_SIZE']);

const USAGE_CODES = new Set([
  'UND_ERR_INVALID_ARG',
  'UND_ERR_NOT_SUPPORTED',
  'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
  'ERR_INVALID_URL',
  'ERR_INVALID_ARG_TYPE',
  'ERR_INVALID_CHAR',
  'ERR_INVALID_HTTP_TOKEN',
]);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  errors?: unknown;
  cause?: unknown;
  /** The peer's certificate, on a name mismatch (node:tls checkServerIdentity). */
  cert?: { subjectaltname?: unknown };
}

function asErrorLike(value: unknown): ErrorLike {
  return typeof value === 'object' && value !== null ? (value as ErrorLike) : {};
}

/** The error's code, looking into `cause` and AggregateError members (Happy Eyeballs tries several addresses). */
function errorCode(error: unknown, depth = 0): string | undefined {
  const e = asErrorLike(error);
  if (typeof e.code === 'string') return e.code;
  if (depth >= 3) return undefined;
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors.slice(0, 8)) {
      const code = errorCode(inner, depth + 1);
      if (code !== undefined) return code;
    }
  }
  return e.cause === undefined ? undefined : errorCode(e.cause, depth + 1);
}

/** A one-line message; AggregateError's own message is empty, so its members speak for it. */
function errorMessage(error: unknown): string {
  const e = asErrorLike(error);
  let text = typeof e.message === 'string' ? e.message : '';
  if (text === '' && Array.isArray(e.errors)) {
    text = e.errors
      .slice(0, 4)
      .map((inner) => errorMessage(inner))
      .filter((m) => m !== '')
      .join('; ');
  }
  if (text === '') text = typeof e.code === 'string' ? e.code : String(error);
  return text.replace(/\s+/g, ' ').trim();
}

export function classifyError(error: unknown, context: { timedOutAfterMs?: number; closed: boolean }): AttemptError {
  if (context.closed) return { kind: 'closed', message: 'the engine was closed during the request', retryable: false };
  const code = errorCode(error) ?? '';
  const name = asErrorLike(error).name;
  let message = errorMessage(error);
  const altnames = asErrorLike(error).cert?.subjectaltname;
  // Node names the certificate's names only for a DNS name; for an IP address the message lists none.
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' && typeof altnames === 'string' && !message.includes(altnames)) {
    message = `${message.replace(/[\s:;]+$/, '')}; the certificate's altnames: ${altnames.slice(0, 300)}`;
  }
  if (context.timedOutAfterMs !== undefined) {
    return { kind: 'timeout', message: `no answer within ${context.timedOutAfterMs} ms`, retryable: true };
  }
  if (USAGE_CODES.has(code)) return { kind: 'usage', message, retryable: false };
  if (code.startsWith('HPE_') || name === 'HTTPParserError' || MALFORMED_CODES.has(code)) {
    return { kind: 'malformed', message: `the answer is not valid HTTP: ${message}`, retryable: false };
  }
  const connect = CONNECT_CODES.has(code) || TLS_CODE.test(code);
  const hint = connect ? ' — is BASE_URL right?' : '';
  const extra = { ...(connect ? { connect: true as const } : {}), ...(code !== '' ? { code } : {}) };
  if (TIMEOUT_CODES.has(code)) return { kind: 'timeout', message: `${message}${hint}`, retryable: true, ...extra };
  return { kind: 'network', message: `${message}${hint}`, retryable: true, ...extra };
}
