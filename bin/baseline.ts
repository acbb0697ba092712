/**
 * `npm run baseline`: keeps the stable part of the latest behaviour report (REPORT_DIR/behaviour-report.json)
 * as a baseline file to commit: field roles, rule and dependencies, each combination's outcome with status
 * and error code, each value class's answer, the limits. A later `npm run probe -- --baseline <file>`
 * fails when the target's behaviour drifted from it.
 *
 *   npm run baseline                       write the baseline if there is none; if there is one and the
 *                                          report differs, print the drift and change nothing (exit 1)
 *   npm run baseline -- --accept           rewrite it from the report and print the drift it accepted
 *   npm run baseline -- --force            keep a report that stopped early or has ERROR cases anyway
 *   npm run baseline -- --report <file>    read another behaviour-report.json
 *   npm run baseline -- --baseline <file>  write or compare this file
 *   npm run baseline -- --operation <file> refuse a report of another operation than this description's
 *                                          (also OPERATION, or --openapi/--operation-id; unset, the report
 *                                          names its operation)
 *
 * Which file: --baseline, else BASELINE, else the baseline the report was compared with (a probe run
 * given one), else BASELINE_DIR/<TARGET_NAME>.json (TARGET_NAME defaults to embedded-<profile> for the
 * embedded reference, the BASE_URL host otherwise).
 *
 * A baseline of another operation than the report's is never compared nor overwritten (refused, exit 1).
 *
 * Exit codes: 0 written, accepted or already up to date; 1 refused (the report differs and --accept was
 * not given, the report is not fit to be a baseline, or the baseline is of another operation);
 * 2 configuration error or no usable report.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { baselineText, readBaseline, writeBaseline } from '../lib/baseline/baseline-file.js';
import { diffBaseline } from '../lib/baseline/diff-baseline.js';
import { defaultTargetName, extractBaseline, unfitForBaseline } from '../lib/baseline/extract-baseline.js';
import { formatDrift, reportDrift } from '../lib/baseline/format-drift.js';
import type { Baseline } from '../lib/baseline/types.js';
import { loadedSettingsOrExit, parseCommandOrExit } from './support/cli.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { BEHAVIOUR_REPORT_FILES, readBehaviourReport } from '../lib/report/write-reports.js';
import { BaselineFileError, InvalidReportError } from '../lib/errors.js';

const EXIT_OK = 0;
const EXIT_REFUSED = 1;
const EXIT_SETUP = 2;

function stop(code: number, message: string): never {
  console.error(`baseline: ${message}`);
  process.exit(code);
}

// --baseline is the file to write (it need not exist yet), not the BASELINE setting a probe compares with.
const line = parseCommandOrExit('baseline', import.meta.url, {
  options: {
    accept: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    report: { type: 'string' },
    baseline: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const { args } = line;
const { settings, origins } = await loadedSettingsOrExit('baseline', line);
// Unset, the report names its operation; given, a report of another is refused.
const operationGiven = origins.get('OPERATION') !== 'default' || settings.target.openapi !== undefined;

const reportPath = resolve(args.values.report ?? join(settings.reports.reportDir, BEHAVIOUR_REPORT_FILES.json));
let report: BehaviourReport;
try {
  report = await readBehaviourReport(reportPath);
} catch (error) {
  if (error instanceof InvalidReportError)
    stop(EXIT_SETUP, `${shortPath(reportPath)} is not a valid behaviour report: ${error.problems.join('; ')}`);
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') stop(EXIT_SETUP, `no report at ${shortPath(reportPath)}: run npm run probe first`);
  throw error;
}

if (operationGiven && report.operation.id !== settings.target.operation.id) {
  stop(
    EXIT_SETUP,
    `${shortPath(reportPath)} is a report of operation "${report.operation.id}", not "${settings.target.operation.id}" (${settings.target.operation.source ?? 'OPERATION'})`,
  );
}

const unfit = unfitForBaseline(report);
if (unfit !== undefined && !args.values.force) {
  stop(EXIT_REFUSED, `refusing ${shortPath(reportPath)} as a baseline: ${unfit}; probe again, or pass --force to keep it anyway`);
}

const path = resolve(
  args.values.baseline ??
    settings.reports.baseline ??
    comparedWith(report) ??
    join(settings.reports.baselineDir, `${settings.reports.targetName ?? defaultTargetName(report.run)}.json`),
);
let existing: Baseline | undefined;
if (existsSync(path)) {
  try {
    existing = await readBaseline(path);
  } catch (error) {
    if (!(error instanceof BaselineFileError)) throw error;
    if (!args.values.accept)
      stop(EXIT_SETUP, `${shortPath(path)} is not a usable baseline (${error.problems.join('; ')}); --accept overwrites it`);
  }
}

if (existing !== undefined && existing.operation.id !== report.operation.id) {
  stop(
    EXIT_REFUSED,
    `${shortPath(path)} is a baseline of operation "${existing.operation.id}", the report of "${report.operation.id}": give another --baseline or TARGET_NAME`,
  );
}

const name = settings.reports.targetName ?? existing?.name ?? defaultTargetName(report.run);
const next = extractBaseline(report, name);
const from = `from ${shortPath(reportPath)}${unfit === undefined ? '' : ` (forced: ${unfit})`}`;

if (existing === undefined) {
  await writeBaseline(path, next);
  console.log(`baseline: wrote ${shortPath(path)} ${from}: ${contents(next)}`);
  console.log(`baseline: commit it; then npm run probe -- --baseline ${shortPath(path)} fails when the behaviour drifts`);
  process.exit(EXIT_OK);
}
if (baselineText(existing) === baselineText(next)) {
  console.log(`baseline: ${shortPath(path)} is up to date with ${shortPath(reportPath)}: ${contents(next)}`);
  process.exit(EXIT_OK);
}

const drift = reportDrift(diffBaseline(existing, next), shortPath(path), existing.name);
for (const line of formatDrift(drift)) console.log(line);
if (drift.changes.length === 0) {
  console.log('baseline: no behaviour changed, but the file would (what was not compared above, or the name or target)');
}
if (!args.values.accept) {
  stop(EXIT_REFUSED, `${shortPath(reportPath)} differs from ${shortPath(path)} (above); to accept it: npm run baseline -- --accept`);
}
await writeBaseline(path, next);
console.log(`baseline: accepted ${drift.changes.length} change(s); rewrote ${shortPath(path)} ${from}: ${contents(next)}`);
process.exit(EXIT_OK);

/** The baseline a probe run compared the report with, resolved as the run showed it. */
function comparedWith(r: BehaviourReport): string | undefined {
  return r.drift?.baseline;
}

function contents(b: Baseline): string {
  const fields = Object.values(b.values);
  const classes = fields.reduce((n, v) => n + Object.keys(v.classes).length, 0);
  const limits = fields.reduce((n, v) => n + Object.keys(v.limits).length, 0);
  return `${b.matrix.length} combinations, ${classes} value classes, ${limits} limits, rule ${b.rule.expression}`;
}

/** A path relative to the working folder when it is inside it, as the user would type it. */
function shortPath(p: string): string {
  const rel = relative(process.cwd(), p);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : p;
}
