/**
 * Observations turned into the sets inference works on: the accepted, the rejected and the unusable. Only `accepted` and `rejected` are
 * evidence; `unstable`, `error` and combinations never sent are don't-cares.
 */
import { fieldIndex, formatCombination, maskOf, MAX_FIELDS } from '../rule/field-set.js';
import type { Observation } from './types.js';

export interface AnswerSets {
  fields: readonly string[];
  /** Masks of accepted combinations, ascending. */
  accepted: number[];
  /** Masks of rejected combinations, ascending. */
  rejected: number[];
  /** Masks of combinations sent without usable evidence (unstable, error), ascending. */
  unusable: number[];
  observationOf: Map<number, Observation>;
}

/** Each combination with a verdict, by its mask: true accepted, false rejected (what roles and dependencies read). */
export function verdictsOf(evidence: Pick<AnswerSets, 'accepted' | 'rejected'>): Map<number, boolean> {
  return new Map<number, boolean>([
    ...evidence.accepted.map((m) => [m, true] as const),
    ...evidence.rejected.map((m) => [m, false] as const),
  ]);
}

export function collectAnswerSets(api: string, fields: readonly string[], observations: readonly Observation[]): AnswerSets {
  if (fields.length > MAX_FIELDS) {
    throw new RangeError(`${api} supports at most ${MAX_FIELDS} fields, got ${fields.length}`);
  }
  const index = fieldIndex(fields);
  if (index.size !== fields.length) throw new Error(`${api} fields should be distinct, got ${fields.join(', ')}`);

  const observationOf = new Map<number, Observation>();
  for (const observation of observations) {
    const mask = maskOf(index, observation.present);
    if (mask === undefined) {
      const stranger = observation.present.find((name) => !index.has(name)) ?? '';
      throw new Error(`${api} observation names '${stranger}', which is not one of the fields (${fields.join(', ')})`);
    }
    if (observationOf.has(mask)) {
      throw new Error(
        `${api} combination ${formatCombination(observation.present)} is observed twice; repeats should be merged into one observation`,
      );
    }
    observationOf.set(mask, observation);
  }

  const masks = [...observationOf.keys()].sort((a, b) => a - b);
  const having = (outcomes: readonly string[]): number[] => masks.filter((m) => outcomes.includes(observationOf.get(m)?.outcome ?? ''));
  return {
    fields,
    accepted: having(['accepted']),
    rejected: having(['rejected']),
    unusable: having(['unstable', 'error']),
    observationOf,
  };
}
