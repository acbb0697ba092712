/**
 * The files a run's environment (lib/run/run-environment.ts) and worker write and the run reads back: what the cleanup left on the target
 * (lib/ledger/outcome-file.ts) and every exchange for the HAR (lib/har/exchange-log.ts). A single run keeps them
 * in a temporary folder of its own, removed when the run ends; a shard in REPORT_DIR, which CI carries to the
 * merge job with the blobs; a merge reads the shards' and writes none.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { shardExchangeLog } from '../har/exchange-log.js';
import { shardOutcomeFile } from '../ledger/outcome-file.js';

export interface ProbeRunFiles {
  outcome: string | undefined;
  exchangeLog: string | undefined;
  /**
   * Where the environment's end leaves how the target spelled the validation parameter (lib/receiver/validation-spelling.ts):
   * a single run's only; a shard's report is built by the merge, which has no receiver's tally to read.
   */
  validation: string | undefined;
  /** Removes what only this run needed (a single run's temporary folder). */
  remove(): void;
}

export function probeRunFiles(reportDir: string, kind: 'single' | 'merge' | { shard: string }): ProbeRunFiles {
  if (kind === 'merge') return { outcome: undefined, exchangeLog: undefined, validation: undefined, remove: () => undefined };
  let files: { outcome: string; exchangeLog: string };
  let dir: string | undefined;
  if (typeof kind === 'object') {
    files = { outcome: shardOutcomeFile(reportDir, kind.shard), exchangeLog: shardExchangeLog(reportDir, kind.shard) };
  } else {
    dir = mkdtempSync(join(tmpdir(), 'probe-run-'));
    files = { outcome: join(dir, 'outcome.json'), exchangeLog: join(dir, 'exchanges.jsonl') };
  }
  rmSync(files.outcome, { force: true });
  // Made empty now: a shard that sends nothing still leaves a log, so the merge can tell a missing one.
  mkdirSync(dirname(files.exchangeLog), { recursive: true });
  writeFileSync(files.exchangeLog, '', { mode: 0o600 });
  // The temporary folder goes even if the process is ended before the run returns (a second Ctrl-C).
  const onExit = (): void => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  return {
    ...files,
    validation: dir === undefined ? undefined : join(dir, 'validation.json'),
    remove: () => {
      process.off('exit', onExit);
      onExit();
    },
  };
}
