/**
 * Spaces request starts at least 1000/rps ms apart. Spacing (not a token bucket) is
 * deliberate: a bucket of size rps allows up to 2 x rps in a sliding second, spacing
 * never more than rps in any window of one second.
 */
export class RateLimiter {
  readonly intervalMs: number;
  #lastStart = Number.NEGATIVE_INFINITY;

  constructor(requestsPerSecond: number) {
    this.intervalMs = 1000 / requestsPerSecond;
  }

  /** Earliest time the next request may start. */
  nextAt(): number {
    return this.#lastStart + this.intervalMs;
  }

  /**
   * Records a start; spacing counts from the actual start, so a late timer never causes a
   * burst. Called again when a request that had to wait for a new connection finally goes
   * out, so that a slow connect (TCP, TLS) does not bunch it with the next one.
   */
  started(at: number): void {
    if (at > this.#lastStart) this.#lastStart = at;
  }
}
