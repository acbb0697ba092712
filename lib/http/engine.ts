import { Pool, type Dispatcher as UndiciDispatcher } from 'undici';
import type { ProbeConfig } from '../config/types.js';
import type { Secret } from '../secret.js';
import type { Redactor } from '../redaction/redactor.js';
import { runRedactor } from '../redaction/run-redactor.js';
import { cutUtf8 } from './cut-utf8.js';
import { runAttempt, type AttemptResponse, type AttemptResult, type WireRequest } from './attempt.js';
import { backoffMs } from './backoff.js';
import { announceWireStart } from './wire-start.js';
import type { AttemptError } from './classify-error.js';
import { systemClock, type Clock } from './clock.js';
import { Dispatcher } from './dispatcher.js';
import { isLoopbackHost } from '../net/loopback.js';
import { isCredentialHeader, redactHeaders } from './redact.js';
import { retryAfterDelayMs } from './retry-after.js';
import type { EngineStats, Exchange, Failure, RequestSpec } from './types.js';

export interface EngineOptions {
  /** Absolute http(s) URL; a path in it prefixes every request path. */
  baseUrl: string;
  token: Secret | undefined;
  requestTimeoutMs: number;
  requestsPerSecond: number;
  /** Attempts in flight at once. */
  concurrency: number;
  /** Attempts put on the wire in the engine's life, retries included. */
  maxRequests: number;
  /** Measured from the engine's creation. */
  maxRunTimeMs: number;
  /** Retries per exchange, shared by every retryable cause. */
  maxRetries: number;
  defaultRetryAfterMs: number;
  maxRetryAfterMs: number;
  maxRecordedBodyBytes: number;
  /** Send the token over plain http:// to a host that is not loopback (default false). */
  allowInsecureToken?: boolean;
  /** Epoch milliseconds (default: monotonic clock anchored at process start). */
  now?: () => number;
  /** Waits `ms`; should resolve early when `signal` aborts (the engine closing). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Random in [0, 1) for backoff jitter. */
  random?: () => number;
  /**
   * The redaction step every recorded string goes through (default: this thread's, runRedactor()).
   * The engine adds `token` to it; a token source adds renewed tokens and its own secrets to the same one.
   */
  redactor?: Redactor;
  /** Called with every finished exchange (already redacted). */
  onExchange?: (exchange: Exchange) => void;
}

/** Thrown only for the caller's mistakes (bad options, an invalid request, use after close). */
export class HttpEngineUsageError extends Error {
  readonly code = 'HTTP_ENGINE_USAGE';
  override readonly name = 'HttpEngineUsageError';
}

function checkOptions(o: EngineOptions): URL {
  const positive = ['requestTimeoutMs', 'requestsPerSecond', 'concurrency', 'maxRequests', 'maxRunTimeMs'] as const;
  for (const key of positive) {
    if (!(Number.isFinite(o[key]) && o[key] > 0)) {
      throw new HttpEngineUsageError(`HttpEngine: ${key} should be a number greater than 0, got ${String(o[key])}`);
    }
  }
  const nonNegative = ['maxRetries', 'defaultRetryAfterMs', 'maxRetryAfterMs', 'maxRecordedBodyBytes'] as const;
  for (const key of nonNegative) {
    if (!(Number.isFinite(o[key]) && o[key] >= 0)) {
      throw new HttpEngineUsageError(`HttpEngine: ${key} should be a number of 0 or more, got ${String(o[key])}`);
    }
  }
  if (!Number.isInteger(o.concurrency) || !Number.isInteger(o.maxRetries)) {
    throw new HttpEngineUsageError('HttpEngine: concurrency and maxRetries should be whole numbers');
  }
  let url: URL;
  try {
    url = new URL(o.baseUrl);
  } catch {
    throw new HttpEngineUsageError(`HttpEngine: baseUrl should be an absolute http(s) URL, got "${o.baseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpEngineUsageError(`HttpEngine: baseUrl should use http or https, got "${url.protocol}"`);
  }
  const tokenSet = o.token !== undefined && !o.token.isEmpty;
  if (tokenSet && url.protocol === 'http:' && !isLoopbackHost(url.hostname) && o.allowInsecureToken !== true) {
    throw new HttpEngineUsageError(
      `HttpEngine: refusing to send the access token over plain http to ${url.host}; use https, or allow it explicitly (allowInsecureToken)`,
    );
  }
  return url;
}

/** What an exchange ends with, before it is recorded. */
interface Ending {
  attempts: number;
  last: AttemptResponse | undefined;
  failure?: Failure;
}

/**
 * Sends requests to one target under the run's limits and records each as an Exchange.
 * `send` never throws for the target's or the network's doing: those end as a Failure.
 */
export class HttpEngine {
  readonly #options: EngineOptions;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #origin: string;
  readonly #pathPrefix: string;
  readonly #pool: Pool;
  /** The pool, telling the dispatcher when each request actually goes out. */
  readonly #wire: UndiciDispatcher;
  readonly #dispatcher: Dispatcher;
  readonly #redactor: Redactor;
  #seq = 0;
  #exchanges = 0;
  #retries = 0;
  #closed = false;

  constructor(options: EngineOptions) {
    const url = checkOptions(options);
    this.#options = options;
    this.#clock = { now: options.now ?? systemClock.now, sleep: options.sleep ?? systemClock.sleep };
    this.#random = options.random ?? Math.random;
    this.#redactor = (options.redactor ?? runRedactor()).add(options.token);
    this.#origin = url.origin;
    this.#pathPrefix = url.pathname.replace(/\/+$/, '');
    this.#pool = new Pool(url.origin, {
      connections: options.concurrency,
      pipelining: 1,
      connect: { timeout: options.requestTimeoutMs },
      headersTimeout: options.requestTimeoutMs,
      bodyTimeout: options.requestTimeoutMs,
    });
    this.#wire = this.#pool.compose(announceWireStart);
    this.#dispatcher = new Dispatcher({
      requestsPerSecond: options.requestsPerSecond,
      concurrency: options.concurrency,
      maxRequests: options.maxRequests,
      maxRunTimeMs: options.maxRunTimeMs,
      maxGateWaitMs: options.maxRetryAfterMs,
      clock: this.#clock,
    });
  }

  static fromConfig(
    config: ProbeConfig,
    baseUrl: string,
    token: Secret | undefined,
    hooks: Pick<EngineOptions, 'onExchange'> = {},
  ): HttpEngine {
    return new HttpEngine({
      ...hooks,
      baseUrl,
      token,
      requestTimeoutMs: config.requestTimeoutMs,
      requestsPerSecond: config.requestsPerSecond,
      concurrency: config.concurrency,
      maxRequests: config.maxRequests,
      maxRunTimeMs: config.maxRunTimeMs,
      maxRetries: config.maxRetries,
      defaultRetryAfterMs: config.defaultRetryAfterMs,
      maxRetryAfterMs: config.maxRetryAfterMs,
      maxRecordedBodyBytes: config.maxRecordedBodyBytes,
      allowInsecureToken: config.allowInsecureToken,
    });
  }

  /** The redaction step of this engine's records, for strings made from them later (case records). */
  get redactor(): Redactor {
    return this.#redactor;
  }

  stats(): EngineStats {
    return {
      requestsSent: this.#dispatcher.limits.spent,
      exchanges: this.#exchanges,
      retries: this.#retries,
      stoppedEarly: this.#dispatcher.stoppedEarly,
    };
  }

  /** Ends queued requests (recorded as stopped), aborts those in flight and closes the connections. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#dispatcher.close();
    await this.#pool.destroy();
  }

  async send(req: RequestSpec): Promise<Exchange> {
    if (this.#closed) throw new HttpEngineUsageError('HttpEngine.send: the engine is closed');
    const seq = ++this.#seq;
    const startedAt = this.#clock.now();
    const wire = this.#wireRequest(req);
    const retriedStatuses: number[] = [];
    const ending = await this.#attemptAll(wire, retriedStatuses);
    const exchange = this.#record(seq, startedAt, wire, ending, retriedStatuses);
    this.#exchanges += 1;
    this.#options.onExchange?.(exchange);
    return exchange;
  }

  #wireRequest(req: RequestSpec): WireRequest {
    const headers: Record<string, string> = { ...req.headers };
    const token = this.#options.token;
    const callerSetAuth = Object.keys(headers).some(isCredentialHeader);
    // A caller's own Authorization wins: protocol cases set auth: false and send their own.
    if (req.auth !== false && token !== undefined && !token.isEmpty && !callerSetAuth) {
      headers.authorization = `Bearer ${token.reveal()}`;
    }
    const path = req.path.startsWith('/') ? req.path : `/${req.path}`;
    return { method: req.method, path: `${this.#pathPrefix}${path}`, headers, body: req.body };
  }

  /** Attempts until an answer counts, a limit stops it, or retries run out: at most maxRetries + 1 passes. */
  async #attemptAll(wire: WireRequest, retriedStatuses: number[]): Promise<Ending> {
    const o = this.#options;
    let attempts = 0;
    let last: AttemptResponse | undefined;
    for (let pass = 0; pass <= o.maxRetries; pass += 1) {
      const permit = await this.#dispatcher.acquire();
      if (!permit.ok) {
        const kind = permit.kind === 'closed' ? 'deadline' : permit.kind;
        return { attempts, last, failure: { kind, message: this.#withLast(permit.message, last) } };
      }
      if (pass > 0) this.#retries += 1;
      attempts += 1;
      let result;
      let throttleWaitMs: number | undefined;
      const timeoutMs = this.#attemptTimeoutMs();
      try {
        result = await runAttempt(this.#wire, wire, {
          timeoutMs,
          maxBodyBytes: o.maxRecordedBodyBytes,
          readAheadBytes: this.#redactor.readAheadBytes,
          closing: this.#dispatcher.closingSignal,
          onWireStart: permit.started,
        });
        // The gate moves before the slot is freed: a queued request would otherwise start
        // in between and reach the target before the time it named.
        throttleWaitMs = this.#holdForRetryAfter(result);
      } finally {
        permit.release();
      }
      const isLastPass = pass === o.maxRetries;

      if (result.kind === 'error') {
        last = undefined;
        const error = result.error;
        if (error.kind === 'usage') {
          permit.refund();
          throw new HttpEngineUsageError(`HttpEngine.send: invalid request: ${this.#scrub(error.message)}`);
        }
        if (error.kind === 'timeout' && timeoutMs < o.requestTimeoutMs) {
          // The attempt's time was cut to what was left of the run, and that ran out.
          const message = `${this.#dispatcher.deadlineReached()} (waiting for an answer)`;
          return { attempts, last, failure: { kind: 'deadline', message } };
        }
        if (!error.retryable || isLastPass) return { attempts, last, failure: this.#failureOf(error, attempts) };
        await this.#sleep(backoffMs(pass + 1, this.#random));
        continue;
      }

      last = result;
      const status = result.status;
      if (result.bodyError !== undefined) {
        // The target answered and may have acted: the status stands, no retry.
        return { attempts, last, failure: this.#failureOf(result.bodyError, attempts) };
      }
      if (throttleWaitMs !== undefined) {
        if (throttleWaitMs > o.maxRetryAfterMs) {
          const message = `HTTP ${status} asks to wait ${Math.round(throttleWaitMs)} ms (Retry-After), longer than the ${o.maxRetryAfterMs} ms the probe waits`;
          return { attempts, last, failure: { kind: 'throttled', message } };
        }
        if (isLastPass) {
          const message = `HTTP ${status} still after ${o.maxRetries} ${o.maxRetries === 1 ? 'retry' : 'retries'}`;
          return { attempts, last, failure: { kind: 'throttled', message } };
        }
        retriedStatuses.push(status);
        continue; // the gate holds this request and every other one
      }
      if (status >= 500) {
        if (isLastPass) {
          return { attempts, last, failure: { kind: 'server', message: `HTTP ${status} after ${attempts} attempts` } };
        }
        retriedStatuses.push(status);
        await this.#sleep(backoffMs(pass + 1, this.#random));
        continue;
      }
      return { attempts, last };
    }
    // Unreachable: the last pass always returns.
    return { attempts, last, failure: { kind: 'network', message: 'retries exhausted' } };
  }

  /**
   * After a 429 or 503, holds every request until the time the target named (or the
   * default wait when it named none); returns that wait. Undefined for other answers.
   */
  #holdForRetryAfter(result: AttemptResult): number | undefined {
    if (result.kind !== 'response' || result.bodyError !== undefined) return undefined;
    if (result.status !== 429 && result.status !== 503) return undefined;
    const now = this.#clock.now();
    const named = retryAfterDelayMs(result.headers['retry-after'], result.headers.date, now);
    const waitMs = named ?? this.#options.defaultRetryAfterMs;
    this.#dispatcher.gate.holdUntil(now + waitMs);
    return waitMs;
  }

  /** The request timeout, cut so that no attempt outlives the run's deadline. */
  #attemptTimeoutMs(): number {
    const left = this.#dispatcher.limits.deadlineAt - this.#clock.now();
    return Math.max(1, Math.min(this.#options.requestTimeoutMs, Math.ceil(left)));
  }

  /** Backoff sleep, never past the deadline (the next acquire then says why it stopped). */
  async #sleep(ms: number): Promise<void> {
    if (!this.#dispatcher.limits.budgetLeft) return; // the next acquire stops at once
    const left = this.#dispatcher.limits.deadlineAt - this.#clock.now();
    await this.#clock.sleep(Math.max(0, Math.min(ms, left)), this.#dispatcher.closingSignal);
  }

  #failureOf(error: AttemptError, attempts: number): Failure {
    if (error.kind === 'closed') return { kind: 'deadline', message: error.message };
    const kind = error.kind === 'usage' ? 'network' : error.kind;
    const suffix = attempts > 1 ? ` (after ${attempts} attempts)` : '';
    return {
      kind,
      message: this.#scrub(`${error.message}${suffix}`),
      ...(error.connect === true ? { connect: true as const } : {}),
      ...(error.code !== undefined ? { code: error.code } : {}),
    };
  }

  #withLast(message: string, last: AttemptResponse | undefined): string {
    return last === undefined ? message : `${message} (last answer: HTTP ${last.status})`;
  }

  #scrub(text: string): string {
    return this.#redactor.redact(text);
  }

  /**
   * The body as recorded: redacted whole (read-ahead included, so a secret across the cap is seen whole),
   * then cut at maxRecordedBodyBytes, then its end checked again for the head of a secret.
   */
  #recordBody(answer: AttemptResponse): string {
    const redacted = this.#redactor.redact(answer.body);
    if (!answer.truncated) return redacted;
    return this.#redactor.redactCutEdges(cutUtf8(redacted, this.#options.maxRecordedBodyBytes), { end: true });
  }

  #record(seq: number, startedAt: number, wire: WireRequest, ending: Ending, retriedStatuses: number[]): Exchange {
    const last = ending.last;
    return {
      seq,
      method: wire.method,
      url: this.#scrub(`${this.#origin}${wire.path}`),
      requestHeaders: redactHeaders(wire.headers, this.#redactor),
      requestBody: wire.body === undefined ? undefined : this.#scrub(wire.body),
      status: last?.status ?? null,
      responseHeaders: last === undefined ? {} : redactHeaders(last.headers, this.#redactor),
      responseBody: last === undefined ? '' : this.#recordBody(last),
      responseBodyTruncated: last?.truncated ?? false,
      startedAt: new Date(startedAt).toISOString(),
      durationMs: Math.round(this.#clock.now() - startedAt),
      attempts: ending.attempts,
      retriedStatuses,
      ...(ending.failure !== undefined ? { failure: { ...ending.failure, message: this.#scrub(ending.failure.message) } } : {}),
    };
  }
}
