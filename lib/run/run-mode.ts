/**
 * The four ways a probe run runs the suites, one object each, as vitest's CLI dispatches to start, mergeReports and
 * init: a single run; one shard of a split run, which leaves a blob for the merge; the merge of the shards' blobs,
 * which sends nothing; and the vitest UI, which runs nothing until asked. Each says which files the run's environment and the
 * worker write, what vitest is started with, where the cleanup's outcome and the exchanges are read back, and
 * whether the run builds the reports.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CliOptions } from 'vitest/node';
import { mergedShardLogs } from '../har/exchange-log.js';
import { readOutcome, readShardOutcomes } from '../ledger/outcome-file.js';
import type { LedgerOutcome } from '../ledger/left-on-target.js';
import type { RunStop } from '../report/types.js';
import type { ProbeConsole } from '../vitest/probe-console.js';
import type { ProbeReporter } from '../vitest/probe-reporter.js';
import type { StopOnAbort } from '../vitest/stop-on-abort.js';
import { probeRunFiles, type ProbeRunFiles } from './run-files.js';
import { mergedShardStop, writeShardStop } from './shard-stops.js';

export type RunModeKind = 'single' | 'shard' | 'merge' | 'ui';
type Reporters = NonNullable<CliOptions['reporters']>;

/** The run's own reporters, which every mode has some of. */
export interface RunReporters {
  stop: StopOnAbort;
  console: ProbeConsole;
  collector: ProbeReporter;
}

export interface RunMode {
  kind: RunModeKind;
  /** A shard's `i/n`. */
  shard?: string;
  /** Whether the run builds the report and writes its outputs (a shard leaves its blob; the merge writes them). */
  reports: boolean;
  /** The files the run environment's end and the worker write, which the run reads back. */
  files(reportDir: string): ProbeRunFiles;
  /** What vitest is started with in this mode, besides what every run is. */
  vitest(reporters: RunReporters, reportDir: string): Partial<CliOptions> & { reporters: Reporters };
  /** What the end-of-run cleanup left on the target (the shards' joined, for a merge). */
  ledger(files: ProbeRunFiles, reportDir: string): LedgerOutcome | undefined;
  /** The logs of every exchange, for the report's count and the HAR. */
  exchangeLogs(files: ProbeRunFiles, reportDir: string): string[] | undefined;
  /** A stop the mode knows of before the suites run: a merged shard that was stopped. */
  stopBefore(reportDir: string): { stop: RunStop; stoppedBy: string } | undefined;
  /** After vitest has closed: a stopped shard leaves a note for the merge. */
  after(reportDir: string, stop: StopOnAbort): void;
}

const blobDir = (reportDir: string): string => join(reportDir, 'blob');
const ownLog = (files: ProbeRunFiles): string[] | undefined => (files.exchangeLog === undefined ? undefined : [files.exchangeLog]);
const ownOutcome = (files: ProbeRunFiles): LedgerOutcome | undefined =>
  files.outcome === undefined ? undefined : readOutcome(files.outcome);

export function singleMode(): RunMode {
  return {
    kind: 'single',
    reports: true,
    files: (reportDir) => probeRunFiles(reportDir, 'single'),
    vitest: (r) => ({ run: true, reporters: [r.stop, r.console, r.collector] }),
    ledger: ownOutcome,
    exchangeLogs: ownLog,
    stopBefore: () => undefined,
    after: () => undefined,
  };
}

export function shardMode(shard: string): RunMode {
  return {
    kind: 'shard',
    shard,
    reports: false,
    files: (reportDir) => probeRunFiles(reportDir, { shard }),
    vitest: (r, reportDir) => ({
      run: true,
      shard,
      reporters: [
        r.stop,
        r.console,
        ['blob', { outputFile: join(blobDir(reportDir), `blob-${shard.replace('/', '-')}.json`) }],
        r.collector,
      ],
    }),
    ledger: ownOutcome,
    exchangeLogs: ownLog,
    stopBefore: () => undefined,
    after: (reportDir, stop) => {
      if (stop.stoppedBy !== undefined)
        writeShardStop(reportDir, shard, { by: stop.stoppedBy, at: (stop.stoppedAt ?? new Date()).toISOString() });
    },
  };
}

/** `from`: the shards' blobs as this tool can merge them (lib/run/shard-blobs.ts relocateBlobs). */
export function mergeMode(from: string): RunMode {
  return {
    kind: 'merge',
    reports: true,
    files: (reportDir) => probeRunFiles(reportDir, 'merge'),
    vitest: (r) => ({ run: true, mergeReports: from, reporters: [r.stop, r.console, r.collector] }),
    ledger: (_, reportDir) => readShardOutcomes(reportDir, blobDir(reportDir)),
    exchangeLogs: (_, reportDir) => mergedShardLogs(reportDir, readdirSync(blobDir(reportDir))),
    stopBefore: (reportDir) => mergedShardStop(reportDir, readdirSync(blobDir(reportDir))),
    after: () => undefined,
  };
}

/**
 * The UI runs no suite until asked: none when it opens (standalone), none when a file is saved (no file watcher).
 * Every run against a live target costs its requests and creates subscriptions. Its runs never reach teardown:
 * each is finished as it ends, without the ledger's outcome.
 */
export function uiMode(): RunMode {
  return {
    kind: 'ui',
    reports: true,
    files: (reportDir) => probeRunFiles(reportDir, 'single'),
    vitest: (r) => ({ run: false, watch: true, ui: true, standalone: true, reporters: [r.console, r.collector] }),
    ledger: () => undefined,
    exchangeLogs: ownLog,
    stopBefore: () => undefined,
    after: () => undefined,
  };
}
