/**
 * spec §7 rule 1: "When a subscription creation request is rejected as malformed, the service answers
 * with status 400 and error.code invalidRequest." spec §4 makes the request body a JSON object, so a
 * body that is not one (not JSON, an array, null, nothing) is malformed: 400 invalidRequest or DEVIATES.
 */
import type { Exchange } from '../http/types.js';
import { checkErrorRule, ruleOneNotJudged } from './error-rule.js';
import { isClientErrorStatus, isSuccessStatus } from '../http/status.js';
import { answerOf, describeAnswer } from './answer.js';
import { noAnswer, type Judgement } from './judgement.js';
import { judgeServerError } from './server-error.js';

const MALFORMED_SPEC_REF = 'spec §7 rule 1 (spec §4: the request body is a JSON object)';
const EXPECTED = '400 with error.code "invalidRequest" in the §7 error object';

/** `what` names the body in plain words, e.g. "a JSON array". */
export function judgeMalformedBody(what: string, exchange: Exchange): Judgement {
  const answer = answerOf(exchange);
  const observed = describeAnswer(exchange);
  if (answer.kind === 'no-answer') return noAnswer(MALFORMED_SPEC_REF, observed, EXPECTED);
  const failed = judgeServerError(what, exchange, MALFORMED_SPEC_REF);
  if (failed !== undefined) return failed;
  const { status } = answer;
  const base = { specRef: MALFORMED_SPEC_REF, expected: EXPECTED };
  if (status === 400) {
    const cut = ruleOneNotJudged(exchange);
    if (cut !== undefined) return { ...base, verdict: 'INFORMATIONAL', observed, finding: `${what}: answered 400; ${cut}` };
    const rule = checkErrorRule(exchange);
    if (rule === undefined || rule.holds) return { ...base, verdict: 'CONFORMS', observed };
    return {
      ...base,
      verdict: 'DEVIATES',
      observed: `${observed}; ${rule.problems.join('; ')}`,
      finding: `${what}: the 400 breaks spec §7 rule 1`,
      ruleOneBroken: [exchange],
    };
  }
  const finding = isSuccessStatus(status)
    ? `${what} was accepted (${status}), not rejected as malformed`
    : `${what} was answered ${status}, not 400 invalidRequest`;
  // A refusal in another status is a kind of refusal (judged once for the run); an acceptance is this case's own.
  return { ...base, verdict: 'DEVIATES', observed, finding, ...(isClientErrorStatus(status) ? { ruleOneBroken: [exchange] } : {}) };
}
