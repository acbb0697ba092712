/**
 * Group testing over a monotone "gets rejected" property, against brute force on small universes.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { popcount } from '../rule/field-set.js';
import { bitsOf } from './bits.js';
import { learnEdges } from './edges.js';
import { minimalTransversals } from '../rule/hitting-sets.js';
import { maximalIndependentSets } from './hitting-sets.js';
import { minimalSubset } from './minimal-subset.js';

/** Up to 3 edges of 2..4 fields among 12. */
const hypergraph = fc
  .array(fc.uniqueArray(fc.nat({ max: 11 }), { minLength: 2, maxLength: 4 }), { maxLength: 3 })
  .map((edges) => edges.map((e) => e.reduce((m, i) => m | (1 << i), 0)));

const contains =
  (edges: readonly number[]) =>
  async (mask: number): Promise<boolean> =>
    edges.some((e) => (mask & e) === e);

test('minimalSubset finds a minimal set on which a monotone property holds, in about k * 2 log n tests', async () => {
  // Arrange: the property holds once fields 3 and 9 are both in.
  let tests = 0;
  const holds = async (mask: number): Promise<boolean> => {
    tests += 1;
    return (mask & 0b1000001000) === 0b1000001000;
  };

  // Act
  const found = await minimalSubset([...Array(16).keys()], holds);

  // Assert
  expect(found).toBe(0b1000001000);
  expect(tests).toBeLessThanOrEqual(2 * 2 * 4 + 1);
});

test('minimalSubset stops on an unusable answer', async () => {
  expect(await minimalSubset([0, 1, 2, 3], async () => undefined)).toBeUndefined();
});

test('maximal independent sets are the complements of the minimal transversals', () => {
  fc.assert(
    fc.property(hypergraph, (edges) => {
      const universe = 0xfff;
      const sets = maximalIndependentSets(universe, edges) ?? [];
      const independent = (s: number): boolean => edges.every((e) => (s & e) !== e);
      // Every set is independent and maximal; every independent set lies in one of them.
      expect(sets.every(independent)).toBe(true);
      expect(sets.every((s) => bitsOf(universe & ~s).every((i) => !independent(s | (1 << i))))).toBe(true);
      for (let s = 0; s <= universe; s += 97) if (independent(s)) expect(sets.some((m) => (s & ~m) === 0)).toBe(true);
      expect(minimalTransversals(edges)?.length).toBe(sets.length);
    }),
    { seed: 5, numRuns: 200 },
  );
});

test('learnEdges finds exactly the minimal edges, and each verified set is edge-free', async () => {
  await fc.assert(
    fc.asyncProperty(hypergraph, async (edges) => {
      let tests = 0;
      const rejects = async (mask: number): Promise<boolean> => {
        tests += 1;
        return contains(edges)(mask);
      };
      // Singles are accepted by construction: edges have at least two fields.
      const result = await learnEdges(0xfff, [], rejects, bitsOf);

      const minimal = edges.filter((e) => !edges.some((f) => f !== e && (f & e) === f));
      expect(new Set(result.edges)).toEqual(new Set(minimal));
      expect(result.complete).toBe(true);
      expect(result.independent.every((s) => edges.every((e) => (s & e) !== e))).toBe(true);
      expect(tests).toBeLessThanOrEqual(1 + minimal.reduce((sum, e) => sum + 2 * popcount(e) * 4 + 2, 0) + 64);
    }),
    { seed: 6, numRuns: 200 },
  );
});

test('learnEdges keeps known edges out of every change it tries', async () => {
  const tried: number[] = [];
  const result = await learnEdges(
    0b1111,
    [0b0011],
    async (mask) => {
      tried.push(mask);
      return false;
    },
    bitsOf,
  );

  expect(result.edges).toEqual([]);
  expect(tried.every((m) => (m & 0b0011) !== 0b0011)).toBe(true);
  expect(result.independent).toEqual([0b1101, 0b1110]);
});
