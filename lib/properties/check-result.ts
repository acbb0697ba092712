/**
 * What one property check says about one trial (one random body and what came back). A closed
 * set: the runner shrinks on `violated` only, and stops the property on `no-answer`, so that a
 * network failure is never shrunk against a live target nor reported as the target's doing.
 */
import { readExchange } from '../answer/read-exchange.js';
import type { Exchange } from '../http/types.js';

export type PropertyCheck =
  /** The property holds for this body; `note` records open behaviour worth reporting. */
  | { kind: 'holds'; note?: string }
  /** A counterexample: the property does not hold for this body. */
  | { kind: 'violated'; problem: string }
  /** The answer is not this property's to judge (another property reports it); the run counts, unjudged. */
  | { kind: 'not-judged'; reason: string }
  /** No verdict from the target: the network, throttling or the run's limits. */
  | { kind: 'no-answer'; problem: string };

/** An exchange reduced to what the property checks read. */
export type Answer =
  | { kind: 'status'; status: number }
  /** No answer within REQUEST_TIMEOUT_MS, after the engine's retries. */
  | { kind: 'hang'; message: string }
  | { kind: 'none'; problem: string };

/**
 * The properties' policy over the one reading (lib/answer/read-exchange.ts): a status (a 5xx after retries
 * included) and a hang are the target's answer, which property 1 judges; no verdict stops the property
 * instead of shrinking against a live target.
 */
export function answerOf(exchange: Exchange): Answer {
  const reading = readExchange(exchange);
  switch (reading.kind) {
    case 'status':
      return { kind: 'status', status: reading.status };
    case 'hang':
      return { kind: 'hang', message: exchange.failure?.message ?? reading.reason };
    case 'no-verdict':
      return { kind: 'none', problem: reading.failure === undefined ? 'no answer' : reading.reason };
  }
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
