/**
 * Before anything else is sent: can the target be reached at all? One GET of the operation's path
 * (a read: never a create), no retries. A connection that cannot be made (refused, name not resolved, a
 * certificate not trusted, a client certificate asked for) ends the run in seconds with one line naming the
 * setting that fixes it (./connection-cause.ts), instead of every case retrying into an ERROR: a target that
 * cannot be reached is the setup's fault, not the target's. So does a target that closes every connection before
 * an answer, told by every request asked. Any HTTP answer, whatever its status, passes: what the target says is
 * the suites' business.
 */
import type { Secret } from '../secret.js';
import type { BearerSource } from './bearer.js';
import { connectionCause } from './connection-cause.js';
import { HttpEngine, type EngineLimits } from './engine.js';
import type { Exchange, RequestSpec } from './types.js';

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
  return (await preflight(o, [{ method: 'GET', path: o.path }])).unreachable;
}

export interface PreflightResult {
  /** The one line to stop with when the target cannot be reached. */
  unreachable?: string;
  /** Each request's exchange, in order, as long as the target could be reached. */
  exchanges: Exchange[];
}

/**
 * Sends `requests` one after another on an engine of its own (no retries, one attempt each), stopping at
 * the first that cannot connect. A read or a body no service creates anything from: never a create.
 */
export async function preflight(o: PreflightOptions, requests: readonly RequestSpec[]): Promise<PreflightResult> {
  const engine = HttpEngine.fromConfig(
    {
      ...o.config,
      maxRetries: 0,
      maxRequests: requests.length,
      requestTimeoutMs: Math.min(o.config.requestTimeoutMs, PREFLIGHT_TIMEOUT_MS),
    },
    o.baseUrl,
    o.token,
  );
  const exchanges: Exchange[] = [];
  const unreachable = (failure: NonNullable<Exchange['failure']>): string =>
    `cannot reach BASE_URL ${o.baseUrl}: ${connectionCause(failure, { baseUrl: o.baseUrl, transport: o.config.transport, proxy: engine.proxy })}`;
  try {
    for (const [i, request] of requests.entries()) {
      const exchange = await engine.send(request);
      const failure = exchange.failure;
      if (exchange.status === null && failure?.kind === 'network') {
        // A connection that never came up stops at once; one closed before its answer, once every request asked was.
        const everyOne = i === requests.length - 1 && exchanges.every((e) => e.status === null);
        if (failure.connect === true || everyOne) return { unreachable: unreachable(failure), exchanges };
      }
      exchanges.push(exchange);
    }
    return { exchanges };
  } finally {
    await engine.close();
  }
}
