import type { BehaviourReport } from './types.js';

/** The count line's numbers, read from the report: what passed and failed among its cases, what did not run. */
export function reportCounts(report: BehaviourReport): { passed: number; failed: number; skipped: number; notRun: number } {
  const { counts } = report;
  return {
    passed: counts.CONFORMS + counts.INFORMATIONAL,
    failed: counts.DEVIATES + counts.ERROR,
    skipped: report.skipped?.length ?? 0,
    notRun: report.notRun?.length ?? 0,
  };
}
