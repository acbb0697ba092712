/**
 * Requests whose treatment the spec leaves open (a Content-Type variant, duplicate keys, a large body,
 * another version or method): what the target did is recorded as INFORMATIONAL.
 */
import type { Exchange } from '../http/types.js';
import { checkErrorRule } from './error-rule.js';
import { answerOf, describeAnswer } from './answer.js';
import { noAnswer, type Judgement } from './judgement.js';

export interface OpenCase {
  /** Plain words for the request, e.g. "Content-Type: text/plain". */
  label: string;
  /** Why it is open, e.g. `open: spec §9 (other versions: not shown)`. */
  specRef: string;
  /**
   * Whether spec §7 rule 1 judges a 400 to this request: true for a create on the spec's path, where
   * any 400 must carry invalidRequest in the §7 error object; false for another path or method, which
   * the spec does not describe (the error body is then only recorded).
   */
  ruleOneApplies: boolean;
  /** Words appended to the finding, e.g. which of two duplicate values the record kept. */
  detail?: string;
}

/**
 * INFORMATIONAL with what was seen; DEVIATES only for a 400 that breaks spec §7 rule 1 where the rule
 * applies; ERROR when there is no answer. A 5xx is recorded ("answered 500"): these requests are not
 * malformed, so rule 1 says nothing of them.
 */
export function judgeOpenRequest(open: OpenCase, exchange: Exchange): Judgement {
  const answer = answerOf(exchange);
  const observed = describeAnswer(exchange);
  if (answer.kind === 'no-answer') return noAnswer(open.specRef, observed);
  if (open.ruleOneApplies) {
    const rule = checkErrorRule(exchange);
    if (rule !== undefined && !rule.holds) {
      return {
        verdict: 'DEVIATES',
        specRef: 'spec §7 rule 1',
        expected: 'a 400 carries error.code "invalidRequest" in the §7 error object',
        observed: `${observed}; ${rule.problems.join('; ')}`,
        finding: `${open.label}: the 400 breaks spec §7 rule 1`,
      };
    }
  }
  const detail = open.detail !== undefined ? `; ${open.detail}` : '';
  return { verdict: 'INFORMATIONAL', specRef: open.specRef, observed, finding: `${open.label}: answered ${observed}${detail}` };
}
