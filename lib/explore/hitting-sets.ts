/**
 * Minimal hitting sets of a few small sets of fields (Berge's algorithm), and from them the maximal
 * sets that contain none of those sets: the largest changes still worth trying in one request.
 */
import { minimalSets, popcount } from '../inference/combinations.js';

/** Every minimal set meeting all the edges; undefined past `limit` of them. */
export function minimalTransversals(edges: readonly number[], limit = 512): number[] | undefined {
  let current = [0];
  for (const edge of minimalSets(edges)) {
    if (edge === 0) return [];
    const next: number[] = [];
    for (const t of current) {
      if ((t & edge) !== 0) {
        next.push(t);
        continue;
      }
      for (let rest = edge; rest !== 0; rest &= rest - 1) next.push(t | (rest & -rest));
    }
    current = minimalSets(next);
    if (current.length > limit) return undefined;
  }
  return current;
}

/** The maximal subsets of `universe` that contain no edge, largest first; undefined when too many. */
export function maximalIndependentSets(universe: number, edges: readonly number[], limit = 512): number[] | undefined {
  // An edge reaching outside the universe can never lie inside one of its subsets.
  const transversals = minimalTransversals(
    edges.filter((e) => (e & ~universe) === 0),
    limit,
  );
  if (transversals === undefined) return undefined;
  const sets = [...new Set(transversals.map((t) => universe & ~t))];
  return sets.sort((a, b) => popcount(b) - popcount(a) || a - b);
}
