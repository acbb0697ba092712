/**
 * What one property check says about one trial (one random body and what came back). A closed
 * set: the runner shrinks on `violated` only, and stops the property on `no-answer`, so that a
 * network failure is never shrunk against a live target nor reported as the target's doing.
 */
import { failureText } from '../http/answer-text.js';
import type { Exchange, FailureKind } from '../http/types.js';

export type PropertyCheck =
  /** The property holds for this body; `note` records open behaviour worth reporting. */
  | { kind: 'holds'; note?: string }
  /** A counterexample: the property does not hold for this body. */
  | { kind: 'violated'; problem: string }
  /** The answer is not this property's to judge (another property reports it); the run counts, unjudged. */
  | { kind: 'not-judged'; reason: string }
  /** No verdict from the target: the network, throttling or the run's limits. */
  | { kind: 'no-answer'; problem: string };

/**
 * Failures that say nothing about how the target treats a body. `server` (a 5xx after retries) and
 * `timeout` (no answer in time) are left out: those are the target's answer (property 1).
 */
const NO_VERDICT: ReadonlySet<FailureKind> = new Set(['network', 'throttled', 'budget', 'deadline', 'malformed', 'token']);

/** An exchange reduced to what the property checks read. */
export type Answer =
  | { kind: 'status'; status: number }
  /** No answer within REQUEST_TIMEOUT_MS, after the engine's retries. */
  | { kind: 'hang'; message: string }
  | { kind: 'none'; problem: string };

export function answerOf(exchange: Exchange): Answer {
  const failure = exchange.failure;
  if (failure !== undefined && NO_VERDICT.has(failure.kind)) return { kind: 'none', problem: failureText(failure) };
  if (failure?.kind === 'timeout') return { kind: 'hang', message: failure.message };
  if (exchange.status === null) return { kind: 'none', problem: failure === undefined ? 'no answer' : failureText(failure) };
  return { kind: 'status', status: exchange.status };
}

/** What a check says, in words: the problem, the note, or why it was not judged. */
export function checkText(check: PropertyCheck): string {
  switch (check.kind) {
    case 'holds':
      return check.note ?? 'holds';
    case 'violated':
    case 'no-answer':
      return check.problem;
    case 'not-judged':
      return check.reason;
  }
}
