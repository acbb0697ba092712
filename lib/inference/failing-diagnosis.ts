import type { Diagnosis } from './types.js';

/**
 * Causes that say the run itself could not probe the target (its token, its BASE_URL, its
 * connection), not that the target rejects what was sent: such a run fails (exit 1) with the
 * diagnosis as its one line, even when no case failed.
 */
const RUN_FAILING_CAUSES: ReadonlySet<Diagnosis['likelyCause']> = new Set(['token', 'configuration', 'transport', 'base-url-or-path']);

/** The line a run ends with for a diagnosis that fails it; undefined when it does not. */
export function failingDiagnosis(diagnosis: Diagnosis | undefined): string | undefined {
  if (diagnosis === undefined || !RUN_FAILING_CAUSES.has(diagnosis.likelyCause)) return undefined;
  return `nothing was accepted (likely cause: ${diagnosis.likelyCause}): ${diagnosis.message}`;
}
