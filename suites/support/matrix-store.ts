/**
 * What the presence matrix observed in this worker, for the suites that run after it
 * (value probes need an accepted body; properties need the inferred rule). Files share
 * this module because the suites project runs without isolation in one worker.
 */
import type { Observation } from '../../lib/inference/types.js';

const observations = new Map<string, Observation>();

export const matrixKey = (present: readonly string[]): string => [...present].sort().join('+');

export function rememberObservation(observation: Observation): void {
  observations.set(matrixKey(observation.present), observation);
}

export function observedMatrix(): Observation[] {
  return [...observations.values()];
}
