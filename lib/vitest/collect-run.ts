/**
 * Every test case of a run, sorted by what it says: a case that recorded a verdict; a case that skipped itself,
 * with its reason; a case the run's stop left unfinished or unstarted; and a case that failed before it recorded
 * anything (the harness's ERROR, never the target's). The reports, the console's count line and JUnit are all
 * made from this one reading, so they count the same cases the same way.
 */
import type { TestCase, TestModule } from 'vitest/node';
import type { CaseRecord, SkipRecord } from '../case-record.js';
import type { HarnessError, UnrunCase } from '../report/types.js';
import { oncePerKind } from '../protocol/once-per-kind.js';

/** The suite a test file holds, as the reports name it: `02-presence-matrix`. */
export const suiteOf = (module: TestModule): string => module.relativeModuleId.replace(/^.*\//, '').replace(/\.test\.ts$/, '');

export interface RecordedCase {
  /** The test's full name, as vitest shows it. */
  name: string;
  suite: string;
  record: CaseRecord;
  seconds: number;
}

export interface CollectedRun {
  cases: RecordedCase[];
  /** When the first case started and the last one ended (epoch ms), from vitest's own times: blobs keep them. */
  casesStartedAt?: number;
  casesEndedAt?: number;
  skipped: UnrunCase[];
  notRun: UnrunCase[];
  harnessErrors: HarnessError[];
  /** Every suite file in run order, with vitest's duration of it (its tests and hooks; blobs keep it for a merge). */
  suites: { suite: string; seconds: number }[];
}

/** A case's id when it declared none (a suite of the tool's declares each: lib/plan/case-ids.ts): its suite and name. */
function idOf(suite: string, name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return `${suite}/${slug}`;
}

/** `stop`: what stopped the run, in words ("stopped by Ctrl-C"), when something did. */
export function collectRun(testModules: ReadonlyArray<TestModule>, stop?: string): CollectedRun {
  const run: CollectedRun = { cases: [], skipped: [], notRun: [], harnessErrors: [], suites: [] };
  for (const module of testModules) {
    const suite = suiteOf(module);
    run.suites.push({ suite, seconds: module.diagnostic().duration / 1000 });
    const tests = [...module.children.allTests()];
    for (const testCase of tests) {
      sortCase(run, suite, testCase, stop);
      const diagnostic = testCase.diagnostic();
      if (diagnostic === undefined) continue;
      run.casesStartedAt = Math.min(run.casesStartedAt ?? diagnostic.startTime, diagnostic.startTime);
      run.casesEndedAt = Math.max(run.casesEndedAt ?? 0, diagnostic.startTime + diagnostic.duration);
    }
    // A file that failed to load has no test cases but must not pass silently (unless the run was stopped first).
    if (module.state() === 'failed' && tests.length === 0) {
      const message = module.errors()[0]?.message ?? 'the suite failed to load';
      if (stop !== undefined) run.notRun.push({ id: `${suite}/(suite)`, suite, name: suite, reason: `not run: ${stop}` });
      else run.harnessErrors.push({ id: `${suite}/(suite)`, suite, name: suite, message });
    }
  }
  // Each shard of a split run judged the kinds of refusal it met once; across the shards, a kind is judged once too,
  // by the first case in run order (the suites are numbered in that order; a single run's are judged already).
  const inOrder = [...run.cases].sort((a, b) => (a.suite < b.suite ? -1 : a.suite > b.suite ? 1 : 0));
  const records = oncePerKind(inOrder.map((c) => c.record));
  const judged = new Map(inOrder.map((c, i) => [c, records[i] ?? c.record]));
  // In run order too: the merge of a split run reads the shards' blobs in whatever order their suites fell to shards,
  // and its report is a single run's (a stable sort keeps each suite's own order).
  run.cases = inOrder.map((c) => ({ ...c, record: judged.get(c) ?? c.record }));
  return run;
}

function sortCase(run: CollectedRun, suite: string, testCase: TestCase, stop: string | undefined): void {
  const meta = testCase.meta();
  const record = meta.probe as CaseRecord | undefined;
  const result = testCase.result();
  const name = testCase.fullName;
  // A verdict recorded is the case's outcome, whatever happened after it (a stop refusing its annotations).
  if (record !== undefined) {
    run.cases.push({ name, suite, record, seconds: Math.round(testCase.diagnostic()?.duration ?? 0) / 1000 });
    return;
  }
  const skip = meta.skip as SkipRecord | undefined;
  if (result.state === 'skipped' && skip !== undefined) {
    run.skipped.push({
      id: skip.id,
      suite,
      name,
      reason: skip.reason,
      ...(skip.toTest !== undefined ? { toTest: skip.toTest } : {}),
      ...(skip.noAccepted !== undefined ? { noAccepted: skip.noAccepted } : {}),
    });
    return;
  }
  const id = meta.caseId ?? idOf(suite, testCase.name);
  if (stop !== undefined && result.state !== 'passed') {
    const started = result.state === 'failed';
    run.notRun.push({ id, suite, name, reason: `${started ? 'cut short' : 'not started'}: ${stop}` });
    return;
  }
  if (result.state === 'skipped') {
    run.skipped.push({ id, suite, name, reason: result.note ?? 'skipped without a reason (a case of this tool should give one)' });
    return;
  }
  // Passed without a record: nothing to report (no such case in the suites); failed without one: the harness.
  if (result.state === 'failed') run.harnessErrors.push({ id, suite, name, message: result.errors[0]?.message ?? 'failed' });
}

/**
 * The count line's numbers for a run without a report (a shard): the same reading as the report's. `asExpected`: whether
 * a case ended as an expectation said (lib/expectations heldExpectations), counted apart.
 */
export function countCollected(
  run: CollectedRun,
  asExpected: (c: RecordedCase) => boolean = () => false,
): { passed: number; failed: number; skipped: number; notRun: number; expected: number } {
  const failingCases = run.cases.filter((c) => c.record.verdict === 'DEVIATES' || c.record.verdict === 'ERROR');
  const held = failingCases.filter(asExpected).length;
  return {
    passed: run.cases.length - failingCases.length,
    failed: failingCases.length - held + run.harnessErrors.length,
    skipped: run.skipped.length,
    notRun: run.notRun.length,
    expected: held,
  };
}
