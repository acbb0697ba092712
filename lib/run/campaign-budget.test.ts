import { expect, test } from 'vitest';
import { SHARE_FLOOR, splitBudget } from './campaign-budget.js';

test('every share at least the floor, the rest by field count, never more than the whole', () => {
  const shares = splitBudget(1000, [2, 3, 5]);
  expect(shares.reduce((a, b) => a + b, 0)).toBe(1000);
  for (const share of shares) expect(share).toBeGreaterThanOrEqual(SHARE_FLOOR);
  // 700 above the floors, 2:3:5.
  expect(shares).toEqual([SHARE_FLOOR + 140, SHARE_FLOOR + 210, SHARE_FLOOR + 350]);
});

test('a budget below the floors is shared evenly; rounding never overspends', () => {
  expect(splitBudget(150, [1, 30])).toEqual([75, 75]);
  const shares = splitBudget(1001, [1, 1, 1]);
  expect(shares.reduce((a, b) => a + b, 0)).toBe(1001);
  expect(Math.max(...shares) - Math.min(...shares)).toBe(1);
  expect(splitBudget(500, [])).toEqual([]);
});
