/**
 * The presence evidence of this worker (lib/presence): what the presence suite learnt, for the suites that
 * run after it. Files share this module because the suites project runs without isolation in one worker.
 * When the presence suite did not run here (a shard, a filtered run) or did not finish its matrix, the
 * presence step runs once, each combination sent once, through lib/explore: every combination up to
 * EXHAUSTIVE_MAX_FIELDS, else adaptively within 10 x n; so later suites stand on what this target answered,
 * and none sends 2^n bodies above EXHAUSTIVE_MAX_FIELDS.
 */
import { evidenceFromMatrix } from '../../lib/presence/build.js';
import { explorePresence } from '../../lib/presence/explore.js';
import type { PresenceEvidence } from '../../lib/presence/evidence.js';
import { combinationKey } from '../../lib/rule/field-set.js';
import type { Observation } from '../../lib/inference/types.js';
import type { CaseRun } from './case-run.js';
import type { ProbeContext } from './context.js';

const observations = new Map<string, Observation>();
let published: PresenceEvidence | undefined;
let gathering: Promise<PresenceEvidence> | undefined;

/** One combination of the exhaustive matrix, as its case saw it. */
export function rememberObservation(observation: Observation): void {
  observations.set(combinationKey(observation.present), observation);
}

/** The presence suite's exploration, once it has its rule. */
export function publishEvidence(evidence: PresenceEvidence): void {
  published = evidence;
}

/**
 * A body believed accepted, to start an exploration from: ACCEPTED_BODY's fields, else
 * ACCEPTED_FIELDS, else the description's acceptedBody, else its reported one.
 */
function explorationStart(probe: ProbeContext): { startFrom?: readonly string[] } {
  const known = probe.operation.fields.map((f) => f.name);
  const fieldsOf = (body: Record<string, unknown> | undefined): string[] | undefined =>
    body === undefined ? undefined : known.filter((name) => Object.hasOwn(body, name));
  const start =
    fieldsOf(probe.settings.target.acceptedBody) ??
    probe.settings.target.acceptedFields ??
    fieldsOf(probe.operation.acceptedBody) ??
    probe.operation.reportedAccepted;
  return start === undefined ? {} : { startFrom: start };
}

/** The exploration's settings, the same wherever the presence step runs: its budget and where it starts. */
export function explorationSettings(probe: ProbeContext): {
  exhaustiveMaxFields: number;
  combinationsPerField: number;
  startFrom?: readonly string[];
} {
  return {
    exhaustiveMaxFields: probe.settings.exploration.exhaustiveMaxFields,
    combinationsPerField: probe.settings.exploration.exploreCombinationsPerField,
    ...explorationStart(probe), // a first guess only: the explorer checks it and searches on when the target refuses it
  };
}

/** What the presence suite learnt; the presence step is run by `run` when it learnt nothing in this worker. */
export function presenceEvidence(probe: ProbeContext, run: CaseRun): Promise<PresenceEvidence> {
  if (published !== undefined) return Promise.resolve(published);
  const fields = probe.operation.fields.map((f) => f.name);
  if (observations.size === 2 ** fields.length) {
    published = evidenceFromMatrix(fields, [...observations.values()]);
    return Promise.resolve(published);
  }
  gathering ??= (async () => {
    const { evidence } = await explorePresence(run.client, probe.operation, {
      repeats: 1,
      values: probe.values,
      ...explorationSettings(probe),
      known: (present) => observations.get(combinationKey(present)),
    });
    published = evidence;
    return evidence;
  })();
  return gathering;
}
