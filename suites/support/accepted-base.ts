/**
 * The accepted body later suites start from, and the matrix evidence they reason with.
 * Taken from the presence matrix when it ran in this worker; when it did not (a shard or a
 * filtered run), each combination is sent once here, so the value and property suites still
 * stand on what this target answered, never on an assumption.
 */
import { combinations } from '../../lib/inference/combinations.js';
import type { Observation } from '../../lib/inference/types.js';
import { probeCombination } from '../../lib/matrix/probe-combination.js';
import type { CaseRun } from './case-run.js';
import type { ProbeContext } from './context.js';
import { observedMatrix, rememberObservation } from './matrix-store.js';

let probing: Promise<Observation[]> | undefined;

/** The matrix observations: the presence matrix's, or each combination sent once by `run`. */
export function matrixEvidence(probe: ProbeContext, run: CaseRun): Promise<Observation[]> {
  const fields = probe.operation.fields.map((f) => f.name);
  const seen = observedMatrix();
  if (seen.length === 2 ** fields.length) return Promise.resolve(seen);
  probing ??= (async () => {
    for (const present of combinations(fields)) {
      rememberObservation((await probeCombination(run, probe.operation, present, 1, probe.values)).observation);
    }
    return observedMatrix();
  })();
  return probing;
}

export interface AcceptedBase {
  present: string[];
  source: 'ACCEPTED_FIELDS' | 'presence matrix';
}

/**
 * The fields of the body value probes change one value of: ACCEPTED_FIELDS when set, else the
 * smallest combination the matrix saw accepted (fewest fields; ties in field order). Undefined
 * when nothing was accepted.
 */
export async function acceptedBase(probe: ProbeContext, run: CaseRun, including?: string): Promise<AcceptedBase | undefined> {
  if (probe.config.acceptedFields !== undefined && (including === undefined || probe.config.acceptedFields.includes(including))) {
    return { present: probe.config.acceptedFields, source: 'ACCEPTED_FIELDS' };
  }
  const order = probe.operation.fields.map((f) => f.name);
  const rank = (present: string[]): number => present.reduce((sum, f) => sum + 2 ** order.indexOf(f), 0);
  const accepted = (await matrixEvidence(probe, run))
    .filter((o) => o.outcome === 'accepted' && (including === undefined || o.present.includes(including)))
    .sort((a, b) => a.present.length - b.present.length || rank(a.present) - rank(b.present));
  const smallest = accepted[0];
  return smallest === undefined ? undefined : { present: smallest.present, source: 'presence matrix' };
}
