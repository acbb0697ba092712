import { notJudgedCut } from '../http/recorded-body.js';
import type { Exchange } from '../http/types.js';
import { NOT_ABOUT_THE_BODY } from '../http/status.js';
import type { RefusalsDescription } from '../operation/types.js';
import { checkErrorBody } from '../schema/validate-error-body.js';
import { checkDeclaredRefusal, declaredWords } from './declared-refusals.js';

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
  if (declared !== undefined) return checkRefusalRule(exchange);
  if (exchange.status !== 400 || exchange.responseBodyTruncated) return undefined;
  const body = checkErrorBody(exchange.responseBody);
  const problems = [...body.problems];
  if (body.valid && body.code !== RULE_ONE_CODE) problems.push(codeProblem(body.code));
  return { holds: problems.length === 0, problems };
}

/** The code spec §7 rule 1 gives a request rejected as malformed or incorrect. */
const RULE_ONE_CODE = 'invalidRequest';

/**
 * Why another code breaks rule 1. A code that differs only in letter case (Graph's `InvalidRequest`) is said to be
 * just that: the same word to a reader, another code to a client that compares codes exactly, as a code is compared.
 */
export function codeProblem(code: string | undefined): string {
  const shown = JSON.stringify(code ?? null);
  if (code !== undefined && code.toLowerCase() === RULE_ONE_CODE.toLowerCase()) {
    return `error.code is ${shown}, which differs from "${RULE_ONE_CODE}" only in letter case (spec §7 rule 1; a client that compares codes exactly does not recognise it)`;
  }
  return `error.code is ${shown}, not "${RULE_ONE_CODE}" (spec §7 rule 1)`;
}

/**
 * The one reading of spec §7 rule 1 for a body refused for which fields it has or for a value in it.
 * Such a refusal is a rejection of the request as malformed or incorrect (§7 gives error.message as
 * "text saying the request is malformed or incorrect"), so rule 1 applies: 400 with the §7 error object
 * and error.code `invalidRequest`. A 422, or any other 4xx that is not NOT_ABOUT_THE_BODY, breaks it by
 * its status alone (a cut body is no excuse: the status is whole). Undefined where rule 1 does not
 * judge: no answer, not a 4xx, a status about something else, a 400 whose body was cut.
 */
export function checkRefusalRule(exchange: Exchange): ErrorRuleCheck | undefined {
  const status = exchange.status;
  if (status === null || status < 400 || status > 499 || NOT_ABOUT_THE_BODY.has(status)) return undefined;
  if (aboutAuthentication(exchange)) return undefined;
  if (declared !== undefined) return exchange.responseBodyTruncated ? undefined : checkDeclaredRefusal(exchange, declared);
  if (status === 400) return checkErrorRule(exchange);
  return {
    holds: false,
    problems: [`answered ${status}, where spec §7 rule 1 gives 400 invalidRequest to a request rejected as malformed or incorrect`],
  };
}

/**
 * A refusal whose WWW-Authenticate names an error (RFC 6750 §3: `Bearer error="invalid_request"`) says itself that it
 * is about the credentials, whatever its status: spec §7 rule 3, not a body rejected as malformed.
 */
export function aboutAuthentication(exchange: Exchange): boolean {
  return /(^|[\s,])error\s*=/i.test(exchange.responseHeaders['www-authenticate'] ?? '');
}

/** How rule 1 is read for a refused body, for a case's wording. */
export const REFUSAL_READING =
  'a body refused for its fields or values is a request rejected as malformed or incorrect: spec §7 rule 1 gives it 400 with error.code invalidRequest';

/**
 * The refusals the operation's document declares, when they are not spec §7's error object: set once per process by
 * the run that probes that operation (the suites' context), so that every judge of a refused body reads them.
 */
let declared: RefusalsDescription | undefined;

export function judgeRefusalsBy(refusals: RefusalsDescription | undefined): void {
  declared = refusals;
}

/** The words of the rule a refused body is judged by, for findings: spec §7 rule 1, or the document's refusals. */
export interface RuleWords {
  /** What a finding cites: "spec §7 rule 1". */
  cite: string;
  /** What the rule expects, as a case's `expected`. */
  expected: string;
  /** How the rule is read for a refused body, in a sentence. */
  reading: string;
  /** The document's refusals, not spec §7 rule 1: any refusal about the body is judged, whatever its status. */
  declared: boolean;
}

const SPEC_RULE: RuleWords = {
  cite: 'spec §7 rule 1',
  expected: '400 with error.code "invalidRequest" in the §7 error object',
  reading: REFUSAL_READING,
  declared: false,
};

export function ruleWords(): RuleWords {
  return declared === undefined ? SPEC_RULE : { ...declaredWords(declared), declared: true };
}
