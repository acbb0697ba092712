/**
 * spec §9: "The subscription path contains the version segment v2.0 right after _api." The create on
 * that path, with a body the target accepted before, must be served there.
 */
import type { Exchange } from '../http/types.js';
import { checkRefusalRule, ruleWords } from './error-rule.js';
import { isSuccessStatus } from '../http/status.js';
import { answerOf, describeAnswer } from './answer.js';
import { noAnswer, type Judgement } from './judgement.js';
import { judgeServerError } from './server-error.js';

const VERSION_SPEC_REF = 'spec §9 (the path contains v2.0), spec §4 (the path)';
const EXPECTED = '2xx: the create is served on /_api/v2.0/drive/root/subscriptions';
/** Answers that say the path or the method is not served there. */
const NOT_SERVED = new Set([404, 405, 501]);

/**
 * `accepted` tells whether the body is one the target accepted before (the presence matrix or
 * ACCEPTED_FIELDS): only then does a refusal speak against the path. 2xx CONFORMS; 404, 405 or 501
 * DEVIATES (not served); a refusal of the body breaking spec §7 rule 1 DEVIATES, whatever its status (a 422 as much
 * as a 400 with another body: checkRefusalRule); a server error DEVIATES; anything else is INFORMATIONAL.
 */
export function judgeSpecVersionPath(exchange: Exchange, accepted: boolean): Judgement {
  const answer = answerOf(exchange);
  const observed = describeAnswer(exchange);
  if (answer.kind === 'no-answer') return noAnswer(VERSION_SPEC_REF, observed, EXPECTED);
  const { status } = answer;
  const base = { specRef: VERSION_SPEC_REF, expected: EXPECTED, observed };
  if (isSuccessStatus(status)) return { ...base, verdict: 'CONFORMS' };
  if (NOT_SERVED.has(status)) {
    return { ...base, verdict: 'DEVIATES', finding: `the create on the v2.0 path was answered ${status}: the path is not served` };
  }
  const failed = judgeServerError('the create on the v2.0 path', exchange, VERSION_SPEC_REF);
  if (failed !== undefined) return failed;
  const rule = checkRefusalRule(exchange);
  if (rule !== undefined && !rule.holds) {
    const words = ruleWords();
    return {
      ...base,
      verdict: 'DEVIATES',
      specRef: words.cite,
      expected: words.expected,
      observed: `${observed}; ${rule.problems.join('; ')}`,
      finding: `the refusal (${status}) on the v2.0 path breaks ${words.cite} (${words.reading})`,
      ruleOneBroken: [exchange],
    };
  }
  const why = accepted ? 'a body the target accepted before' : "the spec's five-field body (no accepted body is known)";
  return {
    ...base,
    verdict: 'INFORMATIONAL',
    specRef: `${VERSION_SPEC_REF}: not judged`,
    finding: `the create on the v2.0 path with ${why} was answered ${observed}`,
  };
}
