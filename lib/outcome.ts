/**
 * Closed sets of outcomes. lib/answer/classify.ts is the one place that maps a target's answer to a
 * presence outcome; a case verdict comes from the judge of its kind of check (lib/protocol/,
 * lib/values/value-verdict.ts and limit-verdict.ts, lib/properties/verdict.ts, lib/events/judge-delivery.ts).
 */

/** What one combination of present fields got from the target. */
export type MatrixOutcome = 'accepted' | 'rejected' | 'unstable' | 'error';

/**
 * What a refusal speaks of (lib/answer/refusal.ts classifies): the body, what exists on the target (a conflict, a
 * quota, a count limit), the environment the service runs in, its load, the token. Only `body` is evidence of the
 * body's rule.
 */
export type RefusalKind = 'body' | 'state' | 'environment' | 'throttling' | 'auth';

/** The mechanism of a state refusal, named in every sentence about it. */
export type StateMechanism = 'conflict' | 'quota' | 'count-limit';

export interface Refusal {
  kind: RefusalKind;
  mechanism?: StateMechanism;
  /** The status the relayed error names inside, when it names one. */
  innerStatus?: number;
  /** The reason the relayed error gives, or the message, shortened: what the sentences quote. */
  reason?: string;
}

/**
 * What one conformance case concludes (Autobahn-style, see shared/style.md):
 * - CONFORMS: the spec says, the target does.
 * - DEVIATES: the spec says, the target does otherwise (the case fails).
 * - INFORMATIONAL: the spec leaves it open; what was seen is recorded, never a failure.
 * - ERROR: the harness or the network failed; says nothing about the target.
 */
export type Verdict = 'CONFORMS' | 'DEVIATES' | 'INFORMATIONAL' | 'ERROR';

export const VERDICTS: readonly Verdict[] = ['CONFORMS', 'DEVIATES', 'INFORMATIONAL', 'ERROR'];
