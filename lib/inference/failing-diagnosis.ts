import type { Diagnosis } from './types.js';

/**
 * A run in which nothing was accepted learnt no rule, and every suite that needs an accepted body was
 * skipped: it fails (exit 1) with the diagnosis as its line, whatever the cause, even when no case failed.
 * A nightly run that learnt nothing must not be green. A run that sent no combination (a filter that left
 * the presence step out) learnt nothing of presence and claims nothing: it is not failed for it; nor is one its
 * user stopped before enough was asked (likely cause `stopped`): the stop fails it.
 */
export function failingDiagnosis(diagnosis: Diagnosis | undefined, combinationsObserved: number): string | undefined {
  // A run its user stopped before it had asked enough fails for the stop, which says so: nothing of the target's.
  if (diagnosis === undefined || combinationsObserved === 0 || diagnosis.likelyCause === 'stopped') return undefined;
  return `nothing was accepted (likely cause: ${diagnosis.likelyCause}): ${diagnosis.message}`;
}
