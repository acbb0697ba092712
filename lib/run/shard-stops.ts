/**
 * A shard that was stopped (Ctrl-C, or SIGTERM from its CI job's timeout or cancel) leaves a note beside its ledger
 * outcome, so that the merge reads as stopped too: its report opens with the stop, and the shard's unfinished cases
 * are listed as not run, instead of a merged report that looks whole. CI carries the folder to the merge job with
 * the blobs (docs/ci.md).
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RunStop } from '../report/types.js';

/** Beside the shards' ledger outcomes (lib/ledger/outcome-file.ts), which CI already carries. */
const FOLDER = 'ledger-outcomes';

export function shardStopFile(reportDir: string, shard: string): string {
  return join(reportDir, FOLDER, `shard-${shard.replace('/', '-')}.stopped.json`);
}

export function writeShardStop(reportDir: string, shard: string, stop: { by: string; at: string }): void {
  const file = shardStopFile(reportDir, shard);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(stop)}\n`);
}

/**
 * The stop of the merged run, when a shard whose blob is merged was stopped (the first such shard); undefined
 * when none was. A note that is not one (a hostile or broken file) is not taken as a stop.
 */
export function mergedShardStop(reportDir: string, blobNames: readonly string[]): { stop: RunStop; stoppedBy: string } | undefined {
  const merged = blobNames.flatMap((n) => /^blob-(\d+)-(\d+)\.json$/.exec(n)?.slice(1, 3).join('/') ?? []).sort();
  let names: string[];
  try {
    names = readdirSync(join(reportDir, FOLDER));
  } catch {
    return undefined;
  }
  for (const shard of merged) {
    const name = `shard-${shard.replace('/', '-')}.stopped.json`;
    if (!names.includes(name)) continue;
    try {
      const note = JSON.parse(readFileSync(join(reportDir, FOLDER, name), 'utf8')) as { by?: unknown; at?: unknown };
      if (typeof note.by !== 'string' || typeof note.at !== 'string' || Number.isNaN(Date.parse(note.at))) continue;
      const by = note.by.slice(0, 40);
      return {
        stop: {
          by: 'shard',
          at: new Date(Date.parse(note.at)).toISOString(),
          why: `shard ${shard} was stopped by ${by}: its cases not started were not run`,
        },
        stoppedBy: `${by} in shard ${shard}`,
      };
    } catch {
      // An unreadable note says nothing.
    }
  }
  return undefined;
}
