import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { PresenceAnswer } from '../rule/answer.js';
import { defaultMaxSteps, findLimit } from './find-limit.js';

/** A fake target that accepts every x up to `limit`, counting the probes it gets. */
function upTo(limit: number): ((x: number) => Promise<PresenceAnswer>) & { calls: number[] } {
  const calls: number[] = [];
  const probe = (x: number): Promise<PresenceAnswer> => {
    calls.push(x);
    return Promise.resolve(x <= limit ? 'accepted' : 'rejected');
  };
  return Object.assign(probe, { calls });
}

describe('findLimit', () => {
  test('pins the largest accepted value to the integer', async () => {
    const probe = upTo(42_300);

    const result = await findLimit(probe, 1, 10 * 365 * 24 * 60);

    expect(result).toMatchObject({ largestAccepted: 42_300, smallestRejected: 42_301, end: 'exact' });
    expect(result.note).toBeUndefined();
    expect(result.probes).toBe(probe.calls.length);
    expect(result.steps.slice(0, 2)).toEqual([
      { x: 1, answer: 'accepted' },
      { x: 5_256_000, answer: 'rejected' },
    ]);
  });

  test('needs about log2(high - low) probes beyond the two ends', async () => {
    const result = await findLimit(upTo(255), 1, 4096);

    expect(result.largestAccepted).toBe(255);
    expect(result.probes).toBeLessThanOrEqual(2 + 12);
  });

  test('finds every limit inside the range, and each end as well (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        async (low, span, offset) => {
          const high = low + span;
          const limit = low + (offset % span); // in [low, high - 1]
          const result = await findLimit(upTo(limit), low, high);
          expect(result.largestAccepted).toBe(limit);
          expect(result.smallestRejected).toBe(limit + 1);
          expect(result.probes).toBeLessThanOrEqual(defaultMaxSteps(low, high));
        },
      ),
      { seed: 20_240_401 },
    );
  });

  test('high accepted: says the target accepted up to the largest value tried', async () => {
    const result = await findLimit(upTo(1_000_000), 1, 4096);

    expect(result).toMatchObject({ largestAccepted: 4096, smallestRejected: undefined, end: 'high-accepted', probes: 2 });
    expect(result.note).toBe('accepted up to the largest value tried (4096): the limit, if any, is higher');
  });

  test('low rejected: pins no limit and says why', async () => {
    const result = await findLimit(upTo(0), 1, 4096);

    expect(result).toMatchObject({ largestAccepted: undefined, smallestRejected: 1, end: 'low-rejected', probes: 1 });
    expect(result.note).toMatch(/^the smallest value tried \(1\) was rejected: no limit pinned/);
  });

  test('an unknown answer is asked once more and then counts as what came back', async () => {
    let unknownsLeft = 1;
    const inner = upTo(100);
    const probe = (x: number): Promise<PresenceAnswer> => {
      if (x === 2048 && unknownsLeft > 0) {
        unknownsLeft -= 1;
        return Promise.resolve('unknown');
      }
      return inner(x);
    };

    const result = await findLimit(probe, 1, 4096);

    expect(result.largestAccepted).toBe(100);
    expect(result.steps.filter((s) => s.x === 2048)).toEqual([
      { x: 2048, answer: 'unknown' },
      { x: 2048, answer: 'rejected' },
    ]);
  });

  test('two unknown answers stop the search with a note and infer nothing more', async () => {
    const inner = upTo(100);
    const probe = (x: number): Promise<PresenceAnswer> => (x === 64 ? Promise.resolve('unknown') : inner(x));

    const result = await findLimit(probe, 1, 4096);

    // 1 ok, 4096 no, 2048 no, 1024 no, 512 no, 256 no, 128 no, 64 unknown twice.
    expect(result).toMatchObject({ largestAccepted: 1, smallestRejected: 128, end: 'no-answer' });
    expect(result.steps.at(-1)).toEqual({ x: 64, answer: 'unknown' });
    expect(result.note).toBe('no answer for 64 after a retry: search stopped, nothing inferred past what was seen');
  });

  test('an unknown end stops the search before any inference', async () => {
    const result = await findLimit(() => Promise.resolve('unknown'), 1, 4096);

    expect(result).toMatchObject({ largestAccepted: undefined, smallestRejected: undefined, probes: 2, end: 'no-answer' });
    expect(result.note).toMatch(/^no answer for 1 after a retry/);
  });

  test('never makes more than maxSteps probes, and says where the limit lies', async () => {
    const probe = upTo(1000);

    const result = await findLimit(probe, 1, 4096, 5);

    expect(probe.calls).toHaveLength(5);
    expect(result.end).toBe('max-steps');
    // 1 ok, 4096 no, 2048 no, 1024 no, 512 ok.
    expect(result).toMatchObject({ largestAccepted: 512, smallestRejected: 1024 });
    expect(result.note).toBe('stopped after 5 requests (the most allowed): the limit lies between 512 and 1023');
  });

  test.each([
    [1.5, 10, 20, 'findLimit low and high should be integers, got 1.5 and 10'],
    [10, 10, 20, 'findLimit high should be greater than low, got low 10 and high 10'],
    [1, 10, 1, 'findLimit maxSteps should be an integer of 2 or more (low and high are confirmed first), got 1'],
  ])('checks its arguments: low %s high %s maxSteps %s', async (low, high, maxSteps, message) => {
    await expect(findLimit(upTo(5), low, high, maxSteps)).rejects.toThrow(new RangeError(message));
  });
});
