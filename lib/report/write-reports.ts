import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import { renderHtml } from './render-html.js';
import { renderMarkdown } from './render-markdown.js';
import type { BehaviourReport } from './types.js';
import { validateBehaviourReport } from './validate-report.js';

export const BEHAVIOUR_REPORT_FILES = {
  json: 'behaviour-report.json',
  md: 'behaviour-report.md',
  html: 'behaviour-report.html',
} as const;

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
 * Validates the report, then writes behaviour-report.json, .md and .html into `dir`
 * (created if missing), each atomically. Nothing is written when the report is invalid.
 */
export async function writeBehaviourReports(report: BehaviourReport, dir: string): Promise<{ json: string; md: string; html: string }> {
  const checked = validateBehaviourReport(report);
  if (!checked.valid) throw new InvalidReportError('writeBehaviourReports: the behaviour report', checked.errors);
  await mkdir(dir, { recursive: true });
  const paths = {
    json: join(dir, BEHAVIOUR_REPORT_FILES.json),
    md: join(dir, BEHAVIOUR_REPORT_FILES.md),
    html: join(dir, BEHAVIOUR_REPORT_FILES.html),
  };
  await writeFileAtomic(paths.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFileAtomic(paths.md, renderMarkdown(report));
  await writeFileAtomic(paths.html, renderHtml(report));
  return paths;
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
  return checked.report;
}
