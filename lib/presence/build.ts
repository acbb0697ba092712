/**
 * The two ways presence evidence comes to be: every combination observed (the exhaustive matrix, whose
 * rule lib/inference reads from the observations), or an exploration (lib/explore: its rule, roles and
 * dependencies, exactness and assumptions, with the observations as the matrix records them).
 */
import type { ExploreResult } from '../explore/types.js';
import { inferPresence } from '../inference/infer-presence.js';
import type { Observation, PresenceInference } from '../inference/types.js';
import type { Rule } from '../rule/rule.js';
import { ruleOf } from '../rule/rule-value.js';
import { PresenceEvidence } from './evidence.js';

/** The value the inference attached beside its rule's text (lib/rule/rule-value.ts). */
function madeRule(inference: PresenceInference): Rule {
  const rule = ruleOf(inference.rule);
  if (rule === undefined) throw new Error('evidenceFromMatrix: the inference attaches the value of its rule');
  return rule;
}

export function evidenceFromMatrix(fields: readonly string[], observations: readonly Observation[]): PresenceEvidence {
  const inference = inferPresence([...fields], [...observations]);
  const missing = 2 ** fields.length - observations.length;
  const unusable = inference.rule.unknown.length;
  const unresolved = [
    ...(missing > 0 ? [`${missing} of ${2 ** fields.length} combinations were not sent`] : []),
    ...(unusable > 0 && missing === 0 ? [`${unusable} combinations got no usable answer`] : []),
  ];
  return new PresenceEvidence(fields, observations, {
    strategy: 'exhaustive',
    expression: inference.rule.expression,
    expr: madeRule(inference).expr,
    roles: Object.fromEntries(Object.entries(inference.roles ?? {}).map(([name, role]) => [name, role.presence])),
    dependencies: inference.rule.dependencies,
    exact: unresolved.length === 0,
    assumptions: [],
    unresolved,
  });
}

/**
 * `observations`: what was sent, with statuses and error codes (the explorer's own carry only the verdict).
 * `explorerNotUsed`: why the exact rule disagrees with an answer (explorer-check.ts); the later suites then
 * treat the rule as not exact, as the report does, and answer only from what was observed.
 */
export function evidenceFromExploration(
  fields: readonly string[],
  result: ExploreResult,
  observations: readonly Observation[],
  explorerNotUsed?: string,
): PresenceEvidence {
  return new PresenceEvidence(fields, observations, {
    strategy: result.strategy,
    expression: result.rule,
    expr: result.ruleExpr,
    roles: result.roles,
    dependencies: result.dependencies,
    exact: result.exact && explorerNotUsed === undefined,
    assumptions: result.assumptions,
    unresolved: explorerNotUsed === undefined ? result.unresolved : [...result.unresolved, explorerNotUsed],
  });
}
