/** Backoff for retries after network errors, timeouts and 5xx: exponential, capped, jittered. */

const BACKOFF_BASE_MS = 100;
export const BACKOFF_CAP_MS = 2_000;

/**
 * Wait before retry number `retry` (1 for the first retry). "Equal jitter": half the
 * exponential step is fixed, half is random, so waits never collapse to zero and
 * clients that failed together do not retry together.
 */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, retry - 1));
  return Math.round(step / 2 + (step / 2) * random());
}
