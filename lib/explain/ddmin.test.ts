import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ddmin, split, type DdAnswer, type DdOracle } from './ddmin.js';

/** An oracle from a predicate, logging every question. */
function oracleOf<T>(holds: (subset: readonly T[]) => boolean, log: T[][] = []): DdOracle<T> {
  return async (subset) => {
    log.push([...subset]);
    return holds(subset) ? 'holds' : 'fails';
  };
}

const has = (subset: readonly number[], ...items: number[]): boolean => items.every((i) => subset.includes(i));

describe('split', () => {
  test('cuts into n nearly equal consecutive parts, none empty', () => {
    expect(split([1, 2, 3, 4, 5], 2)).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    expect(split([1, 2, 3], 3)).toEqual([[1], [2], [3]]);
    expect(split([1, 2], 4)).toEqual([[1], [2]]);
  });
});

describe('ddmin', () => {
  test("finds the two items a property needs among eight (the paper's shape of example)", async () => {
    // Arrange
    const log: number[][] = [];
    // Act
    const result = await ddmin(
      [1, 2, 3, 4, 5, 6, 7, 8],
      oracleOf((s) => has(s, 3, 7), log),
      { maxCalls: 100 },
    );
    // Assert
    expect(result.status).toBe('minimal');
    expect(result.subset).toEqual([3, 7]);
    expect(result.checks).toEqual([
      { item: 3, answer: 'fails' },
      { item: 7, answer: 'fails' },
    ]);
    expect(result.calls).toBe(log.length);
    // Never the same question twice.
    expect(new Set(log.map((s) => s.join(','))).size).toBe(log.length);
  });

  test('the result is 1-minimal for any property that holds on the whole set', async () => {
    // A random boolean function of up to 7 items, true on the whole set.
    const property = fc
      .integer({ min: 0, max: 7 })
      .chain((n) => fc.tuple(fc.constant(n), fc.array(fc.boolean(), { minLength: 2 ** n, maxLength: 2 ** n })));
    await fc.assert(
      fc.asyncProperty(property, async ([n, table]) => {
        const items = Array.from({ length: n }, (_, i) => i);
        const mask = (s: readonly number[]): number => s.reduce((m, i) => m | (1 << i), 0);
        const holds = (s: readonly number[]): boolean => mask(s) === 2 ** n - 1 || table[mask(s)] === true;
        const result = await ddmin(items, oracleOf(holds), { maxCalls: 10_000 });
        expect(result.status).toBe('minimal');
        expect(holds(result.subset)).toBe(true);
        for (const item of result.subset) expect(holds(result.subset.filter((i) => i !== item))).toBe(false);
      }),
      { seed: 5, numRuns: 300 },
    );
  });

  test('a single needed item, and nothing needed at all', async () => {
    expect(
      (
        await ddmin(
          ['a', 'b', 'c'],
          oracleOf((s) => s.includes('b')),
          { maxCalls: 50 },
        )
      ).subset,
    ).toEqual(['b']);
    const none = await ddmin(
      ['a', 'b', 'c'],
      oracleOf(() => true),
      { maxCalls: 50 },
    );
    expect(none).toMatchObject({ status: 'minimal', subset: [], checks: [] });
    expect(
      await ddmin(
        [],
        oracleOf(() => true),
        { maxCalls: 1 },
      ),
    ).toMatchObject({ status: 'minimal', subset: [] });
  });

  test('says precondition when the property does not hold on the whole set, after one call', async () => {
    const result = await ddmin(
      [1, 2, 3],
      oracleOf(() => false),
      { maxCalls: 50 },
    );
    expect(result).toMatchObject({ status: 'precondition', subset: [1, 2, 3], calls: 1 });
  });

  test('never makes more than maxCalls calls, and stops with a subset that holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 2, max: 16 }), async (maxCalls, n) => {
        const items = Array.from({ length: n }, (_, i) => i);
        const log: number[][] = [];
        const result = await ddmin(
          items,
          oracleOf((s) => has(s, 0, n - 1), log),
          { maxCalls },
        );
        expect(log.length).toBeLessThanOrEqual(maxCalls);
        expect(result.calls).toBe(log.length);
        expect(has(result.subset, 0, n - 1)).toBe(true);
        if (result.status === 'budget') expect(log.length).toBe(maxCalls);
        else expect(result.subset).toEqual([0, n - 1]);
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  test('an oracle that says stop ends the search as budget', async () => {
    let calls = 0;
    const result = await ddmin([1, 2, 3, 4], async (s) => ((calls += 1) > 3 ? 'stop' : has(s, 4) ? 'holds' : 'fails'), { maxCalls: 100 });
    expect(result.status).toBe('budget');
    expect(result.subset).toContain(4);
  });

  test('an unresolved answer on a needed item makes the result unresolved, not minimal', async () => {
    const oracle: DdOracle<number> = async (s) => (s.length === 1 && s[0] === 2 ? 'unresolved' : has(s, 1, 2) ? 'holds' : 'fails');
    const result = await ddmin([1, 2], oracle, { maxCalls: 50 });
    expect(result.status).toBe('unresolved');
    expect(result.checks).toContainEqual({ item: 1, answer: 'unresolved' });
  });

  test('with confirm, an oracle that changes its answer is caught as unstable', async () => {
    // Arrange: "without 7" is rejected the first time, accepted when asked again.
    const asked = new Map<string, number>();
    const oracle: DdOracle<number> = async (s, how) => {
      const key = s.join(',');
      asked.set(key, (asked.get(key) ?? 0) + 1);
      if (key === '3' && how.repeat) return 'holds';
      return has(s, 3, 7) ? 'holds' : 'fails';
    };
    // Act
    const result = await ddmin([1, 2, 3, 4, 5, 6, 7, 8], oracle, { maxCalls: 100, confirm: true });
    // Assert
    expect(result.status).toBe('unstable');
    expect(result.disagreements).toEqual([[3]]);
  });

  test('with confirm and a stable oracle, each check is asked exactly twice', async () => {
    const log: number[][] = [];
    const result = await ddmin(
      [1, 2, 3, 4, 5, 6, 7, 8],
      oracleOf((s) => has(s, 3, 7), log),
      { maxCalls: 100, confirm: true },
    );
    expect(result.status).toBe('minimal');
    for (const q of [[3, 7], [3], [7]]) expect(log.filter((s) => s.join(',') === q.join(',')).length).toBe(2);
  });

  test('an oracle answering at random: bounded, never throws, and a minimal result is one it confirmed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10 }),
        fc.array(fc.constantFrom<DdAnswer>('holds', 'fails', 'unresolved'), { minLength: 200, maxLength: 200 }),
        async (n, answers) => {
          const items = Array.from({ length: n }, (_, i) => i);
          let next = 0;
          const log: { key: string; answer: DdAnswer }[] = [];
          const oracle: DdOracle<number> = async (s) => {
            const answer = next === 0 ? 'holds' : (answers[next % answers.length] as DdAnswer);
            next += 1;
            log.push({ key: s.join(','), answer });
            return answer;
          };
          const result = await ddmin(items, oracle, { maxCalls: 60, confirm: true });
          expect(result.calls).toBeLessThanOrEqual(60);
          if (result.status === 'minimal') {
            const key = result.subset.join(',');
            const said = log.filter((l) => l.key === key).map((l) => l.answer);
            expect(said.length === 0 || said.every((a) => a === 'holds')).toBe(true);
          }
        },
      ),
      { seed: 11, numRuns: 300 },
    );
  });
});
