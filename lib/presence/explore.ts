/**
 * The presence step as one call: lib/explore asks for combinations (every one up to exhaustiveMaxFields
 * fields, else adaptively within 10 x n, or the budget per field given), each sent `repeats` times as a body of good values through the one
 * send-and-undo module, and the answers become the evidence later suites ask. Used by the presence suite
 * above EXHAUSTIVE_MAX_FIELDS, and by any suite that runs without it (a shard, a filtered run), so that no
 * suite ever sends 2^n bodies above EXHAUSTIVE_MAX_FIELDS.
 */
import { explore } from '../explore/explore.js';
import type { ExploreResult, KnownStart } from '../explore/types.js';
import type { Exchange } from '../http/types.js';
import { combinationKey } from '../rule/field-set.js';
import { namedInError } from '../inference/message-pattern.js';
import type { Observation } from '../inference/types.js';
import type { BodySender } from '../create/client.js';
import { probeCombination } from '../matrix/probe-combination.js';
import type { OperationSpec, ValueContext } from '../operation/types.js';
import { evidenceFromExploration, evidenceFromMatrix } from './build.js';
import { explorerRuleProblem } from './explorer-check.js';
import type { PresenceEvidence } from './evidence.js';

export interface ExplorePresenceOptions {
  repeats: number;
  values: () => ValueContext;
  exhaustiveMaxFields: number;
  /** The adaptive explorer asks at most this many x n combinations (default 10). */
  combinationsPerField?: number;
  /** Bodies believed accepted, likeliest first (known-starts.ts): first guesses only. */
  starts?: readonly KnownStart[];
  /** Seed of the explorer's random choices (default: the explorer's own). */
  seed?: number;
  /** A combination already observed with a verdict is not sent again (a partial matrix in this worker). */
  known?: (present: readonly string[]) => Observation | undefined;
  /** Each combination sent, with its exchanges (the presence suite records them). */
  onObservation?: (observation: Observation, exchanges: Exchange[]) => void;
}

export interface PresenceExploration {
  evidence: PresenceEvidence;
  result: ExploreResult;
  /** The last observation of each combination asked, in the order first asked. */
  observations: Observation[];
  /** Why the exact rule is not used: it disagrees with an answer (explorer-check.ts). */
  explorerNotUsed?: string;
}

export async function explorePresence(
  sender: BodySender,
  operation: OperationSpec,
  options: ExplorePresenceOptions,
): Promise<PresenceExploration> {
  const fields = operation.fields.map((f) => f.name);
  const byKey = new Map<string, Observation>();
  const result = await explore(
    fields,
    async (present) => {
      const ordered = fields.filter((f) => present.has(f));
      const key = combinationKey(ordered);
      const known = options.known?.(ordered);
      let observation: Observation;
      if (known !== undefined && (known.outcome === 'accepted' || known.outcome === 'rejected')) {
        observation = known;
      } else {
        const done = await probeCombination(sender, operation, ordered, options.repeats, options.values);
        observation = done.observation;
        options.onObservation?.(observation, done.exchanges);
      }
      byKey.set(key, observation);
      if (observation.outcome === 'rejected') return { answer: 'rejected', named: namedInError(observation, fields) };
      return observation.outcome === 'accepted' ? 'accepted' : 'unknown';
    },
    {
      exhaustiveMaxFields: options.exhaustiveMaxFields,
      ...(options.combinationsPerField !== undefined && fields.length > options.exhaustiveMaxFields
        ? { maxRequests: options.combinationsPerField * fields.length }
        : {}),
      ...(options.starts !== undefined ? { starts: options.starts } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
    },
  );
  const observations = [...byKey.values()];
  if (result.strategy === 'exhaustive') return { evidence: evidenceFromMatrix(fields, observations), result, observations };
  // Decided once, here: the suites after this one and the report both go by it.
  const explorerNotUsed = explorerRuleProblem(fields, observations, result);
  return {
    evidence: evidenceFromExploration(fields, result, observations, explorerNotUsed),
    result,
    observations,
    ...(explorerNotUsed !== undefined ? { explorerNotUsed } : {}),
  };
}
