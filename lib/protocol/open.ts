/**
 * Requests whose treatment the spec leaves open (a Content-Type variant, duplicate keys, a large body,
 * another version or method): what the target did is recorded as INFORMATIONAL.
 */
import type { Exchange } from '../http/types.js';
import { checkRefusalRule, REFUSAL_READING } from './error-rule.js';
import { answerOf, describeAnswer } from './answer.js';
import { noAnswer, type Judgement } from './judgement.js';
import { judgeServerError } from './server-error.js';

export interface OpenCase {
  /** Plain words for the request, e.g. "Content-Type: text/plain". */
  label: string;
  /** Why it is open, e.g. `open: spec §9 (other versions: not shown)`. */
  specRef: string;
  /**
   * Whether spec §7 rule 1 judges a refusal of this request: true for a create on the spec's path, whose refusal
   * for its body (a 400, a 422, any 4xx that is not about something else) must be 400 invalidRequest in the §7
   * error object, as every refused body is read (checkRefusalRule); false for another path or method, which the
   * spec does not describe (the error body is then only recorded).
   */
  ruleOneApplies: boolean;
  /** Words appended to the finding, e.g. which of two duplicate values the record kept. */
  detail?: string;
}

/**
 * INFORMATIONAL with what was seen; DEVIATES for a refusal that breaks spec §7 rule 1 where the rule applies
 * (whatever its status: a 422 as much as a 400 with another body), and for a server error (the one reading every
 * suite has: ./server-error.ts); ERROR when there is no answer.
 */
export function judgeOpenRequest(open: OpenCase, exchange: Exchange): Judgement {
  const answer = answerOf(exchange);
  const observed = describeAnswer(exchange);
  if (answer.kind === 'no-answer') return noAnswer(open.specRef, observed);
  const failed = judgeServerError(open.label, exchange, open.specRef);
  if (failed !== undefined) return failed;
  if (open.ruleOneApplies) {
    const rule = checkRefusalRule(exchange);
    if (rule !== undefined && !rule.holds) {
      return {
        verdict: 'DEVIATES',
        specRef: 'spec §7 rule 1',
        expected: '400 with error.code "invalidRequest" in the §7 error object',
        observed: `${observed}; ${rule.problems.join('; ')}`,
        finding: `${open.label}: the refusal (${answer.status}) breaks spec §7 rule 1 (${REFUSAL_READING})`,
      };
    }
  }
  const detail = open.detail !== undefined ? `; ${open.detail}` : '';
  return { verdict: 'INFORMATIONAL', specRef: open.specRef, observed, finding: `${open.label}: answered ${observed}${detail}` };
}
