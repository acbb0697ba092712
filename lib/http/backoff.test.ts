import { expect, test } from 'vitest';
import { BACKOFF_CAP_MS, backoffMs } from './backoff.js';

test('grows exponentially from 100 ms, with jitter in the upper half, and is capped', () => {
  expect([1, 2, 3].map((n) => backoffMs(n, () => 0))).toEqual([50, 100, 200]);
  expect([1, 2, 3].map((n) => backoffMs(n, () => 0.999999))).toEqual([100, 200, 400]);
  expect(backoffMs(30, () => 0.999999)).toBe(BACKOFF_CAP_MS);
});
