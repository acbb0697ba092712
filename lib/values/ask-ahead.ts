/**
 * Asks of a search sent ahead of its walk. A search whose every ask waits long (the handshake deadline's: each create
 * holds the receiver's answer for seconds) knows, at some steps, what its walk will ask next: the second ask of a
 * refusal, the edges of a candidate. It sends those asks at once, up to `parallel` in flight, and the walk, still
 * asking one value at a time, takes each value's answers in the order they were sent. The walk's decisions, and so
 * its guarantees, are those of a search asked one ask after another; only the waiting overlaps.
 *
 * Never more than `max` sends in all, used or not: an ask past it throws OUT_OF_ASKS (./find-limit.ts), which ends a
 * settled search as its own step bound does.
 */
import { OUT_OF_ASKS } from './find-limit.js';

export interface AskAheadOptions {
  /** Most sends in all, the asks sent ahead included. */
  max: number;
  /** Most sends in flight at once. */
  parallel: number;
}

export class AskAhead<T> {
  readonly #send: (x: number) => Promise<T>;
  readonly #max: number;
  readonly #parallel: number;
  /** Answers sent ahead and not taken yet, per value, in the order sent. */
  readonly #ahead = new Map<number, Promise<T>[]>();
  readonly #all: Promise<T>[] = [];
  readonly #waiting: (() => void)[] = [];
  #inFlight = 0;

  constructor(send: (x: number) => Promise<T>, o: AskAheadOptions) {
    if (!Number.isInteger(o.max) || o.max < 0) throw new RangeError(`AskAhead max should be a whole number, got ${o.max}`);
    if (!Number.isInteger(o.parallel) || o.parallel < 1) throw new RangeError(`AskAhead parallel should be 1 or more, got ${o.parallel}`);
    this.#send = send;
    this.#max = o.max;
    this.#parallel = o.parallel;
  }

  /** Sends so far, the asks sent ahead included. */
  get sent(): number {
    return this.#all.length;
  }

  /** The next answer for `x`: the first one sent ahead and not taken yet, else one sent now. */
  ask(x: number): Promise<T> {
    const queued = this.#ahead.get(x)?.shift();
    if (queued !== undefined) return queued;
    if (this.sent >= this.#max) return Promise.reject(OUT_OF_ASKS);
    return this.#start(x);
  }

  /** Sends an ask of each value, in this order, while the budget lasts; what is not sent is sent when asked. */
  ahead(xs: readonly number[]): void {
    for (const x of xs) {
      if (this.sent >= this.#max) return;
      const answer = this.#start(x);
      // Taken by ask() or waited for by settled(); an ask that fails is read there, not unhandled meanwhile.
      answer.catch(() => undefined);
      const queue = this.#ahead.get(x) ?? [];
      queue.push(answer);
      this.#ahead.set(x, queue);
    }
  }

  /** Once every ask sent has ended, used or not (each undoes what it made, so none outlives the search). */
  async settled(): Promise<void> {
    await Promise.allSettled(this.#all);
  }

  #start(x: number): Promise<T> {
    const answer = (async () => {
      await this.#slot();
      try {
        return await this.#send(x);
      } finally {
        this.#release();
      }
    })();
    this.#all.push(answer);
    return answer;
  }

  async #slot(): Promise<void> {
    if (this.#inFlight < this.#parallel) {
      this.#inFlight += 1;
      return;
    }
    // The slot is handed over by #release, in the order the asks were sent.
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next === undefined) this.#inFlight -= 1;
    else next();
  }
}
