/**
 * Minimal hitting sets (transversals) of a family of field sets, by Berge's algorithm, over bitmasks
 * (./field-set.ts). The prime implicants of the inference and the explorer's largest safe moves both rest on it.
 */
import { minimalSets } from './field-set.js';

/** Limits of one enumeration: the number of sets kept, and work shared across calls (sets built). */
export interface TransversalBudget {
  maxSets?: number;
  work?: { left: number };
}

/** Every minimal set meeting all the sets of `family`; undefined when the budget runs out. */
export function minimalTransversals(family: readonly number[], budget: TransversalBudget = {}): number[] | undefined {
  let current = [0];
  for (const set of minimalSets(family)) {
    if (set === 0) return [];
    const next: number[] = [];
    for (const t of current) {
      if ((t & set) !== 0) {
        next.push(t);
        continue;
      }
      for (let rest = set; rest !== 0; rest &= rest - 1) next.push(t | (rest & -rest));
    }
    if (budget.work !== undefined) {
      budget.work.left -= next.length * current.length;
      if (budget.work.left < 0) return undefined;
    }
    current = minimalSets(next);
    if (budget.maxSets !== undefined && current.length > budget.maxSets) return undefined;
  }
  return current;
}
