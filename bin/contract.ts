/**
 * `npm run contract -- reports/behaviour-report.json`: writes the observed contract of a recorded
 * probe run (observed-openapi.json and .yaml, OpenAPI 3.1) beside the report, offline: sends nothing; and,
 * when the report has the lifecycle, its workflow (lifecycle.arazzo.yaml).
 *
 *   npm run contract -- reports/behaviour-report.json            writes reports/observed-openapi.{json,yaml}
 *   npm run contract -- reports/behaviour-report.json --out DIR  writes them into DIR
 *   npm run contract -- reports/behaviour-report.json --out api/observed.yaml   writes that file only (.json or .yaml)
 *   npm run contract -- --operation operations/graph-subscription-v1.json reports/behaviour-report.json
 *                                    the report's operation description (also OPERATION; default the shipped drive one)
 *
 * Exit codes: 0 written, valid OpenAPI 3.1 and exact on every body the report holds; 1 written, but
 * not valid or not exact (the disagreements are printed); 2 usage error or no usable report.
 */
import { dirname, resolve } from 'node:path';
import { CONTRACT_OUTPUTS } from '../lib/contract/contract-outputs.js';
import { contractStep } from '../lib/contract/contract-step.js';
import { InvalidReportError, readBehaviourReport } from '../lib/report/write-reports.js';
import { parseCommandOrExit, settingsOrExit } from './support/cli.js';

function fail(message: string): never {
  console.error(`contract: ${message}`);
  process.exit(2);
}

const line = parseCommandOrExit('contract', import.meta.url, {
  allowPositionals: true,
  options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
});
const { args } = line;
const [reportPath, ...extra] = args.positionals;
if (reportPath === undefined || extra.length > 0) fail('give one behaviour report, e.g. npm run contract -- reports/behaviour-report.json');

let report: Awaited<ReturnType<typeof readBehaviourReport>>;
try {
  report = await readBehaviourReport(reportPath);
} catch (error) {
  if (error instanceof InvalidReportError) fail(error.message);
  fail(`${reportPath}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
}
// The report names its operation; the description (OPERATION, as for the probe) gives its value classes.
const operation = (await settingsOrExit('contract', line)).target.operation;
if (operation.id !== report.operation.id) {
  fail(
    `${reportPath} is a report of operation "${report.operation.id}", not "${operation.id}" (${operation.source ?? 'OPERATION'}): give its description with --operation`,
  );
}

// --out names a folder, or one file whose extension says which of the two it is.
const out = args.values.out;
const asFile = out === undefined ? undefined : /\.(json|ya?ml)$/i.exec(out)?.[1]?.toLowerCase();
const only = asFile === undefined ? undefined : CONTRACT_OUTPUTS[asFile === 'json' ? 0 : 1];
const step =
  out === undefined || only === undefined
    ? await contractStep(report, operation, out ?? dirname(reportPath))
    : await contractStep(report, operation, dirname(resolve(out)), undefined, [{ ...only, file: () => resolve(out) }]);
for (const line of step.lines) console.log(line);
const observed = step.contract.observed;
process.exit(observed === undefined || observed.problem !== undefined || observed.roundTripDisagreements > 0 ? 1 : 0);
