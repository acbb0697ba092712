/**
 * The presence step as one call: lib/explore asks for combinations (every one up to exhaustiveMaxFields
 * fields, else adaptively within 10 x n, or the budget per field given), each sent `repeats` times as a body of good values through the one
 * send-and-undo module, and the answers become the evidence later suites ask. Used by the presence suite
 * above EXHAUSTIVE_MAX_FIELDS, and by any suite that runs without it (a shard, a filtered run), so that no
 * suite ever sends 2^n bodies above EXHAUSTIVE_MAX_FIELDS.
 *
 * With `askAgain` (REPEATS=auto), each combination is sent once and then asked again only where a finding rests on
 * its answer alone, and a sample (lib/matrix/support-asks.ts). The explorer chose each next combination from the
 * answers before it, so an answer that changed may have steered it: then no single answer of this target is
 * trusted, and the exploration is made again with every combination sent twice, as REPEATS=2 makes it.
 */
import { explore } from '../explore/explore.js';
import type { ExploreResult, KnownStart } from '../explore/types.js';
import type { Exchange } from '../http/types.js';
import { combinationKey } from '../rule/field-set.js';
import { namedInError } from '../inference/message-pattern.js';
import type { Observation } from '../inference/types.js';
import type { BodySender } from '../create/client.js';
import { probeCombination } from '../matrix/probe-combination.js';
import { askWhatFindingsRestOn, supportFigures, supportWords, type SupportFigures } from '../matrix/support-asks.js';
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
  /**
   * REPEATS=auto above EXHAUSTIVE_MAX_FIELDS: `repeats` is taken as 1, the answers a finding rests on alone and a
   * sample drawn with `seed` are asked again, and an answer that changed has the exploration made again twice over.
   */
  askAgain?: { seed: number };
}

export interface PresenceExploration {
  evidence: PresenceEvidence;
  result: ExploreResult;
  /** The last observation of each combination asked, in the order first asked. */
  observations: Observation[];
  /** Why the exact rule is not used: it disagrees with an answer (explorer-check.ts). */
  explorerNotUsed?: string;
  /** With `askAgain`: what was asked again, and whether an answer changed (then the exploration was made twice over). */
  askedAgain?: SupportFigures & { explorationRepeated: boolean };
}

interface Explored {
  result: ExploreResult;
  byKey: Map<string, Observation>;
  exchanges: Map<string, Exchange[]>;
}

/** One exploration, each combination sent `repeats` times (a combination `known` already answered is not sent). */
async function exploreOnce(
  sender: BodySender,
  operation: OperationSpec,
  options: ExplorePresenceOptions,
  repeats: number,
): Promise<Explored> {
  const fields = operation.fields.map((f) => f.name);
  const byKey = new Map<string, Observation>();
  const exchanges = new Map<string, Exchange[]>();
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
        const done = await probeCombination(sender, operation, ordered, repeats, options.values);
        observation = done.observation;
        exchanges.set(key, done.exchanges);
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
  return { result, byKey, exchanges };
}

/**
 * Asks again what a finding of the exploration rests on alone, and a sample, folding each new answer into its
 * combination's. When one changed, the exploration is made again twice over (its path may have followed that answer).
 */
async function confirmExploration(
  sender: BodySender,
  operation: OperationSpec,
  options: ExplorePresenceOptions & { askAgain: { seed: number } },
  once: Explored,
): Promise<{ explored: Explored; askedAgain: SupportFigures & { explorationRepeated: boolean } }> {
  const fields = operation.fields.map((f) => f.name);
  const first = new Map(
    [...once.byKey].map(([key, observation]) => [key, { observation, exchanges: once.exchanges.get(key) ?? [] }] as const),
  );
  const { asked, notAsked, unsent } = await askWhatFindingsRestOn(
    fields,
    first,
    { seed: options.askAgain.seed, cap: first.size },
    (present) => probeCombination(sender, operation, [...present], 1, options.values),
    (again) => {
      once.byKey.set(combinationKey(again.observation.present), again.observation);
      options.onObservation?.(again.observation, again.exchanges);
    },
  );
  const figures = supportFigures(asked, notAsked, unsent);
  if (figures.disagreed === 0) return { explored: once, askedAgain: { ...figures, explorationRepeated: false } };
  const twice = await exploreOnce(sender, operation, options, 2);
  return { explored: twice, askedAgain: { ...figures, explorationRepeated: true } };
}

export async function explorePresence(
  sender: BodySender,
  operation: OperationSpec,
  options: ExplorePresenceOptions,
): Promise<PresenceExploration> {
  const fields = operation.fields.map((f) => f.name);
  const confirming = options.askAgain !== undefined && fields.length > options.exhaustiveMaxFields;
  const once = await exploreOnce(sender, operation, options, confirming ? 1 : options.repeats);
  const { explored, askedAgain } =
    confirming && options.askAgain !== undefined
      ? await confirmExploration(sender, operation, { ...options, askAgain: options.askAgain }, once)
      : { explored: once, askedAgain: undefined };
  const { result } = explored;
  const observations = [...explored.byKey.values()];
  if (result.strategy === 'exhaustive') return { evidence: evidenceFromMatrix(fields, observations), result, observations };
  // Decided once, here: the suites after this one and the report both go by it.
  const explorerNotUsed = explorerRuleProblem(fields, observations, result);
  return {
    evidence: evidenceFromExploration(fields, result, observations, explorerNotUsed),
    result,
    observations,
    ...(explorerNotUsed !== undefined ? { explorerNotUsed } : {}),
    ...(askedAgain !== undefined ? { askedAgain } : {}),
  };
}

/** The exploration's asks again in words, for its finding. */
export function explorationAskedAgainWords(askedAgain: SupportFigures & { explorationRepeated: boolean }): string {
  const repeated = askedAgain.explorationRepeated
    ? '; an answer changed, so the exploration was made again with each combination sent twice'
    : '';
  return `${supportWords(askedAgain)}${repeated}`;
}
