import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runRedactor } from '../redaction/run-redactor.js';
import { writeOutputs } from './outputs.js';
import { BEHAVIOUR_REPORT_FILES, BEHAVIOUR_REPORT_OUTPUTS, reportProblems } from './report-outputs.js';
import { ruleValuesReadBack } from './report-rules.js';
import type { BehaviourReport } from './types.js';
import { validateBehaviourReport } from './validate-report.js';

export { BEHAVIOUR_REPORT_FILES };

/** A report that breaks behaviour-report.schema.json: a bug in whatever built or edited it. */
export class InvalidReportError extends Error {
  readonly code = 'REPORT_INVALID';
  constructor(
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    super(`${source} does not match behaviour-report.schema.json:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'InvalidReportError';
  }
}

/**
 * Validates the report, then writes behaviour-report.json, .md and .html into `dir` (created if missing), each
 * atomically, through the outputs' writer. Nothing is written when the report is invalid.
 */
export async function writeBehaviourReports(report: BehaviourReport, dir: string): Promise<{ json: string; md: string; html: string }> {
  const problems = reportProblems(report);
  if (problems.length > 0) throw new InvalidReportError('writeBehaviourReports: the behaviour report', problems);
  await writeOutputs(BEHAVIOUR_REPORT_OUTPUTS, { reportDir: dir, report }, runRedactor());
  return {
    json: join(dir, BEHAVIOUR_REPORT_FILES.json),
    md: join(dir, BEHAVIOUR_REPORT_FILES.md),
    html: join(dir, BEHAVIOUR_REPORT_FILES.html),
  };
}

/** Reads and validates a behaviour-report.json (a baseline, or the output of an earlier run). */
export async function readBehaviourReport(path: string): Promise<BehaviourReport> {
  const text = await readFile(path, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InvalidReportError(path, [`/: not JSON (${error instanceof Error ? error.message : String(error)})`]);
  }
  const checked = validateBehaviourReport(value);
  if (!checked.valid) throw new InvalidReportError(path, checked.errors);
  return ruleValuesReadBack(checked.report);
}
