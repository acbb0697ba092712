/**
 * The presence suite's case above EXHAUSTIVE_MAX_FIELDS: what the exploration learnt (its rule, roles and
 * dependencies, in the finding; the report takes them, marked as the explorer's, where the exploration is exact and the
 * answers alone leave a role open) and how sure it is (spec §4:
 * which fields are required is not shown, so INFORMATIONAL; an ERROR when missing answers kept the rule from
 * being pinned down).
 */
import type { ExplorationRecord } from '../case-record.js';
import type { Judgement } from '../protocol/judgement.js';
import type { ExploreResult, FirstAccepted } from '../explore/types.js';
import { count, list } from '../inference/words.js';
import type { Observation } from '../inference/types.js';

/** "the first accepted body came from the description's reportedAccepted, without changeType and with clientState, after 40 requests". */
export function firstAcceptedWords(first: FirstAccepted): string {
  const changes = [
    ...(first.removed.length === 0 ? [] : [`without ${list(first.removed)}`]),
    ...(first.added.length === 0 ? [] : [`with ${list(first.added)}`]),
  ];
  const how = changes.length === 0 ? first.from : `${first.from}, ${changes.join(' and ')}`;
  return `the first accepted body came from ${how}, after ${count(first.requests, 'request')}`;
}

export function judgeExploration(
  result: ExploreResult,
  observations: Observation[],
  explorerNotUsed?: string,
  startNotes: readonly string[] = [],
  /** The worker checked the exact rule against the answers (lib/presence/explorer-check.ts): `explorerNotUsed` is its decision. */
  decidedInWorker = false,
): Judgement & { exploration: ExplorationRecord } {
  const exploration: ExplorationRecord = {
    strategy: result.strategy,
    combinationsAsked: result.requests,
    confirmed: result.confirmed,
    possible: result.possible,
    exact: result.exact,
    unresolved: result.unresolved,
    assumptions: result.assumptions,
    rule: result.rule,
    roles: result.roles,
    dependencies: result.dependencies,
    observations,
    ...(result.firstAccepted !== undefined ? { firstAccepted: result.firstAccepted } : {}),
    ...(explorerNotUsed !== undefined ? { explorerNotUsed } : {}),
    ...(decidedInWorker ? { decidedInWorker: true as const } : {}),
  };
  // The explorer's roles rest on its assumptions (the target's rule is one of the supported class, and what
  // `assumptions` lists): said here, as every finding resting on the explored rule says it.
  const roles = Object.entries(result.roles)
    .map(([name, role]) => `${name} ${role}`)
    .join(', ');
  const given = `a rule of the supported class${result.assumptions.length === 0 ? '' : `; ${result.assumptions.join('; ')}`}`;
  const summary =
    `${result.strategy} exploration: rule ${result.rule}, ${result.confirmed} of ${result.possible} combinations confirmed with ${result.requests} asked` +
    (result.firstAccepted === undefined ? '' : `; ${firstAcceptedWords(result.firstAccepted)}`) +
    startNotes.map((note) => `; ${note}`).join('') +
    (result.exact ? '' : `; not pinned down: ${result.unresolved.join('; ')}`) +
    (roles === '' ? '' : `; roles if the target's rule is ${given}: ${roles}`) +
    (result.dependencies.length === 0 ? '' : `; dependencies: ${result.dependencies.map((d) => d.text).join(' ')}`) +
    (explorerNotUsed === undefined ? '' : `; ${explorerNotUsed}`);
  const stopped = observations.some((o) => o.outcome === 'error') && !result.exact;
  return {
    specRef: 'open: spec §4 which fields are required',
    verdict: stopped ? 'ERROR' : 'INFORMATIONAL',
    exploration,
    observed: summary,
    finding: summary,
  };
}
