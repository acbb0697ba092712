import type { Clock } from './clock.js';
import { ConcurrencyLimit } from './concurrency.js';
import { NotBeforeGate } from './not-before-gate.js';
import { RateLimiter } from './rate-limiter.js';
import { RunLimits } from './run-limits.js';
import type { EarlyStop } from './types.js';

/** Leave to put one request on the wire; `release` must be called once it is done. */
export interface Permit {
  readonly ok: true;
  /** The request is being written to its socket now (after any connect). */
  started: () => void;
  release: () => void;
  /** Gives back the budget reservation of a request that never reached the wire. */
  refund: () => void;
}

export interface Denial {
  ok: false;
  kind: 'budget' | 'deadline' | 'throttled' | 'closed' | 'connection' | 'undo' | 'state' | 'stop';
  message: string;
}

export interface DispatcherOptions {
  requestsPerSecond: number;
  concurrency: number;
  maxRequests: number;
  maxRunTimeMs: number;
  /** Longest wait on the not-before gate; a longer one denies the request as `throttled`. */
  maxGateWaitMs: number;
  clock: Clock;
}

/**
 * Hands out permits in arrival order (FIFO) under every limit at once: the not-before
 * gate, the rate, the concurrency cap, the request budget and the run deadline. One
 * queue for all limits keeps them from reordering requests between each other.
 */
export class Dispatcher {
  readonly limits: RunLimits;
  readonly gate = new NotBeforeGate();
  readonly #rate: RateLimiter;
  readonly #slots: ConcurrencyLimit;
  readonly #clock: Clock;
  readonly #maxGateWaitMs: number;
  readonly #queue: ((result: Permit | Denial) => void)[] = [];
  readonly #closing = new AbortController();
  /** Granted requests not yet written to their socket. */
  #unstarted = 0;
  #wakeScheduled = false;
  #stoppedEarly: EarlyStop | undefined;
  #refusing: string | undefined;

  constructor(options: DispatcherOptions) {
    this.#clock = options.clock;
    this.#rate = new RateLimiter(options.requestsPerSecond);
    this.#slots = new ConcurrencyLimit(options.concurrency);
    this.#maxGateWaitMs = options.maxGateWaitMs;
    this.limits = new RunLimits(options.maxRequests, options.maxRunTimeMs, options.clock.now());
  }

  /** Set by the first request that the budget or the deadline stopped. */
  get stoppedEarly(): EarlyStop | undefined {
    return this.#stoppedEarly;
  }

  get inFlight(): number {
    return this.#slots.inFlight;
  }

  /** Aborts when the dispatcher closes: for waits outside the queue. */
  get closingSignal(): AbortSignal {
    return this.#closing.signal;
  }

  acquire(): Promise<Permit | Denial> {
    return new Promise((resolve) => {
      this.#queue.push(resolve);
      this.#pump();
    });
  }

  /** Records that the run's time is up while a request was on the wire; returns the message. */
  deadlineReached(): string {
    return this.#stop('deadline', this.limits.deadlineMessage()).message;
  }

  /**
   * Stops the run for a cause outside the limits: its connections fail (HttpEngine), it cannot undo what it creates
   * (lib/create/undo-guard.ts), or the target has no room for anything it would create (a full quota: lib/create/
   * state-pacer.ts). Every queued and future request is denied with `why`.
   */
  stopFor(by: 'connection' | 'undo' | 'state', why: string): void {
    this.#stoppedEarly ??= { by, at: new Date(this.#clock.now()).toISOString(), why };
    this.#pump();
  }

  /**
   * Denies every queued and future request with `why`, and leaves the ones on the wire alone (close() aborts them):
   * the run was stopped by its caller.
   */
  refuseNew(why: string): void {
    this.#refusing ??= why;
    this.#pump();
  }

  /** Denies every queued and future request. */
  close(): void {
    this.#closing.abort();
    this.#pump();
  }

  // Each pass of the loop settles the head of the queue or returns, so it runs at most
  // queue-length times; a return leaves either a timer or an in-flight release to pump again.
  #pump(): void {
    while (this.#queue.length > 0) {
      const denial = this.#denial();
      if (denial !== undefined) {
        this.#queue.shift()?.(denial);
        continue;
      }
      if (!this.#slots.available) return;
      // The rate counts from when a request is written to its socket, not from its grant:
      // one held up in between (a new TCP or TLS connection, a busy event loop) would
      // otherwise reach the target bunched with the next. So the next waits for that write,
      // where the spacing is long enough to matter: below a millisecond (over 1000 requests
      // a second) waiting for each write would only serialise the requests on the event loop.
      if (this.#unstarted > 0 && this.#rate.intervalMs >= 1) return;
      const now = this.#clock.now();
      const startAt = Math.max(this.gate.at, this.#rate.nextAt());
      if (startAt > now) {
        this.#wakeAt(startAt);
        return;
      }
      const resolve = this.#queue.shift();
      if (resolve === undefined) return;
      resolve(this.#grant(now));
    }
  }

  #denial(): Denial | undefined {
    if (this.#closing.signal.aborted) {
      return { ok: false, kind: 'closed', message: 'the engine was closed before the request was sent' };
    }
    if (this.#refusing !== undefined) return { ok: false, kind: 'stop', message: this.#refusing };
    const stop = this.#stoppedEarly;
    if (stop?.by === 'connection' || stop?.by === 'undo' || stop?.by === 'state') return { ok: false, kind: stop.by, message: stop.why };
    const now = this.#clock.now();
    if (!this.limits.budgetLeft) return this.#stop('budget', this.limits.budgetMessage());
    if (now >= this.limits.deadlineAt) return this.#stop('deadline', this.limits.deadlineMessage());
    const gateWait = this.gate.at - now;
    if (gateWait > this.#maxGateWaitMs) {
      const until = new Date(this.gate.at).toISOString();
      return {
        ok: false,
        kind: 'throttled',
        message: `the target asked for no requests before ${until} (Retry-After), longer than the ${this.#maxGateWaitMs} ms the probe waits`,
      };
    }
    // No point waiting for a start the deadline would deny anyway.
    if (Math.max(this.gate.at, this.#rate.nextAt()) >= this.limits.deadlineAt) {
      return this.#stop('deadline', this.limits.deadlineMessage());
    }
    return undefined;
  }

  #stop(kind: 'budget' | 'deadline', message: string): Denial {
    this.#stoppedEarly ??= { by: kind, at: new Date(this.#clock.now()).toISOString(), why: message };
    return { ok: false, kind, message };
  }

  #grant(now: number): Permit {
    this.#slots.acquire();
    this.limits.reserve();
    this.#rate.started(now);
    this.#unstarted += 1;
    return new Grant(this.#owner);
  }

  /** What a permit reports back; made once, not per grant (a permit is asked for before every attempt). */
  readonly #owner: GrantOwner = {
    wrote: (counted) => {
      this.#unstarted -= 1;
      if (!counted) return;
      this.#rate.started(this.#clock.now());
      this.#pump();
    },
    freed: () => {
      this.#slots.release();
      this.#pump();
    },
    refund: () => this.limits.refund(),
  };

  #wakeAt(at: number): void {
    if (this.#wakeScheduled) return;
    this.#wakeScheduled = true;
    // The gate and the rate only ever move later, so a pending wake-up is never too late:
    // at worst it is early, and the pump then schedules the next one.
    void this.#clock.sleep(Math.max(1, at - this.#clock.now()), this.#closing.signal).then(() => {
      this.#wakeScheduled = false;
      this.#pump();
    });
  }
}

interface GrantOwner {
  /** The request left its unstarted state: written to its socket (`counted`), or released without a write. */
  wrote(counted: boolean): void;
  freed(): void;
  refund(): void;
}

/** A permit as a plain object with methods: no closures made per request. Each step counts once. */
class Grant implements Permit {
  readonly ok = true;
  readonly #owner: GrantOwner;
  #started = false;
  #released = false;

  constructor(owner: GrantOwner) {
    this.#owner = owner;
  }

  started(): void {
    if (this.#started) return;
    this.#started = true;
    this.#owner.wrote(true);
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    if (!this.#started) {
      // A request that failed before its write frees the queue too.
      this.#started = true;
      this.#owner.wrote(false);
    }
    this.#owner.freed();
  }

  refund(): void {
    this.#owner.refund();
  }
}
