/**
 * The verdict of one presence-matrix combination: which fields are required is not shown (spec §4), so the
 * outcome is INFORMATIONAL; a 4xx it got must still hold spec §7 (rule 1 for 400); no verdict from the target
 * is an ERROR, never evidence.
 */
import type { Judgement } from '../protocol/judgement.js';
import { checkErrorRule } from '../protocol/error-rule.js';
import { answerText, statusOrNoAnswer } from '../http/answer-text.js';
import type { Exchange } from '../http/types.js';
import type { Observation } from '../inference/types.js';

const OPEN = 'open: spec §4 which fields are required';

/** The exchange a case shows: the first that failed, else the first. */
export function shownExchange(answers: readonly Exchange[]): Exchange | undefined {
  return answers.find((a) => a.failure !== undefined) ?? answers[0];
}

export function judgeCombination(observation: Observation, answers: readonly Exchange[]): Judgement {
  const { present } = observation;
  const label = present.length === 0 ? '(none)' : present.join(', ');
  const broken = answers.flatMap((a) => {
    const check = checkErrorRule(a);
    return check !== undefined && !check.holds ? [`${a.status}: ${check.problems.join('; ')}`] : [];
  });
  const shown = shownExchange(answers);
  const statuses = (observation.statuses ?? []).map(statusOrNoAnswer).join(', ');
  const observed = `${observation.outcome} (${statuses})${observation.errorCode !== undefined ? ` ${observation.errorCode}` : ''}`;
  if (observation.outcome === 'error') {
    return { specRef: OPEN, verdict: 'ERROR', observed, finding: `no verdict from the target for {${label}}: ${shown === undefined ? 'no exchange recorded' : answerText(shown)}` };
  }
  if (broken.length > 0) {
    return {
      specRef: 'spec §7 rule 1',
      verdict: 'DEVIATES',
      observed,
      expected: '400 answers carry error.code "invalidRequest" in the §7 error object',
      finding: `error body of {${label}} breaks spec §7: ${broken[0]}`,
    };
  }
  const answer = observation.status !== null ? ` (${observation.status}${observation.errorCode !== undefined ? ` ${observation.errorCode}` : ''})` : '';
  return { specRef: OPEN, verdict: 'INFORMATIONAL', observed, finding: `{${label}} ${observation.outcome}${answer}` };
}
