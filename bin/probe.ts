/**
 * probe: runs the conformance suites against BASE_URL, or against the embedded reference service when none is
 * set, and writes the reports.
 *
 *   npx subscription-conformance probe                 one run, all suites
 *   npx subscription-conformance probe presence        only suite files whose path matches "presence"
 *   npx subscription-conformance probe --shard=1/2     one shard; writes a blob report for --merge-reports
 *   npx subscription-conformance probe --merge-reports merges the shards' blobs into one set of reports
 *   npx subscription-conformance probe --ui            the vitest UI over the suites
 *   npx subscription-conformance probe --baseline baselines/embedded-default.json
 *                                          compare with a baseline (also BASELINE=...); drift fails the run
 *   npx subscription-conformance probe --operation operations/graph-subscription-v1.json
 *                                          probe the operation that description file names (also OPERATION=...)
 *   npx subscription-conformance probe --openapi openapi.yaml --operation-id createThing
 *                                          probe an OpenAPI operation (also OPENAPI, OPERATION_ID); the
 *                                          description built from it is written to REPORT_DIR/operation.json
 *   npx subscription-conformance probe --openapi openapi.yaml [--operations 'createThing,POST /drive/*']
 *                                          a campaign: every POST, PUT and PATCH of the document (or those OPERATIONS
 *                                          picks), one run each in REPORT_DIR/operations/<id>/, MAX_REQUESTS split
 *                                          over them, an index in REPORT_DIR/index.{json,md,html} (docs/campaign.md)
 *   npx subscription-conformance probe --contract openapi.json
 *                                          compare the target with an OpenAPI contract (JSON or YAML); any
 *                                          disagreement fails the run. Every run writes reports/observed-openapi.json
 *   npx subscription-conformance probe --expectations expectations.json
 *                                          cases known to deviate, each with its reason (also EXPECTATIONS=...): they
 *                                          read "DEVIATES (expected: reason)" and do not fail the run; one that no
 *                                          longer deviates, or whose until has passed, does (docs/expectations.md)
 *   npx subscription-conformance probe --dry-run   the plan: suites, cases, the most requests each sends, the time
 *                                          at REQUESTS_PER_SECOND, the subscriptions it may create; sends nothing
 *   npx subscription-conformance probe --settings  the settings this run would use, and where each came from
 *
 * Exit codes (lib/run/exit-decision.ts, README "Exit codes"): 0 every case holds and nothing drifted from the
 * baseline; 1 some case failed (DEVIATES or ERROR), the behaviour drifted, a subscription was left on the
 * target, combinations were sent and none was accepted, the target disagrees with --contract, a secret was found
 * in a written file, or the run was stopped; 2 configuration or setup error (a BASE_URL that cannot be reached, a
 * base path answering 404, a refused token or redirects in the first two answers, a merge missing a shard, no
 * case ran, an unusable expectations file).
 */
import { handOverStop, SIGNAL_EXIT } from './support/early-stop.js';
import './support/probe-memory.js';
import './support/lean-dependencies.js';
import { TOKEN_REQUEST_SETTINGS } from '../lib/config/auth-check.js';
import { isCampaign } from '../lib/config/types.js';
import { commandAsTyped } from '../lib/config/invocation.js';
import { EXIT_CONFIG, parseCommandOrExit, settingsOrExit } from './support/cli.js';
import { InterruptOnce } from './support/interrupt.js';
import { PROBE_OPTIONS } from './support/probe-options.js';
import { startEmbedded } from './support/embedded-reference.js';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOOL_ROOT } from '../lib/tool-root.js';

const line = parseCommandOrExit('probe', import.meta.url, PROBE_OPTIONS);
const { values, positionals } = line.args;
// A merge of shard reports sends nothing: it needs no token, and its job need not hold client credentials.
const settings = await settingsOrExit('probe', line, values['merge-reports'] ? { without: TOKEN_REQUEST_SETTINGS } : {});
// The embedded reference's profile is checked with the other settings: an unknown one is a setting's mistake,
// one line, not a stack trace from the suites' setup.
// Loaded only then: a run against BASE_URL does not load the reference's profiles before its first request.
if (settings.target.baseUrl === undefined && !values['merge-reports']) {
  const { resolveProfile } = await import('../reference/profiles.js');
  try {
    resolveProfile(settings.target.referenceProfile);
  } catch (error) {
    console.error(`config error: REFERENCE_PROFILE: ${(error as Error).message}`);
    process.exit(EXIT_CONFIG);
  }
}

const interrupt = new InterruptOnce({
  say: (text) => console.log(text),
  ledgerDir: settings.reports.ledgerDir,
  cleanup: commandAsTyped('cleanup'),
});
// The UI is stopped by a signal as a server is: at once.
handOverStop(values.ui ? (signal) => process.exit(SIGNAL_EXIT[signal]) : (signal) => interrupt.press(signal));
const options = {
  filters: positionals,
  ...(values.shard !== undefined ? { shard: values.shard } : {}),
  mergeReports: values['merge-reports'],
  ui: values.ui,
  ...(values.contract !== undefined ? { contract: values.contract } : {}),
  dryRun: values['dry-run'],
  ...(process.stdout.isTTY ? { terminal: process.stdout } : {}),
  stop: interrupt.signal,
  startEmbedded,
  // The suites read lib/ as this command runs: from the build when the launcher chose it (dist/ fresh).
  suitesReadBuild: fileURLToPath(import.meta.url).startsWith(join(TOOL_ROOT, 'dist') + sep),
};
// The run's modules (vitest's API, the suites' engine) are loaded once a stop has its handler: a Ctrl-C while they
// load is then a stop the run sees before its first request, not the end of the process. Only the mode's own are
// loaded, and lib/run/run-probe.ts reads the rest after its setup check.
// A document without the one operation to probe is a campaign over its operations, each a run as below.
if (isCampaign(settings)) {
  const { runCampaign } = await import('../lib/run/campaign.js');
  const shared =
    settings.target.baseUrl === undefined && !values['dry-run'] && !values['merge-reports']
      ? await (await import('./support/campaign-reference.js')).startCampaignReference(settings)
      : undefined;
  let campaign: Awaited<ReturnType<typeof runCampaign>>;
  try {
    campaign = await runCampaign(shared?.settings ?? settings, options);
  } finally {
    await shared?.close();
  }
  console.log(campaign.line);
  process.exit(campaign.code);
}
const { exitLine, runProbe } = await import('../lib/run/run-probe.js');
const outcome = await runProbe(settings, options);
// A setup problem may be several lines (one per problem of an expectations file), each said by the probe.
if (outcome.setupProblem !== undefined) for (const problem of outcome.setupProblem.split('\n')) console.error(`probe: ${problem}`);
else console.log(exitLine(outcome));
process.exit(outcome.code);
