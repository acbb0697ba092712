/**
 * The verdict of one value-class case: a value of one field, in an otherwise accepted body.
 *
 * The spec never says a value must be accepted, nor that the service must refuse other forms: spec §2
 * gives each field's form, and spec §7 rule 1 says only what a rejection of a malformed request looks
 * like (400, error.code invalidRequest). So:
 *
 * - accepted (2xx): INFORMATIONAL whatever the value's form. Accepting a form the spec does not give is
 *   the service being lenient, which no part of the spec forbids.
 * - a refusal that breaks spec §7 rule 1, whatever the value: said here, and judged once per kind of refusal
 *   over the suite (lib/protocol/distinct-refusals.ts), so a service that answers every bad value 422 is one
 *   deviation, not thirty. A body refused for a value in it is a request rejected as malformed or incorrect,
 *   so rule 1 gives it 400 invalidRequest: a 400 with another body, or a 422, breaks it (checkRefusalRule,
 *   the one reading every judge uses).
 * - 400 invalidRequest for a value that is not the spec's form (spec §2's own text makes the request
 *   malformed): CONFORMS. Both halves of rule 1 are established: the request is malformed by the spec's
 *   text, and the rejection is the one rule 1 gives. For a value of the spec's form, or one the spec says
 *   nothing of, the rejection is the service's own choice: INFORMATIONAL (the 400 still had to hold rule 1).
 * - a 4xx about something else than the value (413 for a very long value is a size limit, 415, 409, ...):
 *   INFORMATIONAL, spec §7 rule 3 (other status codes: not shown).
 * - a 5xx after the engine's retries: DEVIATES, whatever the value, as a server error does in every suite
 *   (lib/protocol/server-error.ts): a client can send the value, and the service failed instead of accepting or
 *   refusing it. For a value that is not the spec's form, spec §7 rule 1 is cited too: the request is malformed
 *   by the spec's text, and rule 1 gives it 400 invalidRequest.
 * - no answer (timeout, connection, throttled, budget), or a status that is neither: ERROR, which
 *   says nothing about the target's view of the value.
 */
import { noVerdictAdvice } from '../answer/no-verdict.js';
import { checkRefusalRule, ruleOneNotJudged, ruleWords } from '../protocol/error-rule.js';
import { SERVER_ERROR_EXPECTED, SERVER_ERROR_REF, serverErrorOf, serverErrorWords } from '../protocol/server-error.js';
import { failureText } from '../http/answer-text.js';
import type { Exchange } from '../http/types.js';
import { classifyAnswer, type AnswerClass } from '../answer/classify.js';
import { refusalWords } from '../inference/refusal-words.js';
import type { ValueClass } from '../operation/types.js';
import type { MatrixOutcome, Verdict } from '../outcome.js';
import { intermittentWords } from './intermittent-words.js';
import type { Settled } from './settle.js';

export interface ValueJudgement {
  verdict: Verdict;
  specRef: string;
  /** Plain words, e.g. "notificationUrl relative path rejected 400 invalidRequest". */
  finding: string;
  expected?: string;
  observed: string;
  /** The answer as the presence classification sees it (lib/answer/classify.ts). */
  answer: AnswerClass;
}

/** The case that judges the value suite's refusals against spec §7 rule 1, once per kind. */
export const VALUE_REFUSALS_CASE = "'refusals of the value classes'";

function observedOf(exchange: Exchange, answer: AnswerClass): string {
  if (exchange.failure !== undefined && exchange.status === null) return failureText(exchange.failure);
  const code = answer.errorCode === undefined ? '' : ` ${answer.errorCode}`;
  const message = answer.errorMessage === undefined ? '' : `: ${answer.errorMessage}`;
  return `${exchange.status}${code}${message}`;
}

/** A value refused: §7 rule 1 read on the refusal, a malformed value's 400 conforming, any other refusal recorded. */
function judgeRefusal(
  what: string,
  valueClass: Pick<ValueClass, 'expectation' | 'specRef'>,
  exchange: Exchange,
  base: { answer: AnswerClass; observed: string },
): ValueJudgement {
  const { answer } = base;
  const status = exchange.status;
  const malformed = valueClass.expectation === 'not-spec-form';
  const rejected = `${what} rejected ${status}${answer.errorCode === undefined ? '' : ` ${answer.errorCode}`}`;
  const rule = checkRefusalRule(exchange);
  const words = ruleWords();
  if (rule !== undefined && !rule.holds) {
    return {
      ...base,
      verdict: 'INFORMATIONAL',
      specRef: `${valueClass.specRef}; ${words.cite}`,
      finding: `${rejected}, which breaks ${words.cite} (${words.reading}): ${rule.problems.join('; ')}; judged once per kind of refusal in ${VALUE_REFUSALS_CASE}`,
      expected: words.expected,
    };
  }
  const cut = ruleOneNotJudged(exchange);
  if (cut !== undefined) {
    return { ...base, verdict: 'INFORMATIONAL', specRef: `${valueClass.specRef}; ${words.cite}`, finding: `${rejected}; ${cut}` };
  }
  // Under the document's refusals, any refusal of the body they judged and found as declared holds them.
  if ((status === 400 || (words.declared && rule !== undefined)) && malformed) {
    return { ...base, verdict: 'CONFORMS', specRef: `${valueClass.specRef}; ${words.cite}`, finding: rejected, expected: words.expected };
  }
  return {
    ...base,
    verdict: 'INFORMATIONAL',
    // Under the document's refusals each status is its to declare; spec §7 rule 3 speaks of the spec's operation only.
    specRef: status === 400 || words.declared ? valueClass.specRef : `${valueClass.specRef}; spec §7 rule 3 (other status codes not shown)`,
    finding: rejected,
  };
}

export function judgeValue(
  field: string,
  valueClass: Pick<ValueClass, 'description' | 'expectation' | 'specRef'>,
  exchange: Exchange,
): ValueJudgement {
  const answer = classifyAnswer(exchange);
  const what = `${field} ${valueClass.description}`;
  const observed = observedOf(exchange, answer);
  const malformed = valueClass.expectation === 'not-spec-form';
  const base = { answer, observed };
  const status = exchange.status;

  if (answer.outcome === 'accepted') {
    return {
      ...base,
      verdict: 'INFORMATIONAL',
      specRef: valueClass.specRef,
      finding: `${what} accepted (${status})${malformed ? ', a form spec §2 does not give' : ''}`,
    };
  }
  if (answer.outcome === 'rejected') return judgeRefusal(what, valueClass, exchange, base);
  const refusal = answer.refusal;
  if (refusal?.kind === 'state' || refusal?.kind === 'environment') {
    return { ...base, verdict: 'INFORMATIONAL', specRef: valueClass.specRef, finding: `${what} undetermined: ${refusalWords(refusal)}` };
  }
  const failed = serverErrorOf(exchange);
  if (failed !== undefined) {
    const words = ruleWords();
    const gives = words.declared
      ? `${words.cite} give a malformed request a refusal`
      : `${words.cite} gives a malformed request 400 invalidRequest`;
    return {
      ...base,
      verdict: 'DEVIATES',
      specRef: `${valueClass.specRef}; ${malformed ? `${words.cite}; ` : ''}${SERVER_ERROR_REF}`,
      finding: `${what} ${serverErrorWords(failed)}${malformed ? `; ${gives}` : ''}`,
      expected: malformed ? words.expected : SERVER_ERROR_EXPECTED,
    };
  }
  return {
    ...base,
    verdict: 'ERROR',
    specRef: valueClass.specRef,
    finding:
      exchange.failure !== undefined
        ? `${what}: no verdict from the target (${failureText(exchange.failure)})${noVerdictAdvice(exchange)}`
        : `${what}: answered ${status}, neither accepted nor rejected`,
  };
}

/** A value's judgement over all its asks (./ask-value.ts), and the value's outcome as the report keeps it. */
export interface SettledValueJudgement extends ValueJudgement {
  outcome: MatrixOutcome;
  /** The ask the verdict rests on. */
  exchange: Exchange;
}

/**
 * The verdict of a value asked until settled: judged on the ask it rests on, with the intermittent refusal other
 * asks met said beside it; a value whose asks contradict each other is undetermined (INFORMATIONAL: the target's
 * answer to the value is not known), its evidence the answers in order.
 */
export function judgeSettledValue(
  field: string,
  valueClass: Pick<ValueClass, 'description' | 'expectation' | 'specRef'>,
  settled: Settled<Exchange>,
): SettledValueJudgement {
  const exchange = settled.decisive;
  const judged = judgeValue(field, valueClass, exchange);
  if (settled.verdict === 'undetermined') {
    const why = settled.why ?? 'the answers contradict each other';
    return {
      ...judged,
      verdict: 'INFORMATIONAL',
      specRef: valueClass.specRef,
      finding: `${field} ${valueClass.description} undetermined: ${why}${intermittentWords(settled.intermittent)}`,
      observed: why,
      outcome: 'unstable',
      exchange,
    };
  }
  return {
    ...judged,
    finding: `${judged.finding}${intermittentWords(settled.intermittent)}`,
    outcome: judged.answer.outcome,
    exchange,
  };
}
