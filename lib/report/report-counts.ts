import type { BehaviourReport } from './types.js';

/**
 * The count line's numbers, read from the report: what passed and failed among its cases, what did not run, and the
 * cases that ended as an expectation said (counted apart: they neither pass nor fail the run).
 */
export function reportCounts(report: BehaviourReport): {
  passed: number;
  failed: number;
  skipped: number;
  notRun: number;
  expected: number;
} {
  const { counts } = report;
  const expected = report.cases.filter((c) => c.expectation !== undefined).length;
  return {
    passed: counts.CONFORMS + counts.INFORMATIONAL,
    failed: counts.DEVIATES + counts.ERROR - expected,
    skipped: report.skipped?.length ?? 0,
    notRun: report.notRun?.length ?? 0,
    expected,
  };
}

/** The report's cases that fail the run: DEVIATES and ERROR, less those an expectation holds for. */
export const failingCases = (report: Pick<BehaviourReport, 'cases'>): BehaviourReport['cases'] =>
  report.cases.filter((c) => (c.verdict === 'DEVIATES' || c.verdict === 'ERROR') && c.expectation === undefined);

/** The verdict as every report shows it: `DEVIATES (expected: <reason>)` for a case that ended as expected. */
export const shownVerdict = (c: Pick<BehaviourReport['cases'][number], 'verdict' | 'expectation'>): string =>
  c.expectation === undefined ? c.verdict : `${c.verdict} (expected: ${c.expectation.reason})`;
