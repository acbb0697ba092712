import { expect, test } from 'vitest';
import type { CaseRecord } from '../case-record.js';
import { countCollected, type CollectedRun } from './collect-run.js';
import { formatCounts } from './summary-line-reporter.js';

const recorded = (id: string, verdict: CaseRecord['verdict']): CollectedRun['cases'][number] =>
  ({ name: id, suite: '02-presence-matrix', record: { id, verdict } as CaseRecord }) as CollectedRun['cases'][number];

test("a shard's count line counts the cases that deviated as expected apart: neither passed nor failed", () => {
  const run: CollectedRun = {
    cases: [recorded('a', 'CONFORMS'), recorded('b', 'DEVIATES'), recorded('c', 'DEVIATES'), recorded('d', 'ERROR')],
    skipped: [],
    notRun: [],
    harnessErrors: [],
    suites: [],
  };
  expect(countCollected(run)).toEqual({ passed: 1, failed: 3, skipped: 0, notRun: 0, expected: 0 });
  const counts = countCollected(run, (c) => ['b', 'd', 'a'].includes(c.record.id));
  expect(counts).toEqual({ passed: 1, failed: 1, skipped: 0, notRun: 0, expected: 2 });
  expect(formatCounts(counts)).toBe('1 passed, 1 failed, 2 expected deviations');
});
