/**
 * `npx subscription-conformance expectations`: writes an expectations file from a behaviour report's failing cases,
 * offline: one entry per DEVIATES and ERROR case, its reason a placeholder. A probe refuses the file until every
 * placeholder is replaced by why the team accepts that deviation for now (docs/expectations.md).
 *
 *   npx subscription-conformance expectations                   from reports/behaviour-report.json to expectations.json
 *   npx subscription-conformance expectations --report FILE     read another behaviour report
 *   npx subscription-conformance expectations --out FILE        write another file (.yaml or .yml: YAML, else JSON)
 *
 * Which file: --out, else EXPECTATIONS, else expectations.json in the working folder. When it exists, its entries keep
 * their reason, until and link; an entry whose case passes in the report is dropped (it would fail the next run as no
 * longer holding), one whose case is not in the report is kept. Then a probe run with the file:
 *   npx subscription-conformance probe --expectations expectations.json    (or EXPECTATIONS=expectations.json)
 *
 * Exit codes: 0 written; 2 no usable report, an existing file that cannot be read, or a configuration error.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectationsFromReport, expectationsText } from '../lib/expectations/from-report.js';
import { isPlaceholder, readExpectations } from '../lib/expectations/read-expectations.js';
import { writeFileAtomic } from '../lib/report/atomic-write.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { BEHAVIOUR_REPORT_FILES, readBehaviourReport } from '../lib/report/write-reports.js';
import { shortPath } from '../lib/short-path.js';
import { loadedSettingsOrExit, parseCommandOrExit } from './support/cli.js';
import { InvalidReportError } from '../lib/errors.js';

export const EXPECTATIONS_OPTIONS = {
  options: {
    report: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
} as const;

/** The default file, in the working folder. */
export const DEFAULT_EXPECTATIONS_FILE = 'expectations.json';

export interface ExpectationsCommandRun {
  code: 0 | 2;
  /** What the command printed, each line already prefixed. */
  lines: string[];
  errors: string[];
}

const clip = (text: string, max = 100): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The command's work, for the command and the self-tests: read the report and the existing file, write the new one. */
export async function writeExpectationsFile(reportPath: string, outPath: string, cwd: string): Promise<ExpectationsCommandRun> {
  const shown = (p: string): string => shortPath(p, cwd);
  const fail = (message: string): ExpectationsCommandRun => ({ code: 2, lines: [], errors: [`expectations: ${message}`] });
  let report: BehaviourReport;
  try {
    report = await readBehaviourReport(reportPath);
  } catch (error) {
    if (error instanceof InvalidReportError)
      return fail(`${shown(reportPath)} is not a valid behaviour report: ${error.problems.join('; ')}`);
    if ((error as { code?: unknown }).code === 'ENOENT')
      return fail(`no report at ${shown(reportPath)}: run npx subscription-conformance probe first`);
    throw error;
  }
  let existing: Awaited<ReturnType<typeof readExpectations>> | undefined;
  if (existsSync(outPath)) {
    existing = await readExpectations(outPath, shown(outPath), { placeholders: 'kept' });
    if ('problems' in existing) return { code: 2, lines: [], errors: existing.problems.map((p) => `expectations: ${p}`) };
  }
  const made = expectationsFromReport(report.cases, existing !== undefined && 'expectations' in existing ? existing.expectations : []);
  await writeFileAtomic(outPath, expectationsText(made.file, outPath));
  const byId = new Map(report.cases.map((c) => [c.id, c] as const));
  const entries = made.file.expectations;
  const open = entries.filter((e) => isPlaceholder(e.reason));
  const lines = [
    `expectations: wrote ${shown(outPath)} from ${shown(reportPath)}: ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} ` +
      `(${made.added.length} added, ${made.kept.length} kept, ${made.dropped.length} dropped)`,
    ...made.added.map((id) => {
      const c = byId.get(id);
      return `  + ${id}: ${c?.verdict ?? ''} (${c?.specRef ?? ''})${c?.finding === undefined ? '' : `: ${clip(c.finding)}`}`;
    }),
    ...made.dropped.map((d) => `  - ${d.case}: ${d.why}, so it would fail the next run as no longer holding`),
  ];
  if (entries.length === 0) lines.push('expectations: no case DEVIATES or ends in ERROR in the report: the file expects nothing');
  if (open.length > 0) {
    lines.push(
      `expectations: replace the reason of ${open.length === 1 ? 'this entry' : `these ${open.length} entries`} ("TODO: ...") with why the deviation is accepted; ` +
        'a probe refuses the file until then',
    );
  }
  lines.push(`expectations: then npx subscription-conformance probe --expectations ${shown(outPath)} (or EXPECTATIONS=${shown(outPath)})`);
  return { code: 0, lines, errors: [] };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await main();

async function main(): Promise<void> {
  const line = parseCommandOrExit('expectations', import.meta.url, EXPECTATIONS_OPTIONS);
  const { settings } = await loadedSettingsOrExit('expectations', line, { buildOperation: false });
  const { values } = line.args;
  const cwd = process.cwd();
  const reportPath = resolve(values.report ?? join(settings.reports.reportDir, BEHAVIOUR_REPORT_FILES.json));
  const outPath = resolve(values.out ?? settings.reports.expectations ?? DEFAULT_EXPECTATIONS_FILE);
  const run = await writeExpectationsFile(reportPath, outPath, cwd);
  for (const text of run.lines) console.log(text);
  for (const text of run.errors) console.error(text);
  process.exit(run.code);
}
