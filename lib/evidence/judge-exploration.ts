/**
 * The presence suite's case above EXHAUSTIVE_MAX_FIELDS: what the exploration learnt, how sure it is, and
 * the record the report reads the rule, roles and dependencies from (spec §4: which fields are required is
 * not shown, so INFORMATIONAL; an ERROR when missing answers kept the rule from being pinned down).
 */
import type { ExplorationRecord } from '../case-record.js';
import type { Judgement } from '../checks/protocol-judgement.js';
import type { ExploreResult } from '../explore/types.js';
import type { Observation } from '../inference/types.js';

export function judgeExploration(result: ExploreResult, observations: Observation[]): Judgement & { exploration: ExplorationRecord } {
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
  };
  const summary =
    `${result.strategy} exploration: rule ${result.rule}, ${result.confirmed} of ${result.possible} combinations confirmed with ${result.requests} asked` +
    (result.exact ? '' : `; not pinned down: ${result.unresolved.join('; ')}`) +
    (result.assumptions.length === 0 ? '' : `; the rule assumes: ${result.assumptions.join('; ')}`);
  const stopped = observations.some((o) => o.outcome === 'error') && !result.exact;
  return { specRef: 'open: spec §4 which fields are required', verdict: stopped ? 'ERROR' : 'INFORMATIONAL', exploration, observed: summary, finding: summary };
}
