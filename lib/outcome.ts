/**
 * Closed sets of outcomes. One place maps a target's answer to these
 * (lib/matrix/classify.ts for presence outcomes, lib/verdict.ts for case verdicts).
 */

/** What one combination of present fields got from the target (issue 3 §2). */
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
