/**
 * Checks shared by the explorer's tests (nothing outside tests imports it): what the explorer saw,
 * read back from its observations, and the truth restricted to what its assumptions rest on.
 */
import { fieldIndex, maskOf } from '../../lib/rule/field-set.js';
import type { Observation } from '../../lib/inference/types.js';
import { bitsOf } from '../../lib/explore/bits.js';
import { cubesAccept, sameRule, sumOfProducts } from './rule-check.js';
import type { RuleModel } from '../../lib/explore/rule-model.js';

function masksOf(fields: readonly string[], observations: readonly Observation[]): { mask: number; accepted: boolean }[] {
  const index = fieldIndex(fields);
  return observations
    .filter((o) => o.outcome === 'accepted' || o.outcome === 'rejected')
    .map((o) => ({ mask: maskOf(index, o.present) ?? -1, accepted: o.outcome === 'accepted' }));
}

/** Whether the rule gives every answer that was seen. */
export function agreesWithObservations(fields: readonly string[], rule: string, observations: readonly Observation[]): boolean {
  const cubes = sumOfProducts(fields, rule);
  return masksOf(fields, observations).every(({ mask, accepted }) => cubesAccept(cubes, mask) === accepted);
}

/**
 * The explorer's lookalikes, from its observations alone: fields whose change alone from the start
 * was rejected and that never differed from the start in an accepted combination.
 */
export function lookalikesSeen(fields: readonly string[], start: number, observations: readonly Observation[]): number {
  const seen = masksOf(fields, observations);
  const variable = seen.filter((o) => o.accepted).reduce((mask, o) => mask | (o.mask ^ start), 0);
  const sensitive = fields.reduce(
    (mask, _, i) => (seen.some((o) => o.mask === (start ^ (1 << i)) && !o.accepted) ? mask | (1 << i) : mask),
    0,
  );
  return sensitive & ~variable;
}

/** The rule and the truth agree wherever the given fields keep their value in the start. */
export function sameWhereKept(n: number, truth: RuleModel, rule: string, fields: readonly string[], kept: number, start: number): boolean {
  const pinned: RuleModel = { ...truth, required: truth.required | (kept & start), forbidden: truth.forbidden | (kept & ~start) };
  const literals = bitsOf(kept).map((i) => ((start & (1 << i)) !== 0 ? fields[i] : `!${fields[i] ?? ''}`));
  const restricted = literals.length === 0 ? rule : `(${rule}) && ${literals.join(' && ')}`;
  if ((truth.required & kept & ~start) !== 0 || (truth.forbidden & kept & start) !== 0) {
    // The truth itself rejects the start's values there: both sides reject everything kept.
    return sumOfProducts(fields, restricted).length === 0;
  }
  return sameRule(n, pinned, restricted, fields).equal;
}
