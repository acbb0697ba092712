/**
 * Verdicts of the spec's two reported observations (spec §4 "Observed behaviour"): what the target answers
 * is recorded; where it refuses the body, spec §7 rule 1 (400, error.code invalidRequest, the §7 error
 * object) is checked as for every refused body (checkRefusalRule). A report is not a rule: a different answer is INFORMATIONAL, a broken §7 error is DEVIATES.
 */
import { failureText } from '../http/answer-text.js';
import { isSuccessStatus } from '../http/status.js';
import type { Exchange } from '../http/types.js';
import { checkRefusalRule, ruleWords } from './error-rule.js';
import type { Judgement } from './judgement.js';
import { judgeServerError } from './server-error.js';

const answered = (exchange: Exchange): string =>
  exchange.failure !== undefined ? failureText(exchange.failure) : `status ${exchange.status}`;

/** Observation 1: the body with every field, reported answered 400 invalidRequest. `what`: e.g. "all five fields". */
export function judgeReportedRejected(what: string, exchange: Exchange): Judgement {
  const observed = answered(exchange);
  const failed = judgeServerError(what, exchange, 'spec §4 observed behaviour');
  if (failed !== undefined) return failed;
  if (exchange.failure !== undefined || exchange.status === null)
    return { specRef: 'spec §4 observed behaviour', verdict: 'ERROR', observed };
  const rule = checkRefusalRule(exchange);
  if (rule !== undefined) {
    const words = ruleWords();
    return {
      specRef: `spec §4 observed behaviour; ${words.cite}`,
      verdict: rule.holds ? 'CONFORMS' : 'DEVIATES',
      expected: words.declared ? words.expected : '400 with error.code "invalidRequest" and the §7 error object',
      observed: rule.holds ? observed : `${observed}; ${rule.problems.join('; ')}`,
      ...(rule.holds
        ? {}
        : { finding: `the refusal of ${what} (${exchange.status}) breaks ${words.cite}: ${words.reading}`, ruleOneBroken: [exchange] }),
    };
  }
  return {
    specRef: 'spec §4 observed behaviour (a report, not a rule)',
    verdict: 'INFORMATIONAL',
    observed,
    finding: `${what} answered ${exchange.status}, not the 400 the spec reports`,
  };
}

/** Observation 2: the body reported accepted (`fields`), recorded as the target answers it. */
export function judgeReportedAccepted(fields: readonly string[], exchange: Exchange): Judgement {
  const observed = answered(exchange);
  const status = exchange.status;
  const failed = judgeServerError(fields.join(', '), exchange, 'spec §4 observed behaviour');
  if (failed !== undefined) return failed;
  if (exchange.failure !== undefined || status === null) return { specRef: 'spec §4 observed behaviour', verdict: 'ERROR', observed };
  const accepted = isSuccessStatus(status);
  const rule = checkRefusalRule(exchange);
  const broken = rule !== undefined && !rule.holds;
  const words = ruleWords();
  return {
    specRef: accepted ? 'spec §4 observed behaviour (a report, not a rule)' : 'spec §4 observed behaviour; spec §7',
    verdict: broken ? 'DEVIATES' : 'INFORMATIONAL',
    observed: broken ? `${observed}; ${rule.problems.join('; ')}` : observed,
    ...(broken ? { ruleOneBroken: [exchange] } : {}),
    // When the refusal breaks §7 rule 1, that is the deviation, and the headline says it first.
    finding: accepted
      ? `${fields.join(', ')} accepted (${status}), as the spec reports`
      : broken
        ? `the refusal of ${fields.join(', ')} (${status}) breaks ${words.cite}: ${words.reading}; the spec reports this body accepted`
        : `${fields.join(', ')} answered ${status}, not accepted as the spec reports`,
  };
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/**
 * The two observations' words and case ids, for the suite that sends them and the plan that names them before a run:
 * every field ("all five fields", `spec-4/observation-all-five`), and the reported-accepted body, named by the fields
 * it leaves out (`spec-4/observation-without-changeType-resource`), when the description has one.
 */
export function observationCases(
  fields: readonly string[],
  reportedAccepted: readonly string[] | undefined,
): { allWords: string; allId: string; left: string[]; withoutId?: string } {
  const allWords = `all ${NUMBER_WORDS[fields.length] ?? fields.length} fields`;
  const left = fields.filter((f) => !(reportedAccepted ?? []).includes(f));
  return {
    allWords,
    allId: `spec-4/observation-${allWords.replaceAll(' ', '-').replace(/-fields$/, '')}`,
    left,
    ...(reportedAccepted !== undefined ? { withoutId: `spec-4/observation-without-${left.join('-')}` } : {}),
  };
}
