import { setTimeout as delay } from 'node:timers/promises';

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
  sleep: async (ms, signal) => {
    if (signal.aborted || ms <= 0) return;
    try {
      await delay(Math.ceil(ms), undefined, { signal });
    } catch {
      // Aborted: the caller checks why and stops waiting.
    }
  },
};
