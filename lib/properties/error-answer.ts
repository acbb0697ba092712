/**
 * Property 2: every 4xx body is the spec §7 error object, and every 400 carries error.code
 * `invalidRequest` (spec §7 rule 1).
 *
 * A 400 that breaks rule 1 is a counterexample. A 4xx other than 400 whose body is not the §7
 * object is only recorded: §4 names the error response as "status 400 with a JSON error object"
 * and §7 rule 3 leaves other status codes "not shown", so the spec does not require their shape.
 */
import { checkErrorRule, ruleOneNotJudged } from '../protocol/error-rule.js';
import { notJudgedCut } from '../http/recorded-body.js';
import type { Exchange } from '../http/types.js';
import { checkErrorBody } from '../schema/validate-error-body.js';
import { isClientErrorStatus } from '../http/status.js';
import { answerOf, type PropertyCheck } from './check-result.js';

export function checkErrorAnswer(exchange: Exchange): PropertyCheck {
  const answer = answerOf(exchange);
  if (answer.kind === 'none') return { kind: 'no-answer', problem: answer.problem };
  if (answer.kind === 'hang') return { kind: 'not-judged', reason: 'no answer in time (property 1 reports it)' };
  const { status } = answer;
  if (!isClientErrorStatus(status)) return { kind: 'not-judged', reason: `answered ${status}, not a 4xx` };
  const cut = ruleOneNotJudged(exchange) ?? notJudgedCut(exchange);
  if (cut !== undefined) return { kind: 'not-judged', reason: `${status}: ${cut}` };
  if (status === 400) {
    const rule = checkErrorRule(exchange);
    if (rule !== undefined && !rule.holds) return { kind: 'violated', problem: `400 breaks spec §7 rule 1: ${rule.problems.join('; ')}` };
    return { kind: 'holds' };
  }
  const body = checkErrorBody(exchange.responseBody);
  if (!body.valid) return { kind: 'holds', note: `${status} body is not the §7 error object: ${body.problems.join('; ')}` };
  return { kind: 'holds' };
}
