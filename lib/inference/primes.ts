/**
 * Prime implicants of a partial boolean function given by its on-set and off-set;
 * every other combination is a don't-care.
 *
 * A cube is a product term: `care` says which fields it mentions, `value` whether each is present.
 * A cube avoids a rejected combination r exactly when it mentions a field where it differs from r.
 * So the primes that contain an accepted combination m are the cubes of m whose `care` is a minimal
 * hitting set of { m ^ r : r rejected } (Berge's transversal algorithm). This gives the same primes
 * as Quine-McCluskey with every unknown combination as a don't-care, without enumerating the 2^n
 * don't-cares, which matters when 30 fields were probed with a handful of bodies.
 *
 * With many fields and many don't-cares the number of primes explodes. A work budget bounds the
 * exact enumeration; past it, each remaining accepted combination gets one prime from a greedy
 * hitting set (the field that tells it apart from most rejected combinations first), which keeps
 * terms short.
 */
import { minimalSets } from '../rule/field-set.js';
import { minimalTransversals } from '../rule/hitting-sets.js';

export interface Cube {
  care: number;
  value: number;
}

export interface PrimesResult {
  /** Distinct primes, in the order found. */
  primes: Cube[];
  /** False when the budget cut the enumeration: then some primes come from greedy hitting sets. */
  complete: boolean;
}

/** Subset tests the exact enumeration may spend over all accepted combinations. */
const EXACT_WORK = 3_000_000;
/** Primes the exact enumeration may list before the rest goes greedy (the cover search grows with them). */
const MAX_PRIMES = 3_000;

export function covers(cube: Cube, mask: number): boolean {
  return (mask & cube.care) === cube.value;
}

export function primeImplicants(n: number, on: readonly number[], off: readonly number[]): PrimesResult {
  const seen = new Set<string>();
  const primes: Cube[] = [];
  const work = { left: EXACT_WORK };
  let complete = true;
  for (const m of on) {
    const diffs = minimalSets(off.map((r) => m ^ r));
    let cares = complete && primes.length < MAX_PRIMES ? minimalTransversals(diffs, { work }) : undefined;
    if (cares === undefined) {
      complete = false;
      cares = [greedyTransversal(n, diffs)];
    }
    for (const care of cares) {
      const key = `${care}:${m & care}`;
      if (!seen.has(key)) {
        seen.add(key);
        primes.push({ care, value: m & care });
      }
    }
  }
  return { primes, complete };
}

/**
 * One minimal hitting set, greedily: take the field that hits most sets not yet hit (the lowest
 * index on ties), then drop the fields that turned out unneeded, latest taken first.
 */
function greedyTransversal(n: number, family: readonly number[]): number {
  const taken: number[] = [];
  let left = [...family];
  while (left.length > 0) {
    let best = 0;
    let bestHits = -1;
    for (let i = 0; i < n; i += 1) {
      const bit = 1 << i;
      const hits = left.filter((set) => (set & bit) !== 0).length;
      if (hits > bestHits) {
        best = bit;
        bestHits = hits;
      }
    }
    taken.push(best);
    left = left.filter((set) => (set & best) === 0);
  }
  let care = taken.reduce((mask, bit) => mask | bit, 0);
  for (const bit of [...taken].reverse()) {
    const without = care & ~bit;
    if (family.every((set) => (set & without) !== 0)) care = without;
  }
  return care;
}
