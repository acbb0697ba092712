/**
 * The presence suite's case above EXHAUSTIVE_MAX_FIELDS: what the exploration learnt (its rule, roles and
 * dependencies, in the finding; the report takes them, marked as the explorer's, where the exploration is exact and the
 * answers alone leave a role open) and how sure it is (spec §4:
 * which fields are required is not shown, so INFORMATIONAL; an ERROR when missing answers kept the rule from
 * being pinned down).
 */
import type { ExplorationRecord } from '../case-record.js';
import type { Judgement } from '../protocol/judgement.js';
import type { ExploreResult } from '../explore/types.js';
import type { Observation } from '../inference/types.js';

export function judgeExploration(
  result: ExploreResult,
  observations: Observation[],
  explorerNotUsed?: string,
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
    ...(explorerNotUsed !== undefined ? { explorerNotUsed } : {}),
  };
  // The explorer's roles rest on its assumptions (the target's rule is one of the supported class, and what
  // `assumptions` lists): said here, as every finding resting on the explored rule says it.
  const roles = Object.entries(result.roles)
    .map(([name, role]) => `${name} ${role}`)
    .join(', ');
  const given = `a rule of the supported class${result.assumptions.length === 0 ? '' : `; ${result.assumptions.join('; ')}`}`;
  const summary =
    `${result.strategy} exploration: rule ${result.rule}, ${result.confirmed} of ${result.possible} combinations confirmed with ${result.requests} asked` +
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
