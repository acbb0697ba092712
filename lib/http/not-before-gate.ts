/**
 * The time before which no request may go to the target. A 429/503 moves it forward
 * (to the time its Retry-After names) and every request waits on it, not just the retry
 * of the one that was throttled: the target asked for quiet, not for one request less.
 */
export class NotBeforeGate {
  #at = Number.NEGATIVE_INFINITY;

  get at(): number {
    return this.#at;
  }

  /** Moves the gate to `at` unless it is already later (a gate never moves back). */
  holdUntil(at: number): void {
    if (at > this.#at) this.#at = at;
  }
}
