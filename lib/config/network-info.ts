/**
 * How the run reached a configured target, in words and as the report's `run.network`: through which proxy (its
 * password never shown), trusting which CA file, with which client certificate, and whether the target's certificate
 * went unverified (TLS_INSECURE), which the console and the report both warn of. Nothing for the embedded reference.
 */
import { basename } from 'node:path';
import { proxyFor, shownProxy } from '../http/transport.js';
import { readCertificates } from './network-parsers.js';
import type { Settings } from './types.js';

export interface NetworkInfo {
  /** The proxy the target was reached through (a CONNECT tunnel for https), password replaced. */
  proxy?: string;
  /** The CA file trusted besides the default roots (its name). */
  caFile?: string;
  /** The client certificate offered: its subject. */
  clientCertificate?: string;
  /** The target's certificate was not verified (TLS_INSECURE=true). */
  tlsInsecure?: true;
}

/** The network facts of a run against `settings.target.baseUrl`; undefined for the embedded reference or when none applies. */
export function networkInfo(settings: Pick<Settings, 'target' | 'network'>): NetworkInfo | undefined {
  const baseUrl = settings.target.baseUrl;
  if (baseUrl === undefined) return undefined;
  const n = settings.network;
  const proxy = proxyFor(new URL(baseUrl).origin, { https: n.httpsProxy, http: n.httpProxy, noProxy: n.noProxy });
  const certs = n.clientCertFile === undefined ? undefined : readCertificates(n.clientCertFile);
  const subject = certs === undefined || typeof certs === 'string' ? undefined : certs.certs[0]?.subject.replace(/\n/g, ', ');
  const info: NetworkInfo = {
    ...(proxy !== undefined ? { proxy: shownProxy(proxy) } : {}),
    ...(n.caFile !== undefined ? { caFile: basename(n.caFile) } : {}),
    ...(subject !== undefined ? { clientCertificate: subject } : {}),
    ...(n.insecure ? { tlsInsecure: true as const } : {}),
  };
  return Object.keys(info).length === 0 ? undefined : info;
}

/** The warning said wherever the run's results are shown, when the target's certificate was not verified. */
export const TLS_INSECURE_WARNING =
  "TLS_INSECURE=true: the target's certificate was not verified, so the answers may come from anyone on the path; set TLS_CA_FILE instead";

/** How the target was reached, in words: `through the proxy http://proxy:3128, trusting ca.pem besides the default roots`. */
export function networkSentence(info: NetworkInfo): string {
  return [
    info.proxy === undefined ? 'direct' : `through the proxy ${info.proxy}`,
    ...(info.caFile !== undefined ? [`trusting ${info.caFile} besides the default roots`] : []),
    ...(info.clientCertificate !== undefined ? [`client certificate ${info.clientCertificate}`] : []),
    ...(info.tlsInsecure === true ? ["the target's certificate not verified"] : []),
  ].join(', ');
}

/** The console's lines at the start of a run: the network used, and the warning. */
export function networkLines(info: NetworkInfo | undefined): string[] {
  if (info === undefined) return [];
  return [`network: ${networkSentence(info)}`, ...(info.tlsInsecure === true ? [`WARNING: ${TLS_INSECURE_WARNING}`] : [])];
}
