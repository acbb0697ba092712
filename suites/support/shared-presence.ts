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
import { basename } from 'node:path';
import { readBaseline } from '../../lib/baseline/baseline-file.js';
import type { KnownStart } from '../../lib/explore/types.js';
import { harAccepted, knownStarts, type KnownBodies } from '../../lib/presence/known-starts.js';
import { BaselineFileError } from '../../lib/errors.js';

const observations = new Map<string, Observation>();
let published: PresenceEvidence | undefined;
let gathering: Promise<PresenceEvidence> | undefined;

/** One combination of the exhaustive matrix, as its case saw it. */
export function rememberObservation(observation: Observation): void {
  observations.set(combinationKey(observation.present), observation);
}

/** The exhaustive matrix's combinations as their cases (and any asks again) left them. */
export function matrixObservations(): Observation[] {
  return [...observations.values()];
}

/** The presence suite's exploration, once it has its rule. */
export function publishEvidence(evidence: PresenceEvidence): void {
  published = evidence;
}

/**
 * The bodies believed accepted, to start an exploration from, likeliest first (lib/presence/known-starts.ts):
 * ACCEPTED_BODY, ACCEPTED_FIELDS, the description's acceptedBody and reportedAccepted, the baseline's accepted
 * combinations (BASELINE), a HAR's accepted creates (HAR). Read once per worker; a baseline or HAR that cannot be
 * read is left out, and `notes` says why (the exploration's finding carries it).
 */
let known: Promise<{ starts: KnownStart[]; notes: string[] }> | undefined;
function explorationStarts(probe: ProbeContext): Promise<{ starts: KnownStart[]; notes: string[] }> {
  known ??= (async () => {
    const notes: string[] = [];
    let baseline: KnownBodies['baseline'];
    if (probe.settings.reports.baseline !== undefined) {
      try {
        const read = await readBaseline(probe.settings.reports.baseline);
        const accepted = read.matrix.filter((c) => c.outcome === 'accepted').map((c) => c.present);
        baseline = { label: basename(probe.settings.reports.baseline), accepted };
      } catch (error) {
        if (!(error instanceof BaselineFileError)) throw error;
        notes.push(`the baseline's accepted bodies were not used: ${error.problems.join('; ')}`);
      }
    }
    let har: KnownBodies['har'];
    if (probe.settings.exploration.har !== undefined) {
      const label = basename(probe.settings.exploration.har);
      const read = harAccepted(probe.settings.exploration.har, label, probe.operation);
      if (read.problem !== undefined) notes.push(`the HAR's accepted creates were not used: ${read.problem}`);
      else har = { label, accepted: read.accepted };
    }
    const starts = knownStarts(probe.operation, {
      acceptedBody: probe.settings.target.acceptedBody,
      acceptedFields: probe.settings.target.acceptedFields,
      baseline,
      har,
    });
    return { starts, notes };
  })();
  return known;
}

/** The exploration's settings, the same wherever the presence step runs: its budget and where it starts. */
export async function explorationSettings(probe: ProbeContext): Promise<{
  exhaustiveMaxFields: number;
  combinationsPerField: number;
  starts: KnownStart[];
  startNotes: string[];
}> {
  const { starts, notes } = await explorationStarts(probe);
  return {
    exhaustiveMaxFields: probe.settings.exploration.exhaustiveMaxFields,
    combinationsPerField: probe.settings.exploration.exploreCombinationsPerField,
    // first guesses only: the explorer checks each and searches near them when the target refuses them
    starts,
    startNotes: notes,
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
      ...(await explorationSettings(probe)),
      known: (present) => observations.get(combinationKey(present)),
    });
    published = evidence;
    return evidence;
  })();
  return gathering;
}
