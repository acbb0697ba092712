/**
 * How the engine reaches its origin through the network a company puts in between: a proxy (HTTPS_PROXY,
 * HTTP_PROXY, NO_PROXY, as curl reads them) and TLS settings (a private CA added to the default roots, a client
 * certificate, or no verification at all for a self-signed staging). The settings are read in lib/config; this
 * module only turns them into undici's options. undici's ProxyAgent opens the CONNECT tunnel; which origins go
 * through it is NO_PROXY's to say (./no-proxy.ts).
 */
import { Agent, ProxyAgent, type Dispatcher } from './undici-parts.js';
import { Secret } from '../secret.js';
import { bypassesProxy } from './no-proxy.js';

export interface ProxySettings {
  /** The proxy for https origins (HTTPS_PROXY). */
  https?: string | undefined;
  /** The proxy for http origins (HTTP_PROXY). */
  http?: string | undefined;
  /** Hosts reached directly (NO_PROXY). */
  noProxy?: string | undefined;
}

export interface TlsSettings {
  /**
   * The certificates trusted, when the run names more than Node's own: the default roots, NODE_EXTRA_CA_CERTS's and
   * TLS_CA_FILE's, as PEM. Undefined: Node's default store (which already holds NODE_EXTRA_CA_CERTS's).
   */
  ca?: readonly string[] | undefined;
  /** The client certificate chain, PEM (TLS_CLIENT_CERT_FILE). */
  cert?: string | undefined;
  /** Its private key, PEM (TLS_CLIENT_KEY_FILE): a secret, redacted wherever the run records text. */
  key?: Secret | undefined;
  /** The target's certificate is not verified (TLS_INSECURE=true). */
  insecure?: boolean | undefined;
}

export interface Transport {
  proxy?: ProxySettings | undefined;
  tls?: TlsSettings | undefined;
}

/** What a TLS connection is given of the settings (a part of node:tls's options, as undici passes them on). */
export interface TlsConnectOptions {
  ca?: string[];
  cert?: string;
  key?: string;
  rejectUnauthorized?: boolean;
}

/** The proxy `origin` goes through, as a URL, or undefined when it is reached directly. */
export function proxyFor(origin: string, proxy: ProxySettings | undefined): string | undefined {
  if (proxy === undefined) return undefined;
  const url = new URL(origin);
  const chosen = url.protocol === 'https:' ? proxy.https : url.protocol === 'http:' ? proxy.http : undefined;
  if (chosen === undefined || chosen === '') return undefined;
  return bypassesProxy(url, proxy.noProxy ?? '') ? undefined : chosen;
}

/** The options of a TLS connection to the target (undici's `connect`, and a CONNECT tunnel's `requestTls`). */
export function tlsOptions(tls: TlsSettings | undefined): TlsConnectOptions {
  if (tls === undefined) return {};
  return {
    ...(tls.ca !== undefined ? { ca: [...tls.ca] } : {}),
    ...(tls.cert !== undefined ? { cert: tls.cert } : {}),
    ...(tls.key !== undefined ? { key: tls.key.reveal() } : {}),
    ...(tls.insecure === true ? { rejectUnauthorized: false } : {}),
  };
}

/** The options of a TLS connection to the proxy itself (an https proxy): the same trust, no client certificate. */
export function proxyTlsOptions(tls: TlsSettings | undefined): TlsConnectOptions {
  return tls?.ca !== undefined ? { ca: [...tls.ca] } : {};
}

/**
 * A dispatcher for other requests to `origin` than the engine's (the token endpoint's, through undici's fetch): a
 * ProxyAgent when a proxy applies, an Agent with the TLS settings when only those are given, else undefined (the
 * default dispatcher is then right).
 */
export function dispatcherFor(origin: string, transport: Transport | undefined, connectTimeoutMs: number): Dispatcher | undefined {
  if (transport === undefined) return undefined;
  const proxy = proxyFor(origin, transport.proxy);
  const tls = transport.tls;
  if (proxy !== undefined) {
    return new ProxyAgent({
      uri: proxy,
      requestTls: { ...tlsOptions(tls), timeout: connectTimeoutMs },
      proxyTls: { ...proxyTlsOptions(tls), timeout: connectTimeoutMs },
    });
  }
  const options = tlsOptions(tls);
  return Object.keys(options).length === 0 ? undefined : new Agent({ connect: { ...options, timeout: connectTimeoutMs } });
}

/** What the token endpoint's requests take of the target's transport: the proxy and the trust, never the client certificate. */
export function tokenEndpointTransport(transport: Transport | undefined): Transport | undefined {
  if (transport === undefined) return undefined;
  return { proxy: transport.proxy, tls: transport.tls?.ca === undefined ? undefined : { ca: transport.tls.ca } };
}

/** The secrets a transport holds: the client key, and a proxy's password (as written and decoded). */
export function transportSecrets(transport: Transport | undefined): Secret[] {
  const secrets: Secret[] = transport?.tls?.key === undefined ? [] : [transport.tls.key];
  for (const proxy of [transport?.proxy?.https, transport?.proxy?.http]) {
    if (proxy === undefined || proxy === '') continue;
    const password = URL.canParse(proxy) ? new URL(proxy).password : '';
    if (password === '') continue;
    secrets.push(new Secret(password));
    const decoded = safeDecode(password);
    if (decoded !== password) secrets.push(new Secret(decoded));
  }
  return secrets;
}

/** A proxy URL as it may be shown: its password replaced. */
export function shownProxy(proxy: string): string {
  if (!URL.canParse(proxy)) return proxy;
  const url = new URL(proxy);
  if (url.password !== '') url.password = 'redacted';
  return url.href.replace(/\/$/, '');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
