/**
 * What a campaign runs and within which budget: the operations in run order, the requests reserved for producers'
 * instances, each operation's first share of MAX_REQUESTS; for a shard (`--shard i/n`), the same split as the whole
 * campaign's, kept to the shard's own operations, so the shards together never pass MAX_REQUESTS.
 */
import { splitBudget } from './campaign-budget.js';
import { runOrder, type PlannedOperation } from './campaign-operations.js';
import { instanceReserve, wantedProducers } from './campaign-producers.js';
import { assignShards, type ShardSpec } from './campaign-shards.js';

/** An operation that runs, now or once its producers' instances fill its path. */
export type Sized = Exclude<PlannedOperation, { kind: 'skip' }>;

export interface CampaignPlan {
  /** This run's operations in document order (a shard's own). */
  planned: PlannedOperation[];
  order: PlannedOperation[];
  runs: Sized[];
  /** The requests reserved for this run's instances. */
  reserve: number;
  /** Each run's first share: the whole campaign's split. */
  shares: Map<string, number>;
  /** The requests this run's operations share: MAX_REQUESTS less the whole reserve, or a shard's first shares. */
  runBudget: number;
  /** Every operation of the campaign, in document order. */
  campaign: string[];
  /** The whole campaign has an operation to run (a shard may have none). */
  anyRun: boolean;
}

const sized = (order: readonly PlannedOperation[]): Sized[] => order.filter((p): p is Sized => p.kind !== 'skip');

/** The whole campaign's plan; for a shard, the part of it that shard runs. */
export function planCampaign(all: readonly PlannedOperation[], maxRequests: number, shard?: ShardSpec): CampaignPlan {
  const wholeOrder = runOrder(all);
  const wholeReserve = instanceReserve(wantedProducers(wholeOrder).length);
  const wholeRuns = sized(wholeOrder);
  // The instances' creates and deletes come out of the one budget first; the runs share the rest.
  const total = Math.max(0, maxRequests - wholeReserve);
  const split = splitBudget(
    total,
    wholeRuns.map((r) => r.fields),
  );
  const shares = new Map(wholeRuns.map((r, i) => [r.id, split[i] ?? 0]));
  const base = { shares, campaign: all.map((p) => p.id), anyRun: wholeRuns.length > 0 };
  if (shard === undefined)
    return { ...base, planned: [...all], order: wholeOrder, runs: wholeRuns, reserve: wholeReserve, runBudget: total };
  const shardOf = assignShards(all, shard.count);
  const mine = (p: PlannedOperation): boolean => shardOf.get(p.id) === shard.index;
  const order = wholeOrder.filter(mine);
  const runs = sized(order);
  const runBudget = runs.reduce((sum, r) => sum + (shares.get(r.id) ?? 0), 0);
  return { ...base, planned: all.filter(mine), order, runs, reserve: instanceReserve(wantedProducers(order).length), runBudget };
}
