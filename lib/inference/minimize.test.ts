import fc from 'fast-check';
import { expect, test } from 'vitest';
import { minimize } from './minimize.js';
import { covers } from './primes.js';

const FIELDS = ['a', 'b', 'c', 'd'];

test('nothing accepted gives false; everything known accepted gives true', () => {
  expect(minimize(FIELDS, [], [1, 2]).expression).toBe('false');
  expect(minimize(FIELDS, [1, 2], []).expression).toBe('true');
});

test('terms are ordered by their first field, and only multi-literal terms of several are parenthesised', () => {
  // a && !b, or c: masks with bit0 set and bit1 clear, or bit2 set.
  const on = [...Array(16).keys()].filter((m) => ((m & 1) !== 0 && (m & 2) === 0) || (m & 4) !== 0);
  const off = [...Array(16).keys()].filter((m) => !on.includes(m));
  expect(minimize(FIELDS, on, off).expression).toBe('(a && !b) || c');
});

test("don't-cares let the expression be simpler than the known accepted combinations alone", () => {
  // Known: {a} accepted, {} and {b} rejected; everything else unknown: `a` is enough.
  expect(minimize(FIELDS, [0b0001], [0b0000, 0b0010]).expression).toBe('a');
});

test('a combination both accepted and rejected is refused', () => {
  expect(() => minimize(FIELDS, [3], [3])).toThrow('minimize: a combination is both in the on-set and the off-set');
});

test('every term is prime and none is redundant (random partial functions over up to 8 fields)', () => {
  const seed = 9_001;
  const partial = fc
    .integer({ min: 1, max: 8 })
    .chain((n) => fc.array(fc.constantFrom(1, 0, -1), { minLength: 2 ** n, maxLength: 2 ** n }).map((answers) => ({ n, answers })));
  fc.assert(
    fc.property(partial, ({ n, answers }) => {
      const on = answers.flatMap((a, m) => (a === 1 ? [m] : []));
      const off = answers.flatMap((a, m) => (a === 0 ? [m] : []));
      const { cubes } = minimize(FIELDS.concat(['e', 'f', 'g', 'h']).slice(0, n), on, off);

      const prime = cubes.every((cube) =>
        [...Array(n).keys()].every((i) => {
          const bit = 1 << i;
          if ((cube.care & bit) === 0) return true;
          const wider = { care: cube.care & ~bit, value: cube.value & ~bit };
          return off.some((m) => covers(wider, m));
        }),
      );
      const irredundant = cubes.every((cube, k) =>
        on.some((m) => covers(cube, m) && !cubes.some((other, l) => l !== k && covers(other, m))),
      );
      expect({ prime, irredundant }).toEqual({ prime: true, irredundant: true });
    }),
    { seed, numRuns: 200 },
  );
});

test('20 fields, a few hundred bodies: bounded time, correct on what was seen', () => {
  const n = 20;
  const fields = Array.from({ length: n }, (_, i) => `f${i}`);
  let state = 12_345;
  const next = (): number => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % 2 ** n;
  };
  const masks = [...new Set(Array.from({ length: 300 }, next))];
  const rule = (m: number): boolean => ((m & 1) !== 0 && (m & 2) === 0) || ((m & 4) !== 0 && (m & 8) !== 0 && (m & 16) === 0);
  const on = masks.filter(rule);
  const off = masks.filter((m) => !rule(m));

  const started = performance.now();
  const { cubes } = minimize(fields, on, off);
  expect(performance.now() - started).toBeLessThan(3_000);
  expect(on.every((m) => cubes.some((c) => covers(c, m)))).toBe(true);
  expect(off.some((m) => cubes.some((c) => covers(c, m)))).toBe(false);
});
