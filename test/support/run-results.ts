/**
 * Runs as lib/run/execute-run.ts returns them, one per mode, made from the report fixtures: what a whole run of the
 * default reference profile collects and builds, a shard of it (no report), its merge, and a run stopped by Ctrl-C.
 * concludeRun is tested on these as exitDecision is on its facts.
 */
import type { CaseRecord } from '../../lib/case-record.js';
import type { RunResult } from '../../lib/run/execute-run.js';
import type { BehaviourReport } from '../../lib/report/types.js';
import { formatConsoleSummary } from '../../lib/vitest/console-summary.js';
import type { CollectedCases } from '../../lib/vitest/probe-reporter.js';
import { defaultProfileReport } from './report-fixtures.js';

/** The cases a run collected to build `report`: each case's record, its suite from its id. */
export function collectedOf(report: BehaviourReport): CollectedCases {
  const suiteOf = (id: string): string => (id.startsWith('matrix/') ? '02-presence-matrix' : '01-spec-observations');
  const cases = report.cases.map((c) => ({
    name: c.name,
    suite: c.suite ?? suiteOf(c.id),
    seconds: c.seconds ?? 0.1,
    record: {
      id: c.id,
      kind: 'observation',
      specRef: c.specRef,
      verdict: c.verdict,
      requests: 2,
      target: { baseUrl: report.run.target, kind: report.run.targetKind },
    } as CaseRecord,
  }));
  return {
    cases,
    skipped: [...(report.skipped ?? [])],
    notRun: [...(report.notRun ?? [])],
    harnessErrors: [],
    suites: [
      { suite: '01-spec-observations', seconds: 0.4 },
      { suite: '02-presence-matrix', seconds: 2.1 },
    ],
    startedAt: report.run.startedAt,
    endedAt: report.run.endedAt,
    costLines: [
      'requests by suite: 01-spec-observations 14, 02-presence-matrix 64',
      'seconds by suite: 01-spec-observations 0.4, 02-presence-matrix 2.1',
    ],
  };
}

const CONTRACT_LINE = 'contract: /work/reports/observed-openapi.json (OpenAPI 3.1 valid)';

const casesOf = (c: CollectedCases): number => c.cases.length + c.skipped.length + c.notRun.length + c.harnessErrors.length;

const base = {
  filters: [],
  reportDir: '/work/reports',
  ledgerDir: '/work/.ledger',
  target: 'http://127.0.0.1:43117',
  ci: { githubActions: false },
  peakMemoryMb: 212,
  cleanupUnknown: false,
} as const;

/** A whole run that built its report: `report` as built, nothing left on the target. */
export function singleRun(report: BehaviourReport = defaultProfileReport()): RunResult {
  const collected = collectedOf(report);
  return {
    ...base,
    mode: 'single',
    collected,
    casesRan: casesOf(collected),
    ledger: { created: 3, leftOnTarget: [], duplicateIds: [] },
    finished: {
      report,
      contract: { contract: {}, document: undefined, problems: [], lines: [CONTRACT_LINE] },
      lines: [...formatConsoleSummary(report), CONTRACT_LINE],
    },
  };
}

/** One shard of a split run: its cases, and no report (the merge builds it). */
export function shardRun(report: BehaviourReport = defaultProfileReport()): RunResult {
  const collected = collectedOf(report);
  return {
    ...base,
    mode: 'shard',
    shard: '1/2',
    collected,
    casesRan: casesOf(collected),
    ledger: { created: 1, leftOnTarget: [], duplicateIds: [] },
  };
}

/** The merge of the shards' blobs: the report of the whole run, built from them. */
export function mergeRun(report: BehaviourReport = defaultProfileReport()): RunResult {
  return { ...singleRun(report), mode: 'merge' };
}

/** A whole run the first Ctrl-C stopped: the cases not started are not run. */
export function stoppedRun(): RunResult {
  const report = defaultProfileReport();
  report.run.stopped = {
    by: 'Ctrl-C',
    at: report.run.endedAt,
    why: 'stopped by Ctrl-C: what was on the wire was answered and recorded; the cases it cut short and the ones not started were not run',
  };
  report.notRun = [
    { id: 'value/clientState/empty', suite: '03-value-classes', name: 'clientState: empty', reason: 'not started: stopped by Ctrl-C' },
    { id: 'lifecycle/read', suite: '07-lifecycle', name: 'read', reason: 'not started: stopped by Ctrl-C' },
  ];
  return { ...singleRun(report), stoppedBy: 'Ctrl-C' };
}

/** The result without some of its parts: a run that collected nothing, or built no report. */
export function without(result: RunResult, ...parts: ('collected' | 'finished')[]): RunResult {
  const copy = { ...result };
  for (const part of parts) delete copy[part];
  return copy;
}
