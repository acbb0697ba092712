import type { Exchange } from '../http/types.js';
import { checkErrorBody } from '../schema/validate-error-body.js';

/** The outcome of checking one answer against spec §7. */
export interface ErrorRuleCheck {
  holds: boolean;
  /** Readable problems when it does not hold. */
  problems: string[];
}

/**
 * spec §7 error body shape and rule 1: a 400 carries the JSON error object and error.code
 * `invalidRequest`. Other 4xx must carry the error object too (§7 shape); their codes are
 * not shown (§7 rule 3). Returns undefined for answers the rule does not speak to.
 */
export function checkErrorRule(exchange: Exchange): ErrorRuleCheck | undefined {
  const status = exchange.status;
  if (status === null || status < 400 || status >= 500) return undefined;
  const body = checkErrorBody(exchange.responseBody);
  const problems = [...body.problems];
  if (status === 400 && body.valid && body.code !== 'invalidRequest') {
    problems.push(`error.code is ${JSON.stringify(body.code)}, not "invalidRequest" (spec §7 rule 1)`);
  }
  return { holds: problems.length === 0, problems };
}
