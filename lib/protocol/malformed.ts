/**
 * spec §7 rule 1: "When a subscription creation request is rejected as malformed, the service answers
 * with status 400 and error.code invalidRequest." spec §4 makes the request body a JSON object, so a
 * body that is not one (not JSON, an array, null, nothing) is malformed: 400 invalidRequest or DEVIATES. Where the
 * operation's document declares refusals of its own (./declared-refusals.ts), a refusal it declares is what holds.
 */
import type { Exchange } from '../http/types.js';
import { checkErrorRule, ruleOneNotJudged, ruleWords } from './error-rule.js';
import { notJudgedCut } from '../http/recorded-body.js';
import { isClientErrorStatus, isSuccessStatus } from '../http/status.js';
import { answerOf, describeAnswer } from './answer.js';
import { noAnswer, type Judgement } from './judgement.js';
import { judgeServerError } from './server-error.js';

/** `what` names the body in plain words, e.g. "a JSON array". */
export function judgeMalformedBody(what: string, exchange: Exchange): Judgement {
  const words = ruleWords();
  const specRef = `${words.cite} (spec §4: the request body is a JSON object)`;
  const answer = answerOf(exchange);
  const observed = describeAnswer(exchange);
  if (answer.kind === 'no-answer') return noAnswer(specRef, observed, words.expected);
  const failed = judgeServerError(what, exchange, specRef);
  if (failed !== undefined) return failed;
  const { status } = answer;
  const base = { specRef, expected: words.expected };
  // Spec §7 rule 1 gives a malformed body 400; the document's own refusals may give it any status they declare.
  if (status === 400 || (words.declared && isClientErrorStatus(status))) {
    const cut = ruleOneNotJudged(exchange) ?? (words.declared ? notJudgedCut(exchange) : undefined);
    if (cut !== undefined) return { ...base, verdict: 'INFORMATIONAL', observed, finding: `${what}: answered ${status}; ${cut}` };
    const rule = checkErrorRule(exchange);
    if (rule === undefined && words.declared)
      return {
        ...base,
        verdict: 'INFORMATIONAL',
        observed,
        finding: `${what}: answered ${status}, a status about something other than the body`,
      };
    if (rule === undefined || rule.holds) return { ...base, verdict: 'CONFORMS', observed };
    return {
      ...base,
      verdict: 'DEVIATES',
      observed: `${observed}; ${rule.problems.join('; ')}`,
      finding: `${what}: the ${status} breaks ${words.cite}`,
      ruleOneBroken: [exchange],
    };
  }
  const finding = isSuccessStatus(status)
    ? `${what} was accepted (${status}), not rejected as malformed`
    : `${what} was answered ${status}, not 400 invalidRequest`;
  // A refusal in another status is a kind of refusal (judged once for the run); an acceptance is this case's own.
  return { ...base, verdict: 'DEVIATES', observed, finding, ...(isClientErrorStatus(status) ? { ruleOneBroken: [exchange] } : {}) };
}
