/**
 * What each suite file of a run came to: its verdicts, skipped and unrun cases, the requests its cases sent and its
 * elapsed time. One function counts them from the run's cases, so the console's line per suite, the report's
 * `suites`, JUnit's suite times and the HTML all say the same numbers, whether the run was whole, stopped, a shard or
 * a merge of shards.
 */
import type { CaseRecord } from '../case-record.js';
import { VERDICTS, type Verdict } from '../outcome.js';
import type { HarnessError, SuiteSummary, UnrunCase } from './types.js';

/** The run's cases, sorted as lib/vitest/collect-run.ts sorts them, each with its suite. */
export interface SuiteCases {
  cases: readonly { suite: string; record: Pick<CaseRecord, 'verdict' | 'requests' | 'reused'> }[];
  skipped: readonly Pick<UnrunCase, 'suite'>[];
  notRun: readonly Pick<UnrunCase, 'suite'>[];
  harnessErrors: readonly Pick<HarnessError, 'suite'>[];
  /** Every suite file of the run in its order, with vitest's duration of it (its tests and hooks), which blobs keep. */
  suites: readonly { suite: string; seconds: number }[];
}

const noVerdicts = (): Record<Verdict, number> => Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;

export function summarizeSuites(run: SuiteCases): SuiteSummary[] {
  const bySuite = new Map<string, SuiteSummary>();
  const of = (suite: string): SuiteSummary => {
    let summary = bySuite.get(suite);
    if (summary === undefined) {
      summary = { suite, counts: noVerdicts(), skipped: 0, notRun: 0, requests: 0, seconds: 0 };
      bySuite.set(suite, summary);
    }
    return summary;
  };
  for (const { suite, seconds } of run.suites) of(suite).seconds = Math.round(seconds * 1000) / 1000;
  for (const c of run.cases) {
    const summary = of(c.suite);
    summary.counts[c.record.verdict] += 1;
    summary.requests += c.record.requests;
    if (c.record.reused !== undefined) summary.reused = (summary.reused ?? 0) + c.record.reused;
  }
  // A case that failed before it recorded anything is the harness's ERROR, as the report counts it.
  for (const e of run.harnessErrors) of(e.suite).counts.ERROR += 1;
  for (const c of run.skipped) of(c.suite).skipped += 1;
  for (const c of run.notRun) of(c.suite).notRun += 1;
  return [...bySuite.values()];
}

/** `40 answers taken from earlier asks`: what a suite did not send, in the console's and the HTML's words. */
export const reusedWords = (n: number): string => `${n} answer${n === 1 ? '' : 's'} taken from earlier asks`;

/**
 * `02-presence-matrix: 25 INFORMATIONAL, 8 not run (the run was stopped); 68 requests, 16.2 s`, and after the requests
 * `(40 answers taken from earlier asks, not sent)` when the suite's cases took any.
 */
export function suiteLine(summary: SuiteSummary, stopped: boolean): string {
  const order: readonly Verdict[] = ['CONFORMS', 'INFORMATIONAL', 'DEVIATES', 'ERROR'];
  const parts = [
    ...order.filter((v) => summary.counts[v] > 0).map((v) => `${summary.counts[v]} ${v}`),
    ...(summary.skipped > 0 ? [`${summary.skipped} skipped`] : []),
    ...(summary.notRun > 0 ? [`${summary.notRun} not run (the run was stopped)`] : []),
  ];
  const cases = parts.join(', ') || (stopped ? 'not run (the run was stopped)' : 'no case');
  const reused = summary.reused === undefined ? '' : ` (${reusedWords(summary.reused)}, not sent)`;
  return `${summary.suite}: ${cases}; ${summary.requests} requests${reused}, ${summary.seconds.toFixed(1)} s`;
}
