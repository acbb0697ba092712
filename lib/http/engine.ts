import { Secret } from '../secret.js';
import { staticBearer, type Bearer, type BearerSource } from './bearer.js';
import type { Redactor } from '../redaction/redactor.js';
import { runRedactor } from '../redaction/run-redactor.js';
import { cutUtf8 } from './cut-utf8.js';
import { Connections } from './connections.js';
import { runAttempt, type AttemptResponse, type AttemptResult, type WireRequest } from './attempt.js';
import { backoffMs } from './backoff.js';
import { classifyError, type AttemptError } from './classify-error.js';
import { systemClock, type Clock } from './clock.js';
import { connectionCause } from './connection-cause.js';
import { Dispatcher, type Denial, type Permit } from './dispatcher.js';
import { transportSecrets, type Transport } from './transport.js';
import { isLoopbackHost } from '../net/loopback.js';
import { isCredentialHeader, redactHeaders } from './redact.js';
import { retryAfterDelayMs } from './retry-after.js';
import { clearPassedWait, readWait, waitFilePath, writeWait } from './wait-file.js';
import type { EngineStats, Exchange, Failure, RequestSpec } from './types.js';
import { BearerUnavailableError, HttpEngineUsageError } from '../errors.js';

export interface EngineOptions {
  /** Absolute http(s) URL; a path in it prefixes every request path. */
  baseUrl: string;
  /** A fixed token, or a source that renews it (client credentials); asked before each attempt. */
  token: Secret | BearerSource | undefined;
  requestTimeoutMs: number;
  requestsPerSecond: number;
  /** Attempts in flight at once. */
  concurrency: number;
  /** Attempts put on the wire in the engine's life, retries included. */
  maxRequests: number;
  /** Measured from the engine's creation. */
  maxRunTimeMs: number;
  /** Retries per exchange after 429, 503, another 5xx or a network error, shared by every retryable cause. */
  maxRetries: number;
  /** Wait after a 429 or 503 without Retry-After. */
  defaultRetryAfterMs: number;
  /** Longest Retry-After the engine agrees to wait; a longer one ends the exchange as `throttled`. */
  maxRetryAfterMs: number;
  /** Response bodies are recorded up to this many bytes. */
  maxRecordedBodyBytes: number;
  /** Send the token over plain http:// to a host that is not loopback (default false). */
  allowInsecureToken?: boolean;
  /** The proxy and TLS settings between the probe and the target (./transport.ts); default: direct, Node's trust. */
  transport?: Transport;
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
  /**
   * Stop the run after this many exchanges in a row, from the first, failed at the connection with no answer
   * yet had (refused, reset, a TLS refusal): the cause is the setup's, and every later request would only add to
   * it. 0: never. Default 3.
   */
  stopAfterConnectionFailures?: number;
  /** Called with every finished exchange (already redacted). */
  onExchange?: (exchange: Exchange) => void;
  /**
   * Awaited before a request takes its place in the queue: a caller may hold requests back (the run's creates until
   * it knows it can delete them: lib/create/undo-guard.ts). Never rejects.
   */
  admit?: (request: RequestSpec) => Promise<void>;
  /**
   * Folder of the wait files (LEDGER_DIR; wait-file.ts): the wait this target's origin asks for is written there,
   * and one an earlier process left is waited out before the first request. Unset: waits last as long as the engine.
   */
  waitDir?: string;
}

/** The engine's pace and budget: the settings' PACING group is exactly this (lib/config/types.ts). */
export type EnginePace = Pick<
  EngineOptions,
  | 'requestTimeoutMs'
  | 'requestsPerSecond'
  | 'concurrency'
  | 'maxRequests'
  | 'maxRunTimeMs'
  | 'maxRetries'
  | 'defaultRetryAfterMs'
  | 'maxRetryAfterMs'
  | 'maxRecordedBodyBytes'
>;

/**
 * The engine's limits, as a run's settings give them: any object with these members will do (the probe's
 * configuration has them), so the HTTP layer names what it needs without knowing where settings come from.
 */
export type EngineLimits = EnginePace & {
  allowInsecureToken: boolean;
  /** Where the ledger lives: its wait files keep a target's wait across processes (EngineOptions.waitDir). */
  ledgerDir?: string | undefined;
  /** The proxy and TLS settings of a configured target (EngineOptions.transport). */
  transport?: Transport | undefined;
};

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
  const tokenSet = o.token !== undefined && !(o.token instanceof Secret && o.token.isEmpty);
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

/** What the passes of one exchange carry from one to the next. */
interface AttemptState {
  attempts: number;
  last: AttemptResponse | undefined;
  bearer: Bearer | undefined;
  renewedAfter401: boolean;
  retriedStatuses: number[];
}

/** A 401 that says the token itself is bad or expired (RFC 6750 §3.1; Graph and SharePoint say it in the body). */
const INVALID_TOKEN = /invalid_token|InvalidAuthenticationToken|token (is )?expired|expired token|invalid jwt/i;

function saysTokenInvalid(result: AttemptResponse): boolean {
  if (result.status !== 401) return false;
  // SharePoint also says why in x-ms-diagnostics (e.g. `2000003;reason="The token is expired."`).
  const said = [result.headers['www-authenticate'], result.headers['x-ms-diagnostics'], result.body.slice(0, 4096)];
  return said.some((text) => text !== undefined && INVALID_TOKEN.test(text));
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
  readonly #connections: Connections;
  readonly #dispatcher: Dispatcher;
  readonly #bearer: BearerSource | undefined;
  readonly #redactor: Redactor;
  /** The origin's wait file, when waits are kept across processes. */
  readonly #waitFile: string | undefined;
  #seq = 0;
  #exchanges = 0;
  /** Whether any exchange got an HTTP answer; until one does, the connection failures in a row. */
  #answered = false;
  #connectionFailures = 0;
  #retries = 0;
  #closed = false;
  /** Sends begun and not yet returned, and who waits for them to end (settled). */
  #sending = 0;
  #idle: (() => void)[] = [];

  constructor(options: EngineOptions) {
    const url = checkOptions(options);
    this.#options = options;
    this.#clock = { now: options.now ?? systemClock.now, sleep: options.sleep ?? systemClock.sleep };
    this.#random = options.random ?? Math.random;
    const token = options.token;
    this.#bearer = token instanceof Secret ? (token.isEmpty ? undefined : staticBearer(token)) : token;
    // A source's tokens are added as the engine gets them (#authorize); the source adds its own secrets to the run's step.
    this.#redactor = (options.redactor ?? runRedactor()).add(token instanceof Secret ? token : undefined);
    for (const secret of transportSecrets(options.transport)) this.#redactor.add(secret);
    this.#origin = url.origin;
    this.#pathPrefix = url.pathname.replace(/\/+$/, '');
    this.#connections = new Connections(url.origin, {
      size: options.concurrency,
      connectTimeoutMs: options.requestTimeoutMs,
      headersTimeoutMs: options.requestTimeoutMs,
      bodyTimeoutMs: options.requestTimeoutMs,
      transport: options.transport,
    });
    this.#dispatcher = new Dispatcher({
      requestsPerSecond: options.requestsPerSecond,
      concurrency: options.concurrency,
      maxRequests: options.maxRequests,
      maxRunTimeMs: options.maxRunTimeMs,
      maxGateWaitMs: options.maxRetryAfterMs,
      clock: this.#clock,
    });
    this.#waitFile = options.waitDir === undefined ? undefined : waitFilePath(options.waitDir, url.origin);
    if (this.#waitFile !== undefined) {
      // A wait an earlier process was asked for and did not live to keep: this engine keeps it.
      const at = readWait(this.#waitFile, url.origin, this.#clock.now(), options.maxRetryAfterMs);
      if (at !== undefined) this.#dispatcher.gate.holdUntil(at);
    }
  }

  static fromConfig(
    config: EngineLimits,
    baseUrl: string,
    token: Secret | BearerSource | undefined,
    hooks: Pick<EngineOptions, 'onExchange' | 'admit'> = {},
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
      ...(config.ledgerDir !== undefined ? { waitDir: config.ledgerDir } : {}),
      ...(config.transport !== undefined ? { transport: config.transport } : {}),
    });
  }

  /** Stops the run because it cannot undo what it creates: every queued and later request is denied with `why`. */
  stopForUndo(why: string): void {
    this.#dispatcher.stopFor('undo', why);
  }

  /** The proxy this engine reaches its origin through, or undefined when it goes directly. */
  get proxy(): string | undefined {
    return this.#connections.proxy;
  }

  /** The redaction step of this engine's records, for strings made from them later (case records). */
  get redactor(): Redactor {
    return this.#redactor;
  }

  /**
   * Stops the run: the target has no room for what it would create (a quota full with none of the run's own live).
   * Every queued and later request is denied with `why`; the run ends with it (exit 2).
   */
  stopForState(why: string): void {
    this.#dispatcher.stopFor('state', why);
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
    await this.#connections.destroy();
    if (this.#waitFile !== undefined) clearPassedWait(this.#waitFile, this.#origin, this.#clock.now());
  }

  /**
   * Denies every request not yet sent (recorded as stopped) and lets those on the wire end: what a stopped run does, so
   * that a create already sent is answered and recorded (the ledger then deletes it) instead of cut off unseen.
   */
  refuseNew(why: string): void {
    this.#dispatcher.refuseNew(why);
  }

  /** Resolves once no send is in progress, or after `maxMs`; true when none is. */
  async settled(maxMs: number): Promise<boolean> {
    if (this.#sending === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const idle = new Promise<boolean>((resolve) => this.#idle.push(() => resolve(true)));
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), maxMs);
    });
    try {
      return await Promise.race([idle, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async send(req: RequestSpec): Promise<Exchange> {
    if (this.#closed) throw new HttpEngineUsageError('HttpEngine.send: the engine is closed');
    this.#sending += 1;
    try {
      return await this.#send(req);
    } finally {
      this.#sending -= 1;
      if (this.#sending === 0) for (const wake of this.#idle.splice(0)) wake();
    }
  }

  async #send(req: RequestSpec): Promise<Exchange> {
    await this.#options.admit?.(req);
    const seq = ++this.#seq;
    const startedAt = this.#clock.now();
    const { wire, authorize } = this.#wireRequest(req);
    const retriedStatuses: number[] = [];
    const ending = await this.#attemptAll(wire, retriedStatuses, authorize);
    const exchange = this.#record(seq, startedAt, wire, ending, retriedStatuses);
    this.#exchanges += 1;
    this.#watchConnections(exchange);
    this.#options.onExchange?.(exchange);
    return exchange;
  }

  /**
   * The request as sent, but for the token: that is set on its headers (the exchange's own copy) before
   * each attempt, as it may be renewed in between; the record shows the last one sent, redacted.
   */
  #wireRequest(req: RequestSpec): { wire: WireRequest; authorize: boolean } {
    const headers: Record<string, string> = { ...req.headers };
    const callerSetAuth = Object.keys(headers).some(isCredentialHeader);
    // A caller's own Authorization wins: protocol cases set auth: false and send their own.
    const authorize = req.auth !== false && this.#bearer !== undefined && !callerSetAuth;
    const path = req.path.startsWith('/') ? req.path : `/${req.path}`;
    return { wire: { method: req.method, path: `${this.#pathPrefix}${path}`, headers, body: req.body }, authorize };
  }

  /** Signs the wire request with the current token; a Failure when no token can be had (then nothing is sent). */
  async #authorize(wire: WireRequest): Promise<Bearer | Failure> {
    try {
      const bearer = await (this.#bearer as BearerSource).current();
      this.#redactor.add(bearer.token); // a renewed token is redacted from the moment it is sent
      wire.headers.authorization = `Bearer ${bearer.token.reveal()}`;
      return bearer;
    } catch (error) {
      if (!(error instanceof BearerUnavailableError)) throw error;
      return { kind: 'token', message: this.#scrub(error.message) };
    }
  }

  /** Attempts until an answer counts, a limit stops it, or retries run out: at most maxRetries + 1 passes. */
  async #attemptAll(wire: WireRequest, retriedStatuses: number[], authorize: boolean): Promise<Ending> {
    const o = this.#options;
    const state: AttemptState = { attempts: 0, last: undefined, bearer: undefined, renewedAfter401: false, retriedStatuses };
    for (let pass = 0; pass <= o.maxRetries; pass += 1) {
      const permit = await this.#dispatcher.acquire();
      if (!permit.ok) return this.#denied(permit, state);
      if (authorize) {
        // Asked after the permit: a request that waited in the queue goes out with the token current now.
        const signed = await this.#authorize(wire);
        if ('kind' in signed) {
          permit.refund();
          permit.release();
          return { attempts: state.attempts, last: state.last, failure: signed };
        }
        state.bearer = signed;
      }
      if (pass > 0) this.#retries += 1;
      state.attempts += 1;
      const sent = await this.#attemptOnce(wire, permit);
      const next =
        sent.result.kind === 'error'
          ? await this.#afterError(sent.result.error, sent.timeoutMs, permit, pass, state)
          : await this.#afterAnswer(sent.result, sent.throttleWaitMs, pass, state);
      if (next === 'retry') continue;
      if (next === 'token-renewed') {
        if (pass === 0) this.#retries += 1; // a later pass counts itself at the top of the loop
        pass -= 1; // this retry is the token's doing: it does not use up one of MAX_RETRIES
        continue;
      }
      return next;
    }
    // Unreachable: the last pass always returns.
    return { attempts: state.attempts, last: state.last, failure: { kind: 'network', message: 'retries exhausted' } };
  }

  /**
   * No leave to send: the ending says why. A run stopped because it cannot undo its creates, or the target has no room
   * for them, sends nothing more; the message says why.
   */
  #denied(permit: Denial, state: AttemptState): Ending {
    const kind =
      permit.kind === 'closed'
        ? 'deadline'
        : permit.kind === 'connection'
          ? 'network'
          : permit.kind === 'undo' || permit.kind === 'state' || permit.kind === 'stop'
            ? 'stopped'
            : permit.kind;
    return { attempts: state.attempts, last: state.last, failure: { kind, message: this.#withLast(permit.message, state.last) } };
  }

  /** One attempt on a connection of the pool, under `permit`, with the time left of the run. */
  async #attemptOnce(
    wire: WireRequest,
    permit: Permit,
  ): Promise<{ result: AttemptResult; throttleWaitMs: number | undefined; timeoutMs: number }> {
    const timeoutMs = this.#attemptTimeoutMs();
    const client = this.#connections.take();
    try {
      const result = await runAttempt(client, wire, {
        origin: this.#origin,
        timeoutMs,
        maxBodyBytes: this.#options.maxRecordedBodyBytes,
        readAheadBytes: this.#redactor.readAheadBytes,
        closing: this.#dispatcher.closingSignal,
        wire: permit,
      });
      // The gate moves before the slot is freed: a queued request would otherwise start
      // in between and reach the target before the time it named.
      return { result, throttleWaitMs: this.#holdForRetryAfter(result), timeoutMs };
    } finally {
      this.#connections.give(client);
      permit.release();
    }
  }

  /** An attempt that got no answer: the ending, or another pass after a backoff when the error may pass. */
  async #afterError(raw: AttemptError, timeoutMs: number, permit: Permit, pass: number, state: AttemptState): Promise<Ending | 'retry'> {
    const o = this.#options;
    state.last = undefined;
    const error = this.#withTlsCause(raw);
    if (error.kind === 'usage') {
      permit.refund();
      throw new HttpEngineUsageError(`HttpEngine.send: invalid request: ${this.#scrub(error.message)}`);
    }
    if (error.kind === 'timeout' && timeoutMs < o.requestTimeoutMs) {
      // The attempt's time was cut to what was left of the run, and that ran out.
      const message = `${this.#dispatcher.deadlineReached()} (waiting for an answer)`;
      return { attempts: state.attempts, last: state.last, failure: { kind: 'deadline', message } };
    }
    if (!error.retryable || pass === o.maxRetries)
      return { attempts: state.attempts, last: state.last, failure: this.#failureOf(error, state.attempts) };
    await this.#sleep(backoffMs(pass + 1, this.#random));
    return 'retry';
  }

  /**
   * An answer: it counts, or the token is renewed once after a 401 that says it is bad, or a Retry-After or a 5xx is
   * retried while passes are left.
   */
  async #afterAnswer(
    result: AttemptResponse,
    throttleWaitMs: number | undefined,
    pass: number,
    state: AttemptState,
  ): Promise<Ending | 'retry' | 'token-renewed'> {
    const o = this.#options;
    const isLastPass = pass === o.maxRetries;
    state.last = result;
    const { attempts, last, bearer, retriedStatuses } = state;
    const status = result.status;
    if (bearer !== undefined && !state.renewedAfter401 && saysTokenInvalid(result)) {
      // Once per exchange, and only when the source has a newer token to offer: a second 401 in a row is the target's answer.
      state.renewedAfter401 = true;
      if ((await (this.#bearer as BearerSource).refused(bearer.generation)) !== undefined) {
        retriedStatuses.push(status);
        return 'token-renewed';
      }
    }
    if (result.bodyError !== undefined) {
      // The target answered and may have acted: the status stands, no retry.
      return { attempts, last, failure: this.#failureOf(result.bodyError, attempts) };
    }
    if (throttleWaitMs !== undefined) {
      if (throttleWaitMs > o.maxRetryAfterMs) {
        const message = `HTTP ${status} asks to wait ${Math.round(throttleWaitMs)} ms (Retry-After), longer than the ${o.maxRetryAfterMs} ms the probe waits`;
        return { attempts, last, failure: { kind: 'throttled', message, beyondWait: true } };
      }
      if (isLastPass) {
        const message = `HTTP ${status} still after ${o.maxRetries} ${o.maxRetries === 1 ? 'retry' : 'retries'}`;
        return { attempts, last, failure: { kind: 'throttled', message } };
      }
      retriedStatuses.push(status);
      return 'retry'; // the gate holds this request and every other one
    }
    if (status >= 500) {
      if (isLastPass) return { attempts, last, failure: { kind: 'server', message: `HTTP ${status} after ${attempts} attempts` } };
      retriedStatuses.push(status);
      await this.#sleep(backoffMs(pass + 1, this.#random));
      return 'retry';
    }
    return { attempts, last };
  }

  /**
   * Counts the exchanges that failed at the connection before any was answered; at stopAfterConnectionFailures the
   * dispatcher stops the run with the cause (./connection-cause.ts), instead of the run spending its budget on it.
   */
  #watchConnections(exchange: Exchange): void {
    if (this.#answered) return;
    if (exchange.status !== null) {
      this.#answered = true;
      return;
    }
    const failure = exchange.failure;
    if (failure?.kind !== 'network' || exchange.attempts === 0) return;
    this.#connectionFailures += 1;
    const limit = this.#options.stopAfterConnectionFailures ?? 3;
    if (limit === 0 || this.#connectionFailures < limit) return;
    const cause = connectionCause(failure, { baseUrl: this.#options.baseUrl, transport: this.#options.transport, proxy: this.proxy });
    this.#dispatcher.stopFor('connection', `the first ${this.#connectionFailures} requests all failed at the connection: ${cause}`);
  }

  /** A connection closed before any answer, when its socket said why (a TLS alert): the error with that cause. */
  #withTlsCause(error: AttemptError): AttemptError {
    if (error.code !== 'UND_ERR_SOCKET' && error.code !== 'ECONNRESET') return error;
    const tlsError = this.#connections.takeTlsError(this.#options.requestTimeoutMs);
    return tlsError === undefined ? error : { ...classifyError(tlsError, { closed: false }), connect: true };
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
    // A wait longer than the probe takes (a count limit answered "retry after 9999-12-31") speaks of this request's
    // resource, not of the origin's load: it holds no other request, and no later command, and this exchange ends
    // with it as its answer.
    if (waitMs > this.#options.maxRetryAfterMs) return waitMs;
    this.#dispatcher.gate.holdUntil(now + waitMs);
    // Kept for the next process on this target, before anything else can happen to this one.
    if (this.#waitFile !== undefined && waitMs > 0) writeWait(this.#waitFile, this.#origin, now + waitMs, result.status, now);
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
      url: this.#redactor.redactField(`${this.#origin}${wire.path}`),
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
