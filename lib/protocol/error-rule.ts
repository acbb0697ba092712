import { notJudgedCut } from '../http/recorded-body.js';
import type { Exchange } from '../http/types.js';
import { checkErrorBody } from '../schema/validate-error-body.js';

/** The outcome of checking one answer against spec §7. */
export interface ErrorRuleCheck {
  holds: boolean;
  /** Readable problems when it does not hold. */
  problems: string[];
}

/** A 400 whose body was cut at MAX_RECORDED_BODY_BYTES: its shape is unseen, so rule 1 is not judged. */
export function ruleOneNotJudged(exchange: Exchange): string | undefined {
  return exchange.status === 400 ? notJudgedCut(exchange) : undefined;
}

/**
 * spec §7 rule 1: a request rejected as malformed gets 400 with the §7 error object and
 * error.code `invalidRequest`. Other statuses and codes are not shown (§7 rule 3), so this
 * returns undefined for every answer but a 400: what they carry is recorded, not judged. Nor is a
 * 400 whose body was cut (ruleOneNotJudged says so): a cut body is never judged on its shape.
 */
export function checkErrorRule(exchange: Exchange): ErrorRuleCheck | undefined {
  if (exchange.status !== 400 || exchange.responseBodyTruncated) return undefined;
  const body = checkErrorBody(exchange.responseBody);
  const problems = [...body.problems];
  if (body.valid && body.code !== 'invalidRequest') {
    problems.push(`error.code is ${JSON.stringify(body.code)}, not "invalidRequest" (spec §7 rule 1)`);
  }
  return { holds: problems.length === 0, problems };
}
