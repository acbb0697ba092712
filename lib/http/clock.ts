import { sleepUnlessAborted } from './on-abort.js';

/** Time source of the engine; injectable so that tests can drive it. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Waits `ms`; resolves early (never rejects) when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  // Monotonic yet epoch-based: waits are not thrown off by wall-clock steps, and the
  // value still compares with HTTP-dates.
  now: () => performance.timeOrigin + performance.now(),
  // One listener on the signal for every sleeper at once (on-abort.ts), not one each.
  sleep: (ms, signal) => sleepUnlessAborted(ms, signal),
};
