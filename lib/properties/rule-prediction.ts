/**
 * Property 4: for bodies of good values only, the acceptance rule inferred from the presence
 * matrix predicts the outcome: accepted (2xx) exactly when the rule is true for the present fields.
 */
import type { PresenceEvidence } from '../presence/evidence.js';
import type { Exchange } from '../http/types.js';
import { combinationKey } from '../rule/field-set.js';
import { ruleOf } from '../rule/rule-value.js';
import { inferPresence } from '../inference/infer-presence.js';
import type { Observation } from '../inference/types.js';
import { checkErrorBody } from '../schema/validate-error-body.js';
import { isClientErrorStatus, isSuccessStatus } from '../http/status.js';
import { answerOf, type PropertyCheck } from './check-result.js';

export interface RulePredictor {
  /** The rule as inferPresence wrote it. */
  expression: string;
  /** True: accepted; false: rejected; undefined: the matrix has no usable evidence for these fields. */
  predict(present: readonly string[]): boolean | undefined;
}

/** The rule inferred from the matrix observations; combinations without usable evidence predict nothing. */
export function rulePredictor(fields: string[], observations: Observation[]): RulePredictor {
  const { rule } = inferPresence(fields, observations);
  const unknown = new Set(rule.unknown.map(combinationKey));
  // The inference's own value of the rule (lib/rule/rule-value.ts), not its text read back.
  const accepts = ruleOf(rule);
  if (accepts === undefined) throw new Error('rulePredictor: the inference gave its rule no value');
  return {
    expression: rule.expression,
    predict: (present) => (unknown.has(combinationKey(present)) ? undefined : accepts.accepts(present)),
  };
}

/**
 * The presence evidence as a predictor (lib/presence): what was observed, and where the explorer's rule is
 * exact, what it says of combinations never sent; undefined where neither knows.
 */
export function evidencePredictor(evidence: PresenceEvidence): RulePredictor {
  return {
    expression: evidence.rule.expression,
    predict: (present) => {
      const answer = evidence.accepts(present);
      return answer === 'unknown' ? undefined : answer === 'yes';
    },
  };
}

export function checkPrediction(exchange: Exchange, predictedAccepted: boolean): PropertyCheck {
  const answer = answerOf(exchange);
  if (answer.kind === 'none') return { kind: 'no-answer', problem: answer.problem };
  if (answer.kind === 'hang') return { kind: 'not-judged', reason: 'no answer in time (property 1 reports it)' };
  const { status } = answer;
  if (isSuccessStatus(status)) {
    return predictedAccepted
      ? { kind: 'holds' }
      : { kind: 'violated', problem: `accepted (${status}) where the rule predicts a rejection` };
  }
  if (isClientErrorStatus(status)) {
    if (!predictedAccepted) return { kind: 'holds' };
    const code = checkErrorBody(exchange.responseBody).code;
    return { kind: 'violated', problem: `rejected (${status}${code !== undefined ? ` ${code}` : ''}) where the rule predicts acceptance` };
  }
  return { kind: 'not-judged', reason: `answered ${status}, neither accepted nor rejected (property 1 reports it)` };
}
