import type { Reporter, TestModule } from 'vitest/node';

export interface RunCounts {
  passed: number;
  failed: number;
  skipped: number;
  /** Cases a stopped run cut short before they recorded anything (and suites it never loaded). */
  notRun?: number;
  /** Cases that ended as an expectation said (DEVIATES or ERROR, expected): counted apart, they do not fail the run. */
  expected?: number;
}

/**
 * Counts test cases from vitest's own results (CI reads the `N passed, N failed` line built from them). In a
 * run stopped by Ctrl-C, a case that failed without recording a verdict was cut short, not failed by the target.
 */
export function countResults(testModules: ReadonlyArray<TestModule>, interrupted = false): RunCounts {
  const counts: RunCounts = { passed: 0, failed: 0, skipped: 0 };
  let notRun = 0;
  for (const module of testModules) {
    for (const testCase of module.children.allTests()) {
      const state = testCase.result().state;
      if (state === 'passed') counts.passed += 1;
      else if (state === 'failed' && interrupted && testCase.meta().probe === undefined) notRun += 1;
      else if (state === 'failed') counts.failed += 1;
      else counts.skipped += 1;
    }
    // A file that failed to load has no test cases but must not pass silently (unless the run was stopped first).
    if (module.state() === 'failed' && [...module.children.allTests()].length === 0) {
      if (interrupted) notRun += 1;
      else counts.failed += 1;
    }
  }
  return notRun > 0 ? { ...counts, notRun } : counts;
}

export function formatCounts(counts: RunCounts): string {
  const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : '';
  const notRun = (counts.notRun ?? 0) > 0 ? `, ${counts.notRun} not run (stopped)` : '';
  const expected = (counts.expected ?? 0) > 0 ? `, ${counts.expected} expected deviation${counts.expected === 1 ? '' : 's'}` : '';
  return `${counts.passed} passed, ${counts.failed} failed${skipped}${notRun}${expected}`;
}

/** Keeps the counts of the last run for the script that started vitest. */
export class SummaryLineReporter implements Reporter {
  counts: RunCounts | undefined;
  /** Errors no test caught (an exception thrown from a timer, a rejection nobody awaited): each fails `npm test`. */
  unhandledErrors = 0;

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>, reason?: string): void {
    this.counts = countResults(testModules, reason === 'interrupted');
    this.unhandledErrors = errors.length;
  }
}
