/**
 * A campaign split across CI jobs (`--shard i/n`): the document's operations, not the suites, go to the shards, whole.
 * An operation goes with the producers its path needs, transitively, since a producer's instance lives only in the
 * campaign that made it; those groups go to the shards by field counts, the heaviest first to the lightest shard, so
 * the same document always splits the same way. Each shard leaves `campaign-shard.json` beside its index, which the
 * merge (./campaign-merge.ts) reads.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Settings } from '../config/types.js';
import type { PlannedOperation } from './campaign-operations.js';
import type { ExitCode } from './exit-decision.js';

export interface ShardSpec {
  /** 1-based. */
  index: number;
  count: number;
}

/** `i/n` with 1 <= i <= n, or what is wrong with it. */
export function parseShard(text: string): ShardSpec | string {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (m === null || count < 1 || index < 1 || index > count) return `--shard: expected i/n with 1 <= i <= n, such as 1/2, got "${text}"`;
  return { index, count };
}

/** The operations that must run in one campaign: each with the producers its path needs, transitively; in document order. */
export function shardGroups(planned: readonly PlannedOperation[]): string[][] {
  const parent = new Map(planned.map((p) => [p.id, p.id]));
  const root = (id: string): string => {
    let at = id;
    // Each step goes up one link of a forest over `planned`, so there are at most planned.length steps.
    for (let step = 0; step < planned.length && parent.get(at) !== at; step += 1) at = parent.get(at) ?? at;
    return at;
  };
  for (const p of planned) {
    if (p.kind !== 'consume') continue;
    for (const need of p.needs) {
      if (!parent.has(need.producer)) continue;
      const [a, b] = [root(p.id), root(need.producer)];
      if (a !== b) parent.set(b, a);
    }
  }
  const groups = new Map<string, string[]>();
  for (const p of planned) groups.set(root(p.id), [...(groups.get(root(p.id)) ?? []), p.id]);
  return [...groups.values()];
}

const fieldsOf = (p: PlannedOperation): number => (p.kind === 'skip' ? 0 : p.fields);

/**
 * The shard (1-based) of each operation: groups by total field count, heaviest first (the earlier in the document on a
 * tie), each to the shard with the fewest fields so far (the lowest on a tie). Deterministic for the same document.
 */
export function assignShards(planned: readonly PlannedOperation[], count: number): Map<string, number> {
  const byId = new Map(planned.map((p, i) => [p.id, { fields: fieldsOf(p), i }]));
  const weighed = shardGroups(planned).map((ids) => ({
    ids,
    weight: ids.reduce((sum, id) => sum + (byId.get(id)?.fields ?? 0), 0),
    first: Math.min(...ids.map((id) => byId.get(id)?.i ?? 0)),
  }));
  weighed.sort((a, b) => b.weight - a.weight || a.first - b.first);
  const load = Array.from({ length: count }, () => 0);
  const shardOf = new Map<string, number>();
  for (const g of weighed) {
    const lightest = load.indexOf(Math.min(...load));
    load[lightest] = (load[lightest] ?? 0) + g.weight;
    for (const id of g.ids) shardOf.set(id, lightest + 1);
  }
  return shardOf;
}

/** What one shard ran, for the merge: which shard, of which campaign, within which budget, and how it ended. */
export interface ShardManifest {
  shard: string;
  index: number;
  count: number;
  document: string;
  /** The whole campaign's MAX_REQUESTS. */
  budget: number;
  /** This shard's part of it: the first shares of its operations and the requests reserved for its instances. */
  shardBudget: number;
  /** The requests per second this shard paced at: the target's rate over the shards. */
  requestsPerSecond: number;
  /** Every operation of the campaign, in document order; this shard's are `operations`. */
  campaign: string[];
  operations: string[];
  code: ExitCode;
}

export const SHARD_MANIFEST = 'campaign-shard.json';

export async function writeShardManifest(dir: string, manifest: ShardManifest): Promise<string> {
  const file = join(dir, SHARD_MANIFEST);
  await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return file;
}

export async function readShardManifest(dir: string): Promise<ShardManifest> {
  return JSON.parse(await readFile(join(dir, SHARD_MANIFEST), 'utf8')) as ShardManifest;
}

/**
 * A shard's settings: its part of MAX_REQUESTS, and the target's rate over the shards, since they probe the one
 * target at once; said in one line.
 */
export function shardSettings(
  settings: Settings,
  shard: ShardSpec,
  part: { runBudget: number; reserve: number; operations: readonly string[]; of: number },
  log: (line: string) => void,
): Settings {
  const rate = settings.pacing.requestsPerSecond;
  const budget = part.runBudget + part.reserve;
  const reserved = part.reserve > 0 ? ` and ${part.reserve} reserved for their instances` : '';
  log(
    `campaign: shard ${shard.index}/${shard.count}: ${part.operations.length} of ${part.of} operation(s)` +
      `${part.operations.length > 0 ? ` (${part.operations.join(', ')})` : ''}; ${budget} of MAX_REQUESTS ${settings.pacing.maxRequests} ` +
      `(their first shares${reserved}); ${rate / shard.count} requests/s: the target's ${rate} shared by ${shard.count} shards`,
  );
  return { ...settings, pacing: { ...settings.pacing, maxRequests: budget, requestsPerSecond: rate / shard.count } };
}
