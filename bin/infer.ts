/**
 * `npm run infer -- FILE.har`: the presence part of a behaviour report (field roles, the acceptance rule,
 * dependencies, rejection groups) and what the traffic shows of each field's values, from recorded traffic,
 * without sending any request. FILE is a HAR: this tool's reports/exchanges.har (its presence-matrix cases
 * for the presence part), or traffic exported from a browser, a proxy or another API tester (every request
 * to the operation with a JSON object body is used). The value part reads every such request in either case.
 *
 *   npm run infer -- reports/exchanges.har
 *   npm run infer -- --operation operations/graph-subscription-v1.json traffic.har
 *                                     the operation the traffic is of (also OPERATION; or --openapi DOC
 *                                     --operation-id ID)
 *
 * Repeats fold as in a probe run: answers that disagree make a combination unstable, never evidence. It prints
 * where the evidence came from (file, entries used, time span), the rule and roles, how many of the 4xx answers
 * are the spec's §7 error object, and what the traffic could not settle; then per field the JSON types and
 * string lengths accepted, a few accepted examples, and the values refused where the traffic isolates the
 * value as the cause (a body answered accepted with only that value other; lib/traffic/traffic-values.ts),
 * and how many rejections it could not tie to one value. It writes REPORT_DIR/traffic-report.json (the value
 * part under `values`). The HAR's headers and cookies are never printed; a value shown passes the run's
 * redactor, is cut short, and one that looks like a credential is not shown at all.
 *
 * Exit codes: 0 inferred, 1 nothing was accepted in the traffic (no role can be stated), 2 usage, input or
 * configuration error (not JSON, not a HAR, no request to the operation, a file over 50 MB).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { harEntries, readHarFile } from '../lib/har/read-har.js';
import { guardConsole } from '../lib/redaction/console-guard.js';
import { runRedactor } from '../lib/redaction/run-redactor.js';
import { writeFileAtomic } from '../lib/report/atomic-write.js';
import { describeTraffic } from '../lib/traffic/describe-traffic.js';
import { inferFromTraffic } from '../lib/traffic/infer-traffic.js';
import { parseCommandOrExit, settingsOrExit, usageError } from './support/cli.js';
import { HarReadError } from '../lib/errors.js';
import type { Observation } from '../lib/inference/types.js';

const EXIT_INFERRED = 0;
const EXIT_NOTHING_ACCEPTED = 1;
const EXIT_USAGE = 2;

const line = parseCommandOrExit('infer', import.meta.url, {
  allowPositionals: true,
  options: { help: { type: 'boolean', short: 'h', default: false } },
});
const { args } = line;
const [file, ...extra] = args.positionals;
if (file === undefined) usageError('infer', 'give FILE: a HAR of requests to the operation');
if (extra.length > 0) usageError('infer', `one FILE at a time, got ${args.positionals.length}`);

const settings = await settingsOrExit('infer', line);
const operation = settings.target.operation;
// Values from the HAR are printed: the configured token is redacted from them like any other run output.
guardConsole(runRedactor().add(settings.credentials.accessToken));

let entries: unknown[];
try {
  entries = harEntries(readHarFile(resolve(file), file), file);
} catch (error) {
  if (!(error instanceof HarReadError)) throw error;
  console.error(`infer: ${error.message}`);
  process.exit(EXIT_USAGE);
}
const result = inferFromTraffic(
  entries,
  { method: operation.method, path: operation.path, fields: operation.fields.map((f) => f.name) },
  runRedactor(),
);
if (result.source.used === 0) {
  const none = `${file}: none of its ${entries.length} entries is a ${operation.method} to ${operation.path} with a JSON object body and the operation's fields only`;
  console.error(`infer: ${none}`);
  process.exit(EXIT_USAGE);
}
for (const line of describeTraffic(result, file, operation)) console.log(line);

const out = join(settings.reports.reportDir, 'traffic-report.json');
mkdirSync(settings.reports.reportDir, { recursive: true });
const report = {
  inferredFrom: { file, ...result.source, sent: 0 },
  operation: { id: operation.id, method: operation.method, path: operation.path, fields: result.inference.fields },
  fields: Object.fromEntries(
    result.inference.fields.map((f) => [
      f,
      result.inference.roles?.[f] ?? { presence: 'undetermined', explanation: 'nothing was accepted in the traffic' },
    ]),
  ),
  rule: {
    ...result.inference.rule,
    exactOn: { answered: result.answered, of: result.possible },
    unknownCount: result.possible - result.answered,
  },
  matrix: result.observations.map(withoutSentValues),
  rejectionGroups: result.inference.rejectionGroups,
  errorBodies: result.errorBodies,
  values: result.values,
  ...(result.inference.diagnosis !== undefined ? { diagnosis: result.inference.diagnosis } : {}),
};
// The presence part carries the traffic's error messages as they came: the file passes the redactor as the console does.
await writeFileAtomic(out, `${runRedactor().redact(JSON.stringify(report, null, 2))}\n`);
console.log(`report: ${out}`);
process.exit(result.inference.roles === undefined ? EXIT_NOTHING_ACCEPTED : EXIT_INFERRED);

/** An observation as the report keeps it: the body's values, read only to group refusals, stay out. */
function withoutSentValues(observation: Observation): Observation {
  const kept = { ...observation };
  delete kept.sentValues;
  return kept;
}
