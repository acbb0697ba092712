/**
 * Closed sets of outcomes. lib/answer/classify.ts is the one place that maps a target's answer to a
 * presence outcome; a case verdict comes from the judge of its kind of check (lib/protocol/,
 * lib/values/value-verdict.ts and limit-verdict.ts, lib/properties/verdict.ts, lib/events/judge-delivery.ts).
 */

/** What one combination of present fields got from the target. */
export type MatrixOutcome = 'accepted' | 'rejected' | 'unstable' | 'error';

/**
 * What one conformance case concludes (Autobahn-style, see shared/style.md):
 * - CONFORMS: the spec says, the target does.
 * - DEVIATES: the spec says, the target does otherwise (the case fails).
 * - INFORMATIONAL: the spec leaves it open; what was seen is recorded, never a failure.
 * - ERROR: the harness or the network failed; says nothing about the target.
 */
export type Verdict = 'CONFORMS' | 'DEVIATES' | 'INFORMATIONAL' | 'ERROR';

export const VERDICTS: readonly Verdict[] = ['CONFORMS', 'DEVIATES', 'INFORMATIONAL', 'ERROR'];
