/**
 * How the end-of-run ledger outcome travels from the run environment's end (lib/run/run-environment.ts, after
 * vitest's close) to the run (lib/run/run-probe.ts), which adds it to the reports and the exit code;
 * and, for a sharded run, from each shard to the merge, in a folder of its own beside the blob
 * folder (vitest's merge takes every file in the blob folder for a blob and fails on anything else).
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LedgerOutcome } from './left-on-target.js';

/** Folder (under REPORT_DIR) of the shards' outcomes, which CI carries to the merge job with the blobs. */
const SHARD_OUTCOME_DIR = 'ledger-outcomes';

const SHARD_OUTCOME_PREFIX = 'shard-';

/** The outcome file of one shard, `ledger-outcomes/shard-<i>-<n>.json`. */
export function shardOutcomeFile(reportDir: string, shard: string): string {
  return join(reportDir, SHARD_OUTCOME_DIR, `${SHARD_OUTCOME_PREFIX}${shard.replace('/', '-')}.json`);
}

export function writeOutcome(file: string, outcome: LedgerOutcome): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(outcome, null, 2)}\n`);
}

/** The outcome in `file`, or undefined when there is none (the teardown did not get that far). */
export function readOutcome(file: string): LedgerOutcome | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const value = JSON.parse(text) as Partial<LedgerOutcome>;
    if (!Array.isArray(value.leftOnTarget) || !Array.isArray(value.duplicateIds) || typeof value.created !== 'number') return undefined;
    return value as LedgerOutcome;
  } catch {
    return undefined;
  }
}

/**
 * The outcomes of the shards whose blobs are merged (`blob-<i>-<n>.json` <-> `shard-<i>-<n>.json`),
 * joined into one: a file left by an older run with another shard count is not read. Undefined when
 * no merged shard left one.
 */
export function readShardOutcomes(reportDir: string, blobDir: string): LedgerOutcome | undefined {
  const folder = join(reportDir, SHARD_OUTCOME_DIR);
  let names: string[];
  try {
    const merged = new Set(readdirSync(blobDir).flatMap((n) => /^blob-(\d+-\d+)\.json$/.exec(n)?.[1] ?? []));
    names = readdirSync(folder)
      .filter(
        (n) =>
          merged.has(n.slice(SHARD_OUTCOME_PREFIX.length, -'.json'.length)) && n.startsWith(SHARD_OUTCOME_PREFIX) && n.endsWith('.json'),
      )
      .sort();
  } catch {
    return undefined;
  }
  const outcomes = names.map((n) => readOutcome(join(folder, n))).filter((o): o is LedgerOutcome => o !== undefined);
  if (outcomes.length === 0) return undefined;
  return {
    created: outcomes.reduce((sum, o) => sum + o.created, 0),
    leftOnTarget: outcomes.flatMap((o) => o.leftOnTarget),
    duplicateIds: outcomes.flatMap((o) => o.duplicateIds),
    requests: outcomes.reduce((sum, o) => sum + (o.requests ?? 0), 0),
  };
}
