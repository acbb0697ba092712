/**
 * The minimal changes that get a body rejected, among changes that each were accepted alone
 * ("edges": e.g. removing both present members of Or(a, b), or adding two members of ZeroOrOne).
 * Rejection must be monotone over the changes tried (more of them never makes a rejected body
 * accepted); the caller picks universes where the supported class guarantees it.
 *
 * Each round tries one maximal change that contains no known edge. Accepted: every change inside it
 * is accepted too. Rejected: a minimal rejected part of it is a new edge. When every maximal change
 * has been tried, there is no further edge.
 */
import { popcount } from '../rule/field-set.js';
import { maximalIndependentSets } from './hitting-sets.js';
import { minimalSubset, type MaskTest } from './minimal-subset.js';

export interface EdgeSearch {
  edges: number[];
  /** Changes seen accepted that contain no edge, largest first. */
  independent: number[];
  /** False when an answer was unusable, the budget ran out, or the search hit its bound. */
  complete: boolean;
}

/**
 * `universe`: the changes (fields to toggle) to combine. `constraints`: edges known from elsewhere,
 * never to be combined again. `rejects(change)`: whether toggling those fields gets rejected.
 * `order(mask)`: the fields of a change, in the order to search them.
 */
export async function learnEdges(
  universe: number,
  constraints: readonly number[],
  rejects: MaskTest,
  order: (mask: number) => number[],
): Promise<EdgeSearch> {
  const edges: number[] = [];
  const independent: number[] = [];
  const given = new Set<number>();
  let complete = true;
  for (;;) {
    const sets = maximalIndependentSets(universe, [...constraints, ...edges]);
    if (sets === undefined) return { edges, independent, complete: false };
    const next = sets.find((s) => !given.has(s) && !independent.some((ok) => (s & ~ok) === 0));
    if (next === undefined) break;
    if (popcount(next) <= 1) {
      independent.push(next);
      continue;
    }
    const rejected = await rejects(next);
    if (rejected === undefined) {
      complete = false;
      given.add(next);
      continue;
    }
    if (!rejected) {
      independent.push(next);
      continue;
    }
    const edge = await minimalSubset(order(next), rejects, (m) => popcount(m) <= 1);
    if (edge === undefined) {
      complete = false;
      given.add(next);
      continue;
    }
    edges.push(edge);
  }
  independent.sort((a, b) => popcount(b) - popcount(a) || a - b);
  return { edges, independent, complete };
}
