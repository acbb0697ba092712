/**
 * Whether an exact adaptive exploration's rule, roles and dependencies may be stated beside the answers:
 * the rule must be true on each accepted combination and false on each rejected one, its roles must agree
 * with every role the answers alone decide, and its roles and dependencies must hold on every accepted
 * combination. Decided in the worker, as soon as the exploration ends, so that the suites after it trust the
 * rule only when the report will state it; the report states the same decision.
 */
import type { ExploreResult } from '../explore/types.js';
import { dependenciesExact } from '../inference/idl.js';
import { inferPresence } from '../inference/infer-presence.js';
import type { FieldRole, Observation } from '../inference/types.js';
import { fieldIndex, formatCombination, maskOf, presentOf } from '../rule/field-set.js';
import { Rule } from '../rule/rule.js';

/** What an exploration claims. */
export type ExplorerClaim = Pick<ExploreResult, 'strategy' | 'exact' | 'rule' | 'ruleExpr' | 'roles' | 'dependencies'>;

/**
 * Why the explorer's rule cannot be stated beside the answers; undefined when it can, or when there is
 * nothing to decide (not an exact adaptive exploration, or nothing accepted).
 */
export function explorerRuleProblem(
  fields: readonly string[],
  observations: readonly Observation[],
  exploration: ExplorerClaim,
  answeredRoles: Readonly<Record<string, FieldRole>> | undefined = inferPresence([...fields], [...observations]).roles,
): string | undefined {
  if (exploration.strategy !== 'adaptive' || !exploration.exact || answeredRoles === undefined) return undefined;
  return disagreement(fields, exploration, knownVerdicts(fields, observations), answeredRoles);
}

/** mask -> accepted, for every combination with an accepted or rejected answer. */
export function knownVerdicts(fields: readonly string[], observations: readonly Observation[]): Map<number, boolean> {
  const index = fieldIndex(fields);
  const verdicts = new Map<number, boolean>();
  for (const o of observations) {
    const mask = maskOf(index, o.present);
    if (mask !== undefined && (o.outcome === 'accepted' || o.outcome === 'rejected')) verdicts.set(mask, o.outcome === 'accepted');
  }
  return verdicts;
}

/** Why the explorer's rule, roles or dependencies cannot be stated beside the answers, or undefined when they can. */
function disagreement(
  fields: readonly string[],
  exploration: ExplorerClaim,
  verdicts: ReadonlyMap<number, boolean>,
  answeredRoles: Readonly<Record<string, FieldRole>>,
): string | undefined {
  const lead = `the explorer's exact rule ${exploration.rule} is not used`;
  // The explorer made its rule's expression with the text: nothing to parse.
  const rule = Rule.made(exploration.rule, exploration.ruleExpr);
  const stranger = rule.fields.find((f) => !fields.includes(f));
  if (stranger !== undefined) return `${lead}: it names ${stranger}, not a field of the operation`;
  for (const [mask, accepted] of verdicts) {
    const present = presentOf(fields, mask);
    if (rule.accepts(present) !== accepted) {
      return `${lead}: it ${accepted ? 'rejects' : 'accepts'} ${formatCombination(present)}, which the target ${accepted ? 'accepted' : 'rejected'}`;
    }
  }
  for (const name of fields) {
    const answered = answeredRoles[name]?.presence;
    const explored = exploration.roles[name];
    if (answered !== undefined && answered !== 'undetermined' && explored !== answered) {
      return `${lead}: it makes ${name} ${explored ?? 'no role'}, the answers alone ${answered}`;
    }
  }
  // Roles and dependencies must hold on every accepted combination (they may say less than the rule, never other).
  const accepted = new Map([...verdicts].filter(([, ok]) => ok));
  const explorerRoles = Object.fromEntries(
    Object.entries(exploration.roles).map(([name, presence]) => [name, { presence, explanation: '' }]),
  );
  if (!dependenciesExact(fields, explorerRoles, exploration.dependencies, accepted)) {
    return `${lead}: its roles and dependencies reject a combination the target accepted`;
  }
  return undefined;
}
