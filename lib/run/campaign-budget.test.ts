import { expect, test } from 'vitest';
import { reshareBudget, SHARE_FLOOR, splitBudget } from './campaign-budget.js';

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

test('what a run leaves goes to the runs after it: the same rule over what is left, none below its first share', () => {
  const first = splitBudget(1000, [2, 3, 5]);
  // The first run spent 40 of its 240: 960 left for the other two, 3:5 above the floors.
  const rest = reshareBudget(1000 - 40, [
    { fields: 3, first: first[1] ?? 0 },
    { fields: 5, first: first[2] ?? 0 },
  ]);
  expect(rest).toEqual(splitBudget(960, [3, 5]));
  expect(rest.reduce((a, b) => a + b, 0)).toBe(960);
  expect(rest[0]).toBeGreaterThan(first[1] ?? Infinity);
  expect(rest[1]).toBeGreaterThan(first[2] ?? Infinity);
});

test('a share the new split would lower is kept, and the others split the rest', () => {
  // A many-field body spent all of its share; the one-field run after it keeps its floor, the rest goes by fields.
  const first = splitBudget(600, [20, 1, 1]);
  const spent = first[0] ?? 0;
  const rest = reshareBudget(600 - spent + 10, [
    { fields: 1, first: first[1] ?? 0 },
    { fields: 1, first: first[2] ?? 0 },
  ]);
  expect(rest.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(600 - spent + 10);
  expect(rest[0]).toBeGreaterThanOrEqual(first[1] ?? Infinity);
  expect(rest[1]).toBeGreaterThanOrEqual(first[2] ?? Infinity);
  // Uneven field counts: the floor split of what is left would give the small body less than it was promised.
  const uneven = reshareBudget(260, [
    { fields: 1, first: 120 },
    { fields: 30, first: 120 },
  ]);
  expect(uneven).toEqual([120, 140]);
});

test('over many draws: never more than what is left, never less than the first share', () => {
  // A fixed linear congruential sequence: the same draws every run, so a failure replays.
  let state = 12345;
  const next = (n: number): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  for (let draw = 0; draw < 500; draw += 1) {
    const total = 50 + next(3000);
    const fields = Array.from({ length: 1 + next(6) }, () => next(40));
    const first = splitBudget(total, fields);
    const done = next(fields.length);
    const spent = first.slice(0, done).reduce((sum, s) => sum + next(s + 1), 0);
    const waiting = fields.slice(done).map((f, i) => ({ fields: f, first: first[done + i] ?? 0 }));
    const rest = reshareBudget(total - spent, waiting);
    expect(spent + rest.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(total);
    for (const [i, w] of waiting.entries()) expect(rest[i]).toBeGreaterThanOrEqual(w.first);
  }
});
