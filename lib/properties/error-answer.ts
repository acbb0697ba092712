/**
 * Property 2: every refusal of a body is 400 with the spec §7 error object and error.code
 * `invalidRequest` (spec §7 rule 1, read as every judge reads it: lib/protocol/error-rule.ts,
 * checkRefusalRule).
 *
 * A refusal that breaks rule 1 (a 400 with another body, a 422) is a counterexample. A 4xx about
 * something else than the body (413, 415, 409, ...) whose body is not the §7 object is only recorded:
 * §7 rule 3 leaves other status codes "not shown", so the spec does not require their shape.
 */
import { checkRefusalRule, ruleOneNotJudged, ruleWords } from '../protocol/error-rule.js';
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
  const rule = checkRefusalRule(exchange);
  if (rule !== undefined && !rule.holds)
    return { kind: 'violated', problem: `${status} breaks ${ruleWords().cite}: ${rule.problems.join('; ')}` };
  const cut = ruleOneNotJudged(exchange) ?? notJudgedCut(exchange);
  if (cut !== undefined) return { kind: 'not-judged', reason: `${status}: ${cut}` };
  if (rule !== undefined || ruleWords().declared) return { kind: 'holds' };
  const body = checkErrorBody(exchange.responseBody);
  if (!body.valid) return { kind: 'holds', note: `${status} body is not the §7 error object: ${body.problems.join('; ')}` };
  return { kind: 'holds' };
}

/**
 * Property 2's finding when it held, counted from the same checks it summarises: `holds` (4xx answers
 * judged, the §7 object or a non-400 recorded with a note), `noted` (of those, a non-400 whose body is not
 * the §7 object), `rejected` (4xx answers in all, a body cut before it could be judged included).
 */
export function errorBodySummary(holds: number, noted: number, rejected: number, tried: number): string {
  if (rejected === 0) return `no random body was answered 4xx (${tried} tried): nothing to check`;
  const withObject = holds - noted;
  const notJudged = rejected - holds;
  const had =
    withObject === rejected
      ? `every one of ${rejected} 4xx answers had the §7 error object, each 400 with error.code invalidRequest`
      : `${withObject} of ${rejected} 4xx answers had the §7 error object (each 400 with error.code invalidRequest)`;
  const other =
    noted === 0
      ? ''
      : `; ${noted} 4xx about something else than the body (413, 415, ...) had another body, recorded only (spec §7 rule 3 leaves them open)`;
  const cut = notJudged === 0 ? '' : `; ${notJudged} not judged (the body was cut)`;
  return `${had}${other}${cut}`;
}
