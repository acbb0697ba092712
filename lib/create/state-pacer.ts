/**
 * How many of the run's own subscriptions the target has room for. A service refuses a create for what already
 * exists (the app's quota, a count limit on the resource, a conflicting subscription): when the run's own live
 * subscriptions are the cause, the answer speaks of the run's overlap, not of the body. The pacer learns the room from
 * the first such refusal and from then on lets a create go only while the run's own live subscriptions and the
 * creates in flight are fewer; a refused create is asked again once there is room. Every wait is bounded: a create
 * held past the bound is sent anyway (a case that holds two subscriptions itself must not wait for its own), and its
 * answer stands.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Refusal, StateMechanism } from '../outcome.js';

/** Longest one create waits for room; the run's own creates are deleted within a case, so seconds suffice. */
const ROOM_WAIT_MS = 10_000;
const POLL_MS = 20;

export interface StatePacerOptions {
  /** The run's own subscriptions live now (created, answered 2xx, not yet deleted). */
  ownLive: () => number;
  /**
   * Called once when the app's quota refused a create with none of the run's own live: the target has no room for
   * anything the run would create. The run stops there (the suites' context stops the engine).
   */
  onNoRoom?: (refusal: Refusal) => Promise<void> | void;
  maxWaitMs?: number;
  signal?: AbortSignal;
}

export class StatePacer {
  /** The run's own subscriptions the target has room for; unknown until a state refusal says. */
  #room = Number.POSITIVE_INFINITY;
  /** Creates sent and not yet answered (their subscription, if any, is not in ownLive yet). */
  #inFlight = 0;
  #noRoomSaid = false;
  readonly #o: StatePacerOptions;

  constructor(options: StatePacerOptions) {
    this.#o = options;
  }

  get room(): number | undefined {
    return Number.isFinite(this.#room) ? this.#room : undefined;
  }

  ownLive(): number {
    return this.#o.ownLive();
  }

  /**
   * A state refusal came while `liveThen` of the run's own were live. A conflict is about a key the probe cannot see,
   * so one at a time; a quota or count limit had no room for one more than were live. With none of the run's own live
   * the refusal is the target's own state, which no pacing of the run changes: the room stays as it was.
   */
  learn(mechanism: StateMechanism, liveThen: number): void {
    const room = mechanism === 'conflict' ? Math.min(1, liveThen) : liveThen;
    if (room >= 1 && room < this.#room) this.#room = room;
  }

  /** The quota refused a create while none of the run's own lived: said once to `onNoRoom`. */
  async noRoom(refusal: Refusal): Promise<void> {
    if (this.#noRoomSaid) return;
    this.#noRoomSaid = true;
    await this.#o.onNoRoom?.(refusal);
  }

  /**
   * Waits, bounded, until a create fits the room, and counts it in flight; the returned function is called once its
   * answer is in (by then a subscription it made is in ownLive).
   */
  async enter(): Promise<() => void> {
    const deadline = Date.now() + (this.#o.maxWaitMs ?? ROOM_WAIT_MS);
    while (this.#o.ownLive() + this.#inFlight >= this.#room && Date.now() < deadline && this.#o.signal?.aborted !== true) {
      try {
        await sleep(POLL_MS, undefined, this.#o.signal === undefined ? {} : { signal: this.#o.signal });
      } catch {
        break;
      }
    }
    this.#inFlight += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#inFlight -= 1;
    };
  }
}
