/**
 * The maximal sets of fields that contain none of a few small sets, from their minimal hitting sets:
 * the largest changes still worth trying in one request.
 */
import { popcount } from '../rule/field-set.js';
import { minimalTransversals } from '../rule/hitting-sets.js';

/** The maximal subsets of `universe` that contain no edge, largest first; undefined when too many. */
export function maximalIndependentSets(universe: number, edges: readonly number[], limit = 512): number[] | undefined {
  // An edge reaching outside the universe can never lie inside one of its subsets.
  const transversals = minimalTransversals(
    edges.filter((e) => (e & ~universe) === 0),
    { maxSets: limit },
  );
  if (transversals === undefined) return undefined;
  const sets = [...new Set(transversals.map((t) => universe & ~t))];
  return sets.sort((a, b) => popcount(b) - popcount(a) || a - b);
}
