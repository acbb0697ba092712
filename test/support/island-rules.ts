/**
 * Random "island" rules of the explorer's class for the bench and the property test: a few
 * required and forbidden fields, the rest optional, plus one to three IDL dependencies (OnlyOne and
 * AllOrNone among them), kept only when the accepted share is from 1/256 to 1/16 and no combination
 * one change away from the full or the empty body is accepted (so single-field moves find nothing).
 */
import type { IdlKind } from '../../lib/inference/types.js';
import { classRule, fieldNames, type ClassRule, type RoleSpec } from './random-rule.js';
import { components, modelAccepts } from '../../lib/explore/rule-model.js';
import type { Rng } from '../../lib/explore/rng.js';

const KINDS: readonly IdlKind[] = ['OnlyOne', 'AllOrNone', 'OnlyOne', 'AllOrNone', 'Requires', 'ZeroOrOne', 'Or'];

/** Share of all combinations the rule accepts, from its parts (no enumeration of 2^n). */
export function acceptedShare(rule: ClassRule): number {
  if ((rule.required & rule.forbidden) !== 0) return 0;
  let share = 2 ** -bitCount(rule.required | rule.forbidden);
  for (const part of components(rule)) share *= part.accepted.length / 2 ** part.fields.length;
  return share;
}

function bitCount(mask: number): number {
  let c = 0;
  for (let m = mask; m !== 0; m &= m - 1) c += 1;
  return c;
}

/** Whether one change from the full or the empty body (or either itself) is accepted. */
export function reachableBySingleMoves(rule: ClassRule): boolean {
  const n = rule.fields.length;
  const all = 2 ** n - 1;
  const tries = [all, 0];
  for (let i = 0; i < n; i += 1) tries.push(all & ~(1 << i), 1 << i);
  return tries.some((m) => modelAccepts(rule, m));
}

/** An island rule over n fields drawn from the rng (bounded: at most 10 000 draws, then throws). */
export function randomIslandRule(n: number, rng: Rng): ClassRule {
  for (let draw = 0; draw < 10_000; draw += 1) {
    const tied = 2 + rng.below(6);
    const roles: RoleSpec[] = Array.from({ length: n }, () => 'optional');
    for (let k = 0; k < tied; k += 1) roles[rng.below(n)] = rng.next() < 0.6 ? 'required' : 'forbidden';
    const statements = Array.from({ length: 1 + rng.below(3) }, () => {
      const kind = KINDS[rng.below(KINDS.length)] as IdlKind;
      const size = kind === 'Requires' ? 2 : 2 + rng.below(3);
      const members: number[] = [];
      while (members.length < size) {
        const i = rng.below(n);
        if (!members.includes(i)) members.push(i);
      }
      return { kind, members };
    });
    const rule = classRule(fieldNames(n), roles, statements);
    const share = acceptedShare(rule);
    if (share >= 1 / 256 && share <= 1 / 16 && !reachableBySingleMoves(rule)) return rule;
  }
  throw new Error(`randomIslandRule: no island rule over ${n} fields in 10000 draws`);
}
