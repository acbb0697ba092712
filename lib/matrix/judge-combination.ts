/**
 * The verdict of one presence-matrix combination: which fields are required is not shown (spec §4), so the
 * outcome is INFORMATIONAL; a server error DEVIATES, as in every suite (lib/protocol/server-error.ts); no verdict
 * from the target is an ERROR. Neither is evidence for the rule. A refusal that breaks
 * spec §7 rule 1 is said here, and judged once per kind of refusal over the whole matrix
 * (lib/protocol/distinct-refusals.ts): the same 422 on 28 bodies is one deviation.
 */
import type { Judgement } from '../protocol/judgement.js';
import { checkRefusalRule, ruleWords } from '../protocol/error-rule.js';
import { SERVER_ERROR_EXPECTED, SERVER_ERROR_REF, serverErrorOf, serverErrorWords } from '../protocol/server-error.js';
import { answerText, statusOrNoAnswer } from '../http/answer-text.js';
import type { Exchange } from '../http/types.js';
import type { Observation } from '../inference/types.js';
import { noVerdictAdvice } from '../answer/no-verdict.js';
import { refusalWords } from '../inference/refusal-words.js';

const OPEN = 'open: spec §4 which fields are required';

/** The case that judges the matrix's refusals against spec §7 rule 1, once per kind. */
export const REFUSALS_CASE = "'refusals of the presence matrix'";

/** The exchange a case shows: the first that failed, else the first. */
export function shownExchange(answers: readonly Exchange[]): Exchange | undefined {
  return answers.find((a) => a.failure !== undefined) ?? answers[0];
}

export function judgeCombination(observation: Observation, answers: readonly Exchange[]): Judgement {
  const { present } = observation;
  const label = present.length === 0 ? '(none)' : present.join(', ');
  const broken = answers.flatMap((a) => {
    const check = checkRefusalRule(a);
    return check !== undefined && !check.holds ? [`${a.status}: ${check.problems.join('; ')}`] : [];
  });
  const shown = shownExchange(answers);
  const statuses = (observation.statuses ?? []).map(statusOrNoAnswer).join(', ');
  const observed = `${observation.outcome} (${statuses})${observation.errorCode !== undefined ? ` ${observation.errorCode}` : ''}`;
  const failed = answers.map((a) => serverErrorOf(a)).find((e) => e !== undefined);
  if (observation.outcome === 'error' && failed !== undefined) {
    return {
      specRef: `${OPEN}; ${SERVER_ERROR_REF}`,
      verdict: 'DEVIATES',
      expected: SERVER_ERROR_EXPECTED,
      observed,
      finding: `{${label}} ${serverErrorWords(failed)}; not evidence for the rule`,
    };
  }
  const refusal = observation.refusal;
  if (observation.outcome === 'error' && (refusal?.kind === 'state' || refusal?.kind === 'environment')) {
    return {
      specRef: OPEN,
      verdict: 'INFORMATIONAL',
      observed,
      finding: `{${label}} undetermined: ${refusalWords(refusal)}; not evidence for the rule`,
    };
  }
  if (observation.outcome === 'error') {
    return {
      specRef: OPEN,
      verdict: 'ERROR',
      observed,
      finding: `no verdict from the target for {${label}}: ${shown === undefined ? 'no exchange recorded' : `${answerText(shown)}${noVerdictAdvice(shown)}`}`,
    };
  }
  const answer =
    observation.status !== null ? ` (${observation.status}${observation.errorCode !== undefined ? ` ${observation.errorCode}` : ''})` : '';
  const { cite } = ruleWords();
  const rule =
    broken.length === 0 ? '' : `; the refusal breaks ${cite} (${broken[0] ?? ''}), judged once per kind of refusal in ${REFUSALS_CASE}`;
  return {
    specRef: broken.length === 0 ? OPEN : `${OPEN}; ${cite}`,
    verdict: 'INFORMATIONAL',
    observed,
    finding: `{${label}} ${observation.outcome}${answer}${rule}`,
  };
}
