/**
 * Before anything else is sent: can the target be reached at all? One GET of the operation's path
 * (a read: never a create), no retries. A connection that cannot be made (refused, name not
 * resolved, TLS handshake failed) ends the run in seconds with one line naming BASE_URL, instead of
 * every case retrying into an ERROR: a target that is not there is the setup's fault, not the target's. Any HTTP answer, whatever its status, passes: what
 * the target says is the suites' business.
 */
import type { Secret } from '../secret.js';
import type { BearerSource } from './bearer.js';
import { HttpEngine, type EngineLimits } from './engine.js';

/** Long enough for a slow TLS handshake, short enough that "within seconds" holds. */
const PREFLIGHT_TIMEOUT_MS = 10_000;

export interface PreflightOptions {
  config: EngineLimits;
  baseUrl: string;
  token: Secret | BearerSource | undefined;
  /** Path below the base URL to GET: the operation's own. */
  path: string;
}

/** The one line to stop with when the target cannot be reached; undefined when it answered. */
export async function unreachableTarget(o: PreflightOptions): Promise<string | undefined> {
  const engine = HttpEngine.fromConfig(
    { ...o.config, maxRetries: 0, maxRequests: 1, requestTimeoutMs: Math.min(o.config.requestTimeoutMs, PREFLIGHT_TIMEOUT_MS) },
    o.baseUrl,
    o.token,
  );
  try {
    const exchange = await engine.send({ method: 'GET', path: o.path });
    const failure = exchange.failure;
    if (exchange.status !== null || failure === undefined || failure.connect !== true) return undefined;
    const error = failure.message.replace(/ — is BASE_URL right\?/, '');
    return `cannot reach BASE_URL ${o.baseUrl}: ${error}${failure.code !== undefined && !error.includes(failure.code) ? ` (${failure.code})` : ''}; no request reached it: check BASE_URL and that the service is up`;
  } finally {
    await engine.close();
  }
}
