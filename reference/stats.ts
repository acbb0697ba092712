/**
 * Counts what the reference saw, so that tests can check how a client behaved (did it respect
 * Retry-After, how many requests did it have in flight, how fast did it send). The whole service is
 * treated as one client. Admin requests are not counted; the service's own outgoing requests (validation
 * handshakes, notifications) have their own counters.
 */

export interface ReferenceStats {
  /** Requests outside /_reference/, dropped ones included. */
  requests: number;
  byMethod: Record<string, number>;
  /** Answers by status (dropped requests have none). */
  byStatus: Record<string, number>;
  /** 201 answers to creates (flipped ones included). */
  creates: number;
  /** 204 answers to deletes. */
  deletes: number;
  liveSubscriptions: number;
  /** Requests that arrived before a Retry-After the service gave had elapsed (see RETRY_AFTER_TOLERANCE_MS and IN_FLIGHT_TOLERANCE_MS). */
  earlyAfterRetryAfter: number;
  /** Most requests in flight at once (arrived, not yet answered or dropped). */
  peakConcurrency: number;
  /** Most requests that arrived within any sliding one-second window. */
  maxRequestsInAnySecond: number;
  /** Connections destroyed without an answer by the drop fault. */
  dropped: number;
  /** 429 and 503 answers from the throttle and unavailable faults. */
  throttled: number;
  /** Answers from the random-answer fault. */
  randomAnswers: number;
  /** Creates that got the opposite outcome from the flip fault. */
  flipped: number;
  /** Accepted bodies refused by the intermittentRefusal fault. */
  intermittentRefusals: number;
  /** Creates refused by the service's state (a conflict, the quota, a count limit). */
  stateRefusals: number;
  /** DELETEs of another client's subscription: a run must never send one. */
  foreignDeletes: number;
  /** Notification URLs validated before a create (non-loopback ones included: they fail without a request). */
  handshakes: number;
  /** Validations that failed, so that the create was answered 400. */
  handshakeFailures: number;
  /** Requests refused 401 because their JWT had expired (only with the optional token check, `jwt`). */
  expiredTokens: number;
  /** Notification POSTs sent by triggers, retries included. */
  deliveryAttempts: number;
  /** Notifications answered 2xx (one per subscription and trigger at most). */
  deliveries: number;
  /** Notifications not delivered: every attempt failed, or none could be made (no URL, not loopback). */
  deliveryFailures: number;
}

/**
 * Tolerance at the end of a Retry-After wait: timers and clocks are coarse, so a client that slept the full
 * second may arrive a few ms early.
 */
export const RETRY_AFTER_TOLERANCE_MS = 50;

/**
 * Tolerance at the start, for other connections only: a request on another connection that arrives just after
 * the answer was sent may have been sent before the client read it, and how long a client takes to read it
 * depends on when the OS runs it. 50 ms was too little on a loaded 2-core machine (load average 6, one request
 * counted in a fault drill at 40 requests/s); a client that ignores Retry-After still sends for the remaining
 * three quarters of the second. (On the same connection there is no start tolerance: HTTP/1.1 clients do not
 * pipeline by default, so a request after the answer was sent after it was read.)
 */
export const IN_FLIGHT_TOLERANCE_MS = 250;

interface Told {
  answeredAtMs: number;
  untilMs: number;
}

/** The recorder's clock: monotonic milliseconds (a wall clock may be stepped mid-run). */
export function nowMs(): number {
  return performance.now();
}

/** A wall-clock instant (an HTTP-date) on the recorder's clock, as seen now. */
export function fromWallClock(wallMs: number): number {
  return performance.now() + (wallMs - Date.now());
}

function emptyCounts(): Omit<ReferenceStats, 'liveSubscriptions'> {
  return {
    requests: 0,
    byMethod: {},
    byStatus: {},
    creates: 0,
    deletes: 0,
    earlyAfterRetryAfter: 0,
    peakConcurrency: 0,
    maxRequestsInAnySecond: 0,
    dropped: 0,
    throttled: 0,
    randomAnswers: 0,
    flipped: 0,
    intermittentRefusals: 0,
    stateRefusals: 0,
    foreignDeletes: 0,
    handshakes: 0,
    handshakeFailures: 0,
    expiredTokens: 0,
    deliveryAttempts: 0,
    deliveries: 0,
    deliveryFailures: 0,
  };
}

export type CountedEvent =
  | 'creates'
  | 'deletes'
  | 'dropped'
  | 'throttled'
  | 'randomAnswers'
  | 'flipped'
  | 'intermittentRefusals'
  | 'stateRefusals'
  | 'foreignDeletes'
  | 'handshakes'
  | 'handshakeFailures'
  | 'expiredTokens'
  | 'deliveryAttempts'
  | 'deliveries'
  | 'deliveryFailures';

export class StatsRecorder {
  #counts = emptyCounts();
  #inFlight = 0;
  /** Arrival times within the last second; `#head` is the first one still inside the window. */
  #arrivals: number[] = [];
  #head = 0;
  /** Latest wait told on each connection. */
  #toldBySocket = new WeakMap<object, number>();
  /** Waits told less than IN_FLIGHT_TOLERANCE_MS ago, oldest first: not yet binding on other connections. */
  #toldRecently: Told[] = [];
  /** Latest end of a wait that binds every connection. */
  #toldAllUntil = 0;

  arrive(method: string, socket: object, at = nowMs()): void {
    const c = this.#counts;
    c.requests += 1;
    c.byMethod[method] = (c.byMethod[method] ?? 0) + 1;
    this.#inFlight += 1;
    c.peakConcurrency = Math.max(c.peakConcurrency, this.#inFlight);
    this.#countWindow(at);
    if (this.#isEarly(socket, at)) c.earlyAfterRetryAfter += 1;
  }

  /** The request is answered or its connection is gone. */
  depart(): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
  }

  answered(status: number): void {
    const key = String(status);
    this.#counts.byStatus[key] = (this.#counts.byStatus[key] ?? 0) + 1;
  }

  /** A 429/503 told the client to wait until `untilMs`; it was sent at `answeredAtMs` on `socket`. */
  told(socket: object, answeredAtMs: number, untilMs: number): void {
    this.#toldBySocket.set(socket, Math.max(this.#toldBySocket.get(socket) ?? 0, untilMs));
    this.#toldRecently.push({ answeredAtMs, untilMs });
  }

  count(what: CountedEvent, times = 1): void {
    this.#counts[what] += times;
  }

  snapshot(liveSubscriptions: number): ReferenceStats {
    return { ...structuredClone(this.#counts), liveSubscriptions };
  }

  /** Clears the counters. What the service told clients still holds, so Retry-After checks go on across a reset. */
  reset(): void {
    this.#counts = emptyCounts();
    this.#counts.peakConcurrency = this.#inFlight;
    this.#arrivals = [];
    this.#head = 0;
  }

  #countWindow(at: number): void {
    this.#arrivals.push(at);
    while ((this.#arrivals[this.#head] ?? at) <= at - 1000) this.#head += 1;
    // Compact now and then so that the array does not grow with the run.
    if (this.#head > 4096 && this.#head * 2 > this.#arrivals.length) {
      this.#arrivals = this.#arrivals.slice(this.#head);
      this.#head = 0;
    }
    const inWindow = this.#arrivals.length - this.#head;
    this.#counts.maxRequestsInAnySecond = Math.max(this.#counts.maxRequestsInAnySecond, inWindow);
  }

  #isEarly(socket: object, at: number): boolean {
    // Tells are recorded in time order, so the ones that have come to bind all connections are at the front.
    let matured = 0;
    for (const t of this.#toldRecently) {
      if (t.answeredAtMs + IN_FLIGHT_TOLERANCE_MS > at) break;
      this.#toldAllUntil = Math.max(this.#toldAllUntil, t.untilMs);
      matured += 1;
    }
    if (matured > 0) this.#toldRecently.splice(0, matured);
    const until = Math.max(this.#toldAllUntil, this.#toldBySocket.get(socket) ?? 0);
    return at < until - RETRY_AFTER_TOLERANCE_MS;
  }
}
