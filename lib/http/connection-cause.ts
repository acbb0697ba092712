/**
 * Why no connection to the target came up, in one line that names the setting that fixes it: a certificate
 * not trusted (TLS_CA_FILE), one for another name (which names it holds), a client certificate asked for
 * (TLS_CLIENT_CERT_FILE; under TLS 1.3 the refusal comes after the handshake, as a closed connection) or one given
 * and not accepted (an alert after the client sent it, or under TLS 1.3 a closed connection), a proxy
 * that refused the tunnel (HTTPS_PROXY), a name that does not resolve or a port where nothing listens (BASE_URL).
 * "Check BASE_URL and that the service is up" is said only where nothing answered at all.
 */
import type { Failure } from './types.js';
import { shownProxy, type Transport } from './transport.js';

export interface CauseContext {
  /** The target's base URL, as the settings give it. */
  baseUrl: string;
  transport?: Transport | undefined;
  /** The proxy the target is reached through, when one is. */
  proxy?: string | undefined;
}

const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_CHAIN_TOO_LONG',
]);
/** Alerts of a target that wants a client certificate it did not get, or did not take the one it got. */
const CLIENT_CERTIFICATE = new Set([
  'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED',
  'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE',
  'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN',
  'ERR_SSL_TLSV1_ALERT_ACCESS_DENIED',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED',
]);
/** A connection closed before any answer. */
const CLOSED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

const CLIENT_SETTINGS = 'set TLS_CLIENT_CERT_FILE (and TLS_CLIENT_KEY_FILE, unless the key is in that file) to the certificate it takes';

/** The one line: what happened, then what to set. */
export function connectionCause(failure: Pick<Failure, 'message' | 'code'>, ctx: CauseContext): string {
  const code = failure.code ?? '';
  const said = failure.message
    .replace(/ — is BASE_URL right\?/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const host = new URL(ctx.baseUrl).host;
  const tls = ctx.transport?.tls;
  const via = ctx.proxy === undefined ? '' : ` (through the proxy ${shownProxy(ctx.proxy)})`;
  const proxySetting = ctx.baseUrl.startsWith('https:') ? 'HTTPS_PROXY' : 'HTTP_PROXY';
  if (UNTRUSTED.has(code)) {
    return tls?.ca === undefined
      ? `the certificate of ${host} is not trusted (${said}, ${code}): set TLS_CA_FILE to a PEM file of the CA that issued it (TLS_INSECURE=true skips the check, with a warning)`
      : `the certificate of ${host} is not trusted even with TLS_CA_FILE (${said}, ${code}): TLS_CA_FILE must hold the CA that issued it, or the chain up to it`;
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    const at = said.lastIndexOf('altnames: ');
    const names = at < 0 ? undefined : said.slice(at + 'altnames: '.length);
    return `the certificate of ${host} is not for the name ${new URL(ctx.baseUrl).hostname}${names === undefined ? '' : `: it holds ${names}`}; use a BASE_URL with a name the certificate holds`;
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return `the certificate of ${host} ${code === 'CERT_HAS_EXPIRED' ? 'has expired' : 'is not valid yet'} (${said}): renew it on the target (TLS_INSECURE=true skips the check, with a warning)`;
  }
  if (CLIENT_CERTIFICATE.has(code) || (code === 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE' && tls?.cert === undefined)) {
    const likely =
      code === 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE'
        ? 'refused the TLS handshake; it likely asks for a client certificate'
        : 'asks for a client certificate';
    return tls?.cert === undefined
      ? `${host} ${likely} and none was given (${code}): ${CLIENT_SETTINGS}`
      : `the server ${host} did not accept the client certificate given by TLS_CLIENT_CERT_FILE (${code}): give one it takes (issued by a CA it trusts, not expired)`;
  }
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG') {
    return `${host} does not speak TLS on that port (${said}): is BASE_URL's scheme right (http or https)?`;
  }
  if (/Proxy response \((\d+)\)/.test(said)) {
    const status = /Proxy response \((\d+)\)/.exec(said)?.[1];
    const hint =
      status === '407' ? `its user and password in ${proxySetting} (http://user:password@host:port)` : `${proxySetting} and NO_PROXY`;
    return `the proxy ${shownProxy(ctx.proxy ?? '')} refused the tunnel to ${host} with ${status}: check ${hint}`;
  }
  if (CLOSED.has(code) && ctx.baseUrl.startsWith('https:') && tls?.cert === undefined) {
    return `${host} closed the connection before answering (${said})${via}; a target that asks for a client certificate under TLS 1.3 does so after the handshake: if it does, ${CLIENT_SETTINGS}`;
  }
  // Under TLS 1.3 the server judges the client certificate after the handshake: its refusal reaches the client as a
  // closed connection, the alert lost on the way. Nothing else was said, so the words say "likely".
  if (CLOSED.has(code) && ctx.baseUrl.startsWith('https:') && tls?.cert !== undefined) {
    return `${host} closed the connection before answering (${said})${via}, after the client sent the certificate of TLS_CLIENT_CERT_FILE: the server likely did not accept the client certificate given by TLS_CLIENT_CERT_FILE (under TLS 1.3 that refusal comes as a closed connection); give one it takes (issued by a CA it trusts, not expired)`;
  }
  if (ctx.proxy !== undefined && (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')) {
    return `no connection to the proxy ${shownProxy(ctx.proxy)} (${said}, ${code}): check ${proxySetting}`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `the name ${new URL(ctx.baseUrl).hostname} does not resolve (${code}): check BASE_URL; inside a company network, set ${proxySetting}`;
  }
  const coded = code === '' || said.includes(code) ? said : `${said} (${code})`;
  return ctx.proxy === undefined
    ? `${coded}; no request reached it: check BASE_URL and that the service is up`
    : `${coded}${via}; no request reached it: check BASE_URL, that the service is up, and ${proxySetting} and NO_PROXY`;
}
