import type { Reporter, TestModule } from 'vitest/node';

export interface RunCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Counts test cases from vitest's own results (CI reads the `N passed, N failed` line built from them). */
function countResults(testModules: ReadonlyArray<TestModule>): RunCounts {
  const counts: RunCounts = { passed: 0, failed: 0, skipped: 0 };
  for (const module of testModules) {
    for (const testCase of module.children.allTests()) {
      const state = testCase.result().state;
      if (state === 'passed') counts.passed += 1;
      else if (state === 'failed') counts.failed += 1;
      else counts.skipped += 1;
    }
    // A file that failed to load has no test cases but must not pass silently.
    if (module.state() === 'failed' && [...module.children.allTests()].length === 0) counts.failed += 1;
  }
  return counts;
}

export function formatCounts(counts: RunCounts): string {
  return `${counts.passed} passed, ${counts.failed} failed${counts.skipped > 0 ? `, ${counts.skipped} skipped` : ''}`;
}

/** Keeps the counts of the last run for the script that started vitest. */
export class SummaryLineReporter implements Reporter {
  counts: RunCounts | undefined;

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    this.counts = countResults(testModules);
  }
}
