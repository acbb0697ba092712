/**
 * Rules of the supported class (required, forbidden and optional fields plus IDL statements), for
 * the property tests and the benchmark: built from a description, or drawn at random from a seed.
 */
import { fieldIndex, maskOf } from '../../lib/rule/field-set.js';
import type { Statement } from '../../lib/inference/idl-statement.js';
import type { IdlKind } from '../../lib/inference/types.js';
import { spread } from '../../lib/explore/bits.js';
import { components, modelAccepts, type RuleModel } from '../../lib/explore/rule-model.js';
import type { Rng } from '../../lib/explore/rng.js';
import type { Oracle } from '../../lib/explore/types.js';

export type RoleSpec = 'required' | 'forbidden' | 'optional';

export interface ClassRule extends RuleModel {
  fields: string[];
}

export const IDL_KINDS: readonly IdlKind[] = ['Requires', 'OnlyOne', 'AllOrNone', 'ZeroOrOne', 'Or'];

export function fieldNames(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `f${i}`);
}

/**
 * Roles per field and statements over field indices. A Requires keeps its first two distinct
 * members (antecedent, consequent); a group keeps its distinct members in field order; statements
 * left with fewer than two fields are dropped.
 */
export function classRule(
  fields: readonly string[],
  roles: readonly RoleSpec[],
  statements: readonly { kind: IdlKind; members: readonly number[] }[],
): ClassRule {
  const withRole = (role: RoleSpec): number => roles.reduce((mask, r, i) => (r === role ? mask | (1 << i) : mask), 0);
  const normalised = statements.flatMap((s): Statement[] => {
    const members = [...new Set(s.members.filter((i) => i >= 0 && i < fields.length))];
    if (s.kind === 'Requires') return members.length >= 2 ? [{ kind: 'Requires', members: members.slice(0, 2) }] : [];
    return members.length >= 2 ? [{ kind: s.kind, members: members.sort((a, b) => a - b) }] : [];
  });
  return { fields: [...fields], required: withRole('required'), forbidden: withRole('forbidden'), statements: normalised };
}

export interface RandomRuleShape {
  /** Relative weights of required, forbidden and optional. Default equal. */
  roleWeights?: readonly [number, number, number];
  /** Most statements (default 3) and largest group (default 4). */
  maxStatements?: number;
  maxGroup?: number;
}

/** Random role per field and 0..3 random statements (kind, group of 2..4) over random fields. */
export function randomClassRule(n: number, rng: Rng, shape: RandomRuleShape = {}): ClassRule {
  const [wr, wf, wo] = shape.roleWeights ?? [1, 1, 1];
  const roles = Array.from({ length: n }, (): RoleSpec => {
    const x = rng.next() * (wr + wf + wo);
    return x < wr ? 'required' : x < wr + wf ? 'forbidden' : 'optional';
  });
  const count = rng.below((shape.maxStatements ?? 3) + 1);
  const statements = Array.from({ length: count }, () => {
    const kind = IDL_KINDS[rng.below(IDL_KINDS.length)] as IdlKind;
    const size = kind === 'Requires' ? 2 : 2 + rng.below((shape.maxGroup ?? 4) - 1);
    const members: number[] = [];
    while (members.length < Math.min(size, n)) {
      const i = rng.below(n);
      if (!members.includes(i)) members.push(i);
    }
    return { kind, members };
  });
  return classRule(fieldNames(n), roles, statements);
}

/** A random accepted combination of the rule (every field not tied by it drawn at random), if it has any. */
export function sampleAccepted(model: RuleModel, n: number, rng: Rng): number | undefined {
  if ((model.required & model.forbidden) !== 0) return undefined;
  const parts = components(model);
  if (parts.some((p) => p.accepted.length === 0)) return undefined;
  let tied = model.required | model.forbidden;
  let mask = model.required;
  for (const part of parts) {
    mask |= spread(part.fields, part.accepted[rng.below(part.accepted.length)] ?? 0);
    tied |= spread(part.fields, 2 ** part.fields.length - 1);
  }
  for (let i = 0; i < n; i += 1) if ((tied & (1 << i)) === 0 && rng.next() < 0.5) mask |= 1 << i;
  return mask;
}

/** A target that follows the rule exactly (answers at once, never 'unknown'). */
export function oracleFor(rule: ClassRule): Oracle {
  const index = fieldIndex(rule.fields);
  return async (present) => {
    const mask = maskOf(index, [...present]);
    if (mask === undefined) throw new Error(`oracleFor: a body names a field outside ${rule.fields.join(', ')}`);
    return modelAccepts(rule, mask) ? 'accepted' : 'rejected';
  };
}

/**
 * The oracle of a target whose errors name what a schema-per-field framework names (pydantic, zod,
 * ProblemDetails): the required fields missing and the forbidden fields present. A rule across
 * fields (an IDL statement) is refused without naming anything, as a model-level validator does.
 * With `lying`, the names are drawn at random instead: the search must not depend on them.
 */
export function namingOracleFor(rule: ClassRule, lying?: Rng): Oracle {
  const index = fieldIndex(rule.fields);
  return async (present) => {
    const mask = maskOf(index, [...present]);
    if (mask === undefined) throw new Error(`namingOracleFor: a body names a field outside ${rule.fields.join(', ')}`);
    if (modelAccepts(rule, mask)) return 'accepted';
    const named =
      lying === undefined
        ? rule.fields.filter((_, i) => ((rule.required & ~mask) | (rule.forbidden & mask)) & (1 << i))
        : rule.fields.filter(() => lying.next() < 0.2);
    return { answer: 'rejected', named };
  };
}
