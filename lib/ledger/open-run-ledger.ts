import { hostname } from 'node:os';
import { engineLimits } from '../config/engine-limits.js';
import { commandAsTyped } from '../config/invocation.js';
import type { Settings } from '../config/types.js';
import type { EngineLimits } from '../http/engine.js';
import type { Secret } from '../secret.js';
import type { BearerSource } from '../http/bearer.js';
import { undoPlan } from '../create/undo-plan.js';
import { appendLines } from './append.js';
import { cleanupEngine, CLEANUP_MAX_MS } from './cleanup-engine.js';
import { describeSweep } from './describe.js';
import { dropFinishedEmbedded } from './drop-embedded.js';
import { systemLiveness, type LivenessProbe } from './liveness.js';
import { newRunId, runFile } from './paths.js';
import { ledgerOutcome, type LedgerOutcome } from './left-on-target.js';
import { inspectRunFile, targetRunFiles, type RunFile } from './select.js';
import { sweep, type SweepOptions, type SweepResult } from './sweep.js';
import { LEDGER_VERSION, type LedgerTargetKind } from './types.js';
import { createdNoun } from '../operation/notification-field.js';

/** Time allowed past MAX_RUN_SECONDS and the end-of-run cleanup for vitest to start and stop. */
const RUN_SLACK_MS = 5 * 60_000;

export interface OpenRunLedgerOptions {
  settings: Settings;
  target: { baseUrl: string; kind: LedgerTargetKind };
  /** The token the run sends (for an embedded reference: the one it was started with). */
  token: Secret | BearerSource | undefined;
  log?: (line: string) => void;
  liveness?: () => LivenessProbe;
}

export interface RunLedgerHandle {
  runId: string;
  file: string;
  /** What the sweep before the run did (configured targets only). */
  before: SweepResult | undefined;
  /** At the end of the run: deletes what this run's file still lists, and says what happened. */
  reconcile(): Promise<ReconcileResult>;
}

export interface ReconcileResult extends SweepResult {
  /** Subscriptions this run created. */
  created: number;
  /** What is left on the target, for the reports. */
  outcome: LedgerOutcome;
}

/** Deletes what the given files list, with an engine sized to them, then closes it. */
export async function sweepWithEngine(
  files: RunFile[],
  limits: EngineLimits,
  baseUrl: string,
  token: Secret | BearerSource | undefined,
  by: string,
  options: Pick<SweepOptions, 'notFoundIsGone' | 'deletePathOf'> = {},
): Promise<SweepResult> {
  const count = files.reduce((sum, f) => sum + f.entries.length, 0);
  if (count === 0) return sweep(files, { ...options, send: () => Promise.reject(new Error('nothing to send')), by });
  const engine = cleanupEngine(limits, baseUrl, token, count);
  try {
    const result = await sweep(files, { ...options, send: (request) => engine.send(request), by });
    return { ...result, requests: engine.stats().requestsSent };
  } finally {
    await engine.close();
  }
}

/**
 * Deletes what finished runs against this configured target left behind, and says what it left alone: the
 * subscriptions of runs still going.
 */
async function sweepEarlierRuns(
  o: OpenRunLedgerOptions,
  runId: string,
  deletePathOf: ((id: string) => string) | undefined,
  log: (line: string) => void,
  liveness: () => LivenessProbe,
): Promise<SweepResult> {
  const { settings, target } = o;
  const dir = settings.reports.ledgerDir;
  const withPath = deletePathOf === undefined ? {} : { deletePathOf };
  const files = targetRunFiles(dir, target.baseUrl, liveness(), deletePathOf);
  const finished = files.filter((f) => !f.active);
  const before = await sweepWithEngine(finished, engineLimits(settings), target.baseUrl, o.token, runId, withPath);
  if (before.gone.length + before.failed.length > 0 || before.unidentified + before.noDeletePath > 0) {
    for (const line of describeSweep(`ledger: leftovers of earlier runs on ${target.baseUrl}`, before, true)) log(line);
  }
  for (const f of files.filter((g) => g.active && g.entries.length > 0)) {
    // A campaign's file lists what it made for its consumers (a folder their paths are in), not subscriptions.
    const what = f.run?.operation === 'campaign' ? `thing(s) a campaign made for its consumers` : 'subscription(s)';
    const whose = f.run?.operation === 'campaign' ? 'campaign' : 'run';
    log(
      `ledger: left alone ${f.entries.length} ${what} of ${whose} ${f.run?.runId ?? '?'} (pid ${f.run?.pid ?? '?'}), which is still going`,
    );
  }
  return before;
}

/** This run's first ledger line: who runs, against what, and until when it counts as going. */
function writeRunStart(file: string, runId: string, { settings, target }: OpenRunLedgerOptions): void {
  const startedAt = Date.now();
  appendLines(file, [
    {
      v: LEDGER_VERSION,
      op: 'run',
      runId,
      target: target.baseUrl,
      targetKind: target.kind,
      operation: settings.target.operation.id,
      pid: process.pid,
      host: hostname(),
      startedAt: new Date(startedAt).toISOString(),
      activeUntil: new Date(startedAt + settings.pacing.maxRunTimeMs + CLEANUP_MAX_MS + RUN_SLACK_MS).toISOString(),
    },
  ]);
}

/**
 * Before the run: drops the ledgers of finished embedded-reference runs, deletes what finished runs
 * against this (configured) target left behind, and starts this run's file. The returned handle's
 * reconcile() is for the end of the run.
 */
export async function openRunLedger(o: OpenRunLedgerOptions): Promise<RunLedgerHandle> {
  const { settings, target } = o;
  const log = o.log ?? ((line: string) => console.log(line));
  const liveness = o.liveness ?? systemLiveness;
  const dir = settings.reports.ledgerDir;
  const runId = newRunId();
  const file = runFile(dir, target.baseUrl, runId);
  // Creates an earlier run made while it knew no delete path are deleted by the one this run knows, if any.
  const deletePathOf = undoPlan(settings.target).cleanup?.deletePath;
  const withPath = deletePathOf === undefined ? {} : { deletePathOf };

  const dropped = dropFinishedEmbedded(dir, liveness());
  if (dropped.files > 0) {
    log(
      `ledger: dropped ${dropped.files} file(s) of finished runs against the embedded reference service ` +
        `(${dropped.entries} subscription(s) listed): that server ended with its run, so nothing is left to delete`,
    );
  }

  const before = target.kind === 'configured' ? await sweepEarlierRuns(o, runId, deletePathOf, log, liveness) : undefined;

  writeRunStart(file, runId, o);

  const reconcile = async (): Promise<ReconcileResult> => {
    const own = inspectRunFile(file, liveness(), target.baseUrl, deletePathOf);
    // This run made them moments ago: a 404 now says the delete path misses them, not that they expired.
    const result = await sweepWithEngine([own], engineLimits(settings), target.baseUrl, o.token, runId, {
      notFoundIsGone: false,
      ...withPath,
    });
    const byCases = own.created - own.entries.length;
    // Creates with no id, an unsafe id or no delete path known were made too: counted, as ones that could not be deleted.
    const undeletable = own.undeletable.length + own.noDeletePath.length;
    log(
      `ledger: this run created ${own.created + undeletable} ${createdNoun(settings.target.operation).one}(s): ${byCases} deleted by their cases, ` +
        `${result.gone.length} at the end of the run, ${result.failed.length + undeletable} could not be deleted`,
    );
    if (result.failed.length > 0 || result.unidentified + result.noDeletePath > 0) {
      for (const line of describeSweep('ledger: end of run', result, false).slice(1)) log(line);
    }
    if (result.failed.length > 0) {
      log(
        target.kind === 'configured'
          ? `ledger: kept in ${file}; the next run against ${target.baseUrl} or ${commandAsTyped('cleanup')} retries them`
          : 'ledger: they end with the embedded reference service, which stops now',
      );
    }
    // The target counts the ledger's deletes with the suites' requests: the report lists them apart.
    const requests = (before?.requests ?? 0) + (result.requests ?? 0);
    return { ...result, created: own.created, outcome: { ...ledgerOutcome(own, result), requests } };
  };

  return { runId, file, before, reconcile };
}
