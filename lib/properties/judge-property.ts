/**
 * A property's case from its bounded run: the verdict (lib/properties/verdict.ts), the finding in plain words
 * (no answer, the smallest counterexample, or what held), what was measured, and the exchange to show as the
 * example. Pure: the suite sends and records; this judges what came back.
 */
import { statusTally } from '../http/answer-text.js';
import type { Exchange } from '../http/types.js';
import { count } from '../inference/words.js';
import type { Verdict } from '../outcome.js';
import { describePlan, plansDigest, type BodyPlan } from './body-plan.js';
import type { BoundedPropertyResult, Trial } from './bounded-run.js';
import { checkText } from './check-result.js';
import { propertyVerdict, type ViolationVerdict } from './verdict.js';

export type PropertyResult = BoundedPropertyResult<BodyPlan, Exchange[]>;

/** What a property says of its own results (see each property in suites/04-properties for why). */
export interface PropertyPolicy {
  onViolation: ViolationVerdict;
  /** What a counterexample shows, in plain words (the finding starts with it). */
  violation: string;
  /** The finding when the property held, in plain words. */
  held: (result: PropertyResult, statuses: readonly (number | null)[]) => string;
}

/** What the run measured besides the result: every status seen, the requests it put on the wire, the seed. */
export interface PropertyFacts {
  statuses: readonly (number | null)[];
  requests: number;
  seed: number;
  /** Bodies whose answer came from an earlier property's ask of the same body (the same plan), not sent again. */
  fromEarlier?: number;
}

export interface PropertyJudgement {
  verdict: Verdict;
  finding: string;
  observed: string;
  /** The exchange the case shows: the last of the trial that decided it. */
  shown?: Exchange;
}

const problemOf = (record: { trial: Trial<Exchange[]> }): string => checkText(record.trial.check);
const lastOf = (record: { trial: Trial<Exchange[]> } | undefined): Exchange | undefined => record?.trial.evidence.at(-1);

/** Bodies, runs, shrinks, what was not judged, what stopped it, requests, time, answers, seed and digest: one line. */
export function measuredText(result: PropertyResult, facts: PropertyFacts): string {
  const stopped = result.stoppedBy === undefined || result.stoppedBy === 'no answer' ? '' : `, stopped by the ${result.stoppedBy}`;
  return (
    `${result.keys.length} ${result.keys.length === 1 ? 'body' : 'bodies'} (${count(result.runs, 'run')}, ${count(result.shrinks, 'shrink')}, ` +
    `${result.counts['not-judged']} not judged${stopped}), ` +
    `${facts.requests} requests${facts.fromEarlier ? ` (${facts.fromEarlier} ${facts.fromEarlier === 1 ? 'body' : 'bodies'} answered by an earlier ask of the same body, not sent again)` : ''} in ${(result.durationMs / 1000).toFixed(1)} s, answers ${statusTally([...facts.statuses]) || 'none'}; ` +
    `seed ${facts.seed}, plans digest ${plansDigest(result.keys)}`
  );
}

/**
 * Why the rule's property sends nothing under REPEATS=auto with an exhaustive matrix: every body it could send (good
 * values, some fields present) is a combination the matrix answered, so it would only ask those again, which the
 * matrix's own asks again already do where it matters (lib/matrix/support-asks.ts). The plan and the suite read it.
 */
export function answeredByTheMatrix(
  settings: { repeats: number | 'auto'; exhaustiveMaxFields: number },
  fields: number,
): string | undefined {
  if (settings.repeats !== 'auto' || fields > settings.exhaustiveMaxFields) return undefined;
  return (
    'every body of good values is a combination the presence matrix answered (REPEATS=auto); the matrix asked again ' +
    'the answers its findings rest on and a sample of the rest (case matrix/asked-again), so these bodies are not sent twice'
  );
}

/** ERROR: the property needs the presence rule, and there is none to check (the presence step failed). */
export function noRuleToCheck(problem: string): Pick<PropertyJudgement, 'verdict' | 'finding'> & { specRef: string } {
  return { verdict: 'ERROR', specRef: 'open: spec §4 which fields are required', finding: `no rule to check: ${problem}` };
}

export function judgeProperty(result: PropertyResult, policy: PropertyPolicy, facts: PropertyFacts): PropertyJudgement {
  const verdict = propertyVerdict(result, policy.onViolation);
  const measured = measuredText(result, facts);
  const withShown = (judgement: Omit<PropertyJudgement, 'shown'>, exchange: Exchange | undefined): PropertyJudgement =>
    exchange === undefined ? judgement : { ...judgement, shown: exchange };
  if (result.outcome === 'no-answer') {
    const noAnswer = result.noAnswer;
    const problem =
      noAnswer === undefined
        ? 'unknown'
        : 'problem' in noAnswer
          ? noAnswer.problem
          : `${describePlan(noAnswer.value)}: ${problemOf(noAnswer)}`;
    const earlier =
      result.counterexample === undefined
        ? ''
        : `; before that, ${describePlan(result.counterexample.value)}: ${problemOf(result.counterexample)}`;
    return withShown(
      { verdict, finding: `no verdict from the target, the property stopped: ${problem}${earlier}`, observed: `${problem}; ${measured}` },
      lastOf(noAnswer !== undefined && 'trial' in noAnswer ? noAnswer : result.counterexample),
    );
  }
  if (result.outcome === 'violated' && result.counterexample !== undefined) {
    const counterexample = result.counterexample;
    const what = `${describePlan(counterexample.value)}: ${problemOf(counterexample)}`;
    return withShown(
      {
        verdict,
        finding: `${policy.violation}; smallest counterexample (after ${count(result.shrinks, 'shrink')}): ${what}`,
        observed: `${what}; ${measured}`,
      },
      lastOf(counterexample),
    );
  }
  const notes = result.notes.map((n) => `${describePlan(n.value)}: ${problemOf(n)}`);
  const noted = result.noteCount === 0 ? '' : `; ${result.noteCount} noted, e.g. ${notes.slice(0, 2).join('; ')}`;
  return withShown(
    { verdict, finding: `${policy.held(result, facts.statuses)}${noted}`, observed: measured },
    lastOf(result.notes[0] ?? result.first),
  );
}
