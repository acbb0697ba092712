/**
 * `npm run probe`: runs the conformance suites against BASE_URL, or against the embedded
 * reference service when none is set, and writes the reports.
 *
 *   npm run probe                         one run, all suites
 *   npm run probe -- presence             only suite files whose path matches "presence"
 *   npm run probe -- --shard=1/2          one shard; writes a blob report for --merge-reports
 *   npm run probe -- --merge-reports      merges the shards' blobs into one set of reports
 *   npm run probe -- --ui                 the vitest UI over the suites
 *   npm run probe -- --baseline baselines/embedded-default.json
 *                                         compare with a baseline (also BASELINE=...); drift fails the run
 *   npm run probe -- --operation operations/graph-subscription-v1.json
 *                                         probe the operation that description file names (also OPERATION=...)
 *   npm run probe -- --openapi openapi.yaml --operation-id createThing
 *                                         probe an OpenAPI operation (also OPENAPI, OPERATION_ID); the
 *                                         description built from it is written to REPORT_DIR/operation.json
 *   npm run probe -- --contract openapi.json
 *                                         compare the target with an OpenAPI contract (JSON or YAML); any
 *                                         disagreement fails the run. Every run writes reports/observed-openapi.json
 *
 * Exit codes (lib/run/exit-decision.ts, README "Exit codes"): 0 every case holds and nothing drifted from the
 * baseline; 1 some case failed (DEVIATES or ERROR), the behaviour drifted, a subscription was left on the
 * target, combinations were sent and none was accepted, the target disagrees with --contract, or a secret
 * was found in a written file; 2 configuration or setup error (a BASE_URL that cannot be reached, a base path
 * answering 404, a refused token or redirects in the first two answers, a merge missing a shard, no case ran).
 */
import './support/lean-dependencies.js';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CliOptions } from 'vitest/node';
import { BaselineFileError, readBaseline } from '../lib/baseline/baseline-file.js';
import type { Baseline } from '../lib/baseline/types.js';
import { loadConfigOrExit, parseArgsOrExit, withFlags, withOpenApiOrExit } from './support/cli.js';
import { resolveOperationPath } from '../lib/config/operation-parser.js';
import { TOOL_ROOT } from '../lib/operation/shipped.js';
import { formatJson } from '../lib/operation/description/format.js';
import { ContractError, contractOperation } from '../lib/contract/contract-operation.js';
import type { GivenContract } from '../lib/contract/contract-step.js';
import { readOpenApiFile } from '../lib/contract/openapi-file.js';
import { describeConfig } from '../lib/config/describe.js';
import { ProbeReporter, type CollectedCases } from '../lib/vitest/probe-reporter.js';
import { InterruptOnce } from '../lib/vitest/interrupt.js';
import { ProbeConsole, terminalStatus } from '../lib/vitest/probe-console.js';
import { startTokenBroker } from '../lib/auth/broker.js';
import { shareTokenBroker } from '../lib/auth/shared-broker.js';
import { withoutClientCredentials } from '../lib/config/auth-check.js';
import { openTokenSourceOrExit } from './support/token-source.js';
import { describeProvenance } from '../lib/auth/from-config.js';
import { SummaryLineReporter, formatCounts } from '../lib/vitest/summary-line-reporter.js';
import { guardConsole } from '../lib/redaction/console-guard.js';
import { runRedactor } from '../lib/redaction/run-redactor.js';
import { describeScan, scanFilesForSecrets } from '../lib/redaction/scan-files.js';
import { leftOnTargetLine } from '../lib/ledger/left-on-target.js';
import { OUTCOME_FILE_ENV, readOutcome, readShardOutcomes, shardOutcomeFile } from '../lib/ledger/outcome-file.js';
import { failingDiagnosis } from '../lib/inference/failing-diagnosis.js';
import { EXIT, exitDecision, exitLine, type RunFacts, type RunFailure } from '../lib/run/exit-decision.js';
import { finishRun, type FinishInput } from '../lib/run/finish-run.js';
import { mergedShardLogs, shardExchangeLog } from '../lib/har/exchange-log.js';
import { shardBlobProblem } from '../lib/run/shard-blobs.js';
import { resolveProfile } from '../reference/profiles.js';
import { withRunFailures } from '../lib/run/junit-failures.js';
import { githubAnnotations, githubSummary } from '../lib/run/github-output.js';
import { checkSetup } from '../lib/run/setup-check.js';

function fail(message: string): never {
  console.error(`probe: ${message}`);
  process.exit(EXIT.setup);
}

const args = parseArgsOrExit('probe', import.meta.url, {
  allowPositionals: true,
  options: {
    ui: { type: 'boolean', default: false },
    shard: { type: 'string' },
    'merge-reports': { type: 'boolean', default: false },
    baseline: { type: 'string' },
    operation: { type: 'string' },
    openapi: { type: 'string' },
    'operation-id': { type: 'string' },
    contract: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const shard = args.values.shard;
if (shard !== undefined && !/^\d+\/\d+$/.test(shard)) fail(`--shard: expected i/n such as 1/2, got "${shard}"`);

// --baseline, --operation, --openapi and --operation-id are settings given on the command line: checked
// by the same parsers, named the same in errors. A merge of shard reports sends nothing: it needs no token,
// and its job need not hold client credentials.
const env = args.values['merge-reports'] ? withoutClientCredentials(process.env) : process.env;
const flags = {
  BASELINE: args.values.baseline,
  OPERATION: args.values.operation,
  OPENAPI: args.values.openapi,
  OPERATION_ID: args.values['operation-id'],
};
const { config, built } = await withOpenApiOrExit(loadConfigOrExit(withFlags(env, flags)));
const operation = config.operation;
// The embedded reference's profile is checked with the other settings: an unknown one is a setting's mistake,
// one line, not a stack trace from the suites' setup.
if (config.baseUrl === undefined && !args.values['merge-reports']) {
  try {
    resolveProfile(config.referenceProfile);
  } catch (error) {
    console.error(`config error: REFERENCE_PROFILE: ${(error as Error).message}`);
    process.exit(EXIT.setup);
  }
}
// globalSetup and the suites' worker read the settings again: give them the description file given here,
// as an absolute path (the worker's working folder need not be this one), or the one built from OPENAPI,
// written beside the reports (the worker cannot build it: that is asynchronous, and functions cannot be passed).
let operationFile: string | undefined;
if (built !== undefined) {
  operationFile = join(config.reportDir, 'operation.json');
  mkdirSync(config.reportDir, { recursive: true });
  writeFileSync(operationFile, `${formatJson(built)}\n`);
} else if (operation.source !== undefined) {
  process.env.OPERATION = resolveOperationPath(operation.source, process.cwd());
}

// The baseline is read before anything is sent: a file that cannot be used is a setup error.
let baseline: { baseline: Baseline; shownAs: string } | undefined;
if (config.baseline !== undefined) {
  const shownAs = shortPath(config.baseline);
  try {
    const read = await readBaseline(config.baseline);
    if (read.operation.id !== operation.id) {
      fail(`baseline ${shownAs} is of operation "${read.operation.id}", not "${operation.id}" (${operation.source ?? 'OPERATION'})`);
    }
    baseline = { baseline: read, shownAs };
  } catch (error) {
    if (!(error instanceof BaselineFileError)) throw error;
    fail(`baseline ${shownAs}: ${error.problems.join('; ')}`);
  }
}

// Every secret this process knows goes through one redaction step (lib/redaction), the console included;
// globalSetup adds the embedded reference's token, a token source the tokens it obtains.
const runStartedAt = Date.now();
runRedactor().add(config.accessToken);
guardConsole(runRedactor());

// The contract (--contract) is read before anything is sent, like the baseline.
let contract: GivenContract | undefined;
if (args.values.contract !== undefined) {
  const shownAs = shortPath(args.values.contract);
  try {
    const document = await readOpenApiFile(args.values.contract);
    contract = { operation: contractOperation(document, operation.path, operation.method), shownAs };
  } catch (error) {
    if (!(error instanceof ContractError)) throw error;
    fail(`contract ${shownAs}: ${error.message}`);
  }
}

const merging = args.values['merge-reports'];
// The token is got first: a bad credential stops the run before any request, the reachability check's
// included (which then sends the token). A merge of shard reports sends nothing, so it needs none.
const tokenSource = merging ? undefined : await openTokenSourceOrExit(config, 'probe');
const tokenBroker = tokenSource === undefined ? undefined : await startTokenBroker(tokenSource);
shareTokenBroker(tokenBroker);
// A target that cannot be reached at all, or whose first two answers show the setup is wrong, stops the run
// here, in seconds, before any suite (and before the ledger's sweep of earlier runs), with one line. A merge sends nothing.
if (config.baseUrl !== undefined && !merging) {
  const setup = await checkSetup({ limits: config, baseUrl: config.baseUrl, token: tokenSource ?? config.accessToken, operation });
  if (setup.stop !== undefined) fail(setup.stop);
  for (const note of setup.notes) console.error(`probe: ${note}`);
}

const version = (JSON.parse(readFileSync(join(TOOL_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
for (const line of describeConfig(config)) console.log(line);

// The project root, so the probe runs from any working folder (the .env it reads is the one there); the same
// folder whether this module runs from bin/ or compiled from dist/bin/: the suites and vitest.config.ts stay TypeScript.
const root = TOOL_ROOT;
const blobDir = join(config.reportDir, 'blob');
// A merge of part of a run is a setup error, never a green drift check on what it happened to get.
if (merging) {
  const problem = shardBlobProblem(existsSync(blobDir) ? readdirSync(blobDir) : [], shortPath(blobDir));
  if (problem !== undefined) fail(problem);
}
/**
 * A file the run's worker writes and this process reads: a shard's in REPORT_DIR, for the merge; a single run's
 * in a temporary folder removed when this process exits (the UI's too, which ends on Ctrl-C). None when merging.
 */
function runFile(shardFile: (reportDir: string, shard: string) => string, prefix: string, name: string): string | undefined {
  if (merging) return undefined;
  if (shard !== undefined) return shardFile(config.reportDir, shard);
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return join(dir, name);
}
// Where globalSetup's teardown leaves what the run could not delete (lib/ledger/outcome-file.ts), in
// REPORT_DIR/ledger-outcomes for a shard.
const outcomeFile = runFile(shardOutcomeFile, 'probe-ledger-', 'outcome.json');
if (outcomeFile !== undefined) {
  rmSync(outcomeFile, { force: true });
  process.env[OUTCOME_FILE_ENV] = outcomeFile;
}
// Where the worker appends the exchanges for reports/exchanges.har (lib/har/exchange-log.ts), in
// REPORT_DIR/exchanges for a shard, which the merge joins. The UI empties it as each of its runs starts, so that
// each run's HAR holds that run's exchanges only.
const exchangeLog = runFile(shardExchangeLog, 'probe-exchanges-', 'exchanges.jsonl');
if (exchangeLog !== undefined) {
  // Made empty now: a shard that sends nothing still leaves a log, so the merge can tell a missing one.
  mkdirSync(join(exchangeLog, '..'), { recursive: true });
  writeFileSync(exchangeLog, '', { mode: 0o600 });
}
const exchangeLogs = merging
  ? mergedShardLogs(config.reportDir, readdirSync(blobDir))
  : exchangeLog === undefined
    ? undefined
    : [exchangeLog];
const summary = new SummaryLineReporter();
const junitFile = join(config.reportDir, 'junit.xml');
// vitest writes junit.xml in place (its console line names the real file); the last one is kept aside so that
// a run in which no case ran can put it back.
const keptJunit = shard === undefined && existsSync(junitFile) ? readFileSync(junitFile) : undefined;
/** What the report is made of besides the cases; the ledger's outcome is added after teardown. */
const finishInput = (collected: CollectedCases): FinishInput => ({
  collected,
  operation,
  reportDir: config.reportDir,
  suiteVersion: version,
  repeats: config.repeats,
  ...(baseline !== undefined ? { baseline } : {}),
  ...(tokenSource !== undefined ? { auth: tokenSource.provenance() } : {}),
  ...(contract !== undefined ? { contract } : {}),
  ...(exchangeLogs !== undefined ? { exchangeLogs } : {}),
  ...(interrupt.stoppedBy !== undefined
    ? { stoppedEarly: `stopped by ${interrupt.stoppedBy}: the cases that had not started were not run` }
    : {}),
});
/** Prints what a finished run wrote and found. */
function printFinished(finished: Awaited<ReturnType<typeof finishRun>>, collected: CollectedCases): void {
  for (const line of [...finished.lines, ...collected.costLines]) console.log(line);
}
// The UI's runs never reach teardown: each is finished as it ends, without the ledger's outcome.
const probeReporter = new ProbeReporter(
  args.values.ui ? async (collected) => printFinished(await finishRun(finishInput(collected)), collected) : undefined,
  args.values.ui && exchangeLog !== undefined ? () => writeFileSync(exchangeLog, '', { mode: 0o600 }) : undefined,
);
type Reporters = NonNullable<CliOptions['reporters']>;
// The tool's own console (lib/vitest/probe-console.ts), not vitest's: a line per suite, per failing or
// skipped case, and progress when quiet. The report is behaviour-report.html; vitest's HTML report is not
// written (a second report, blank when opened from a file).
// On a terminal (not CI's piped log) the progress is one status line rewritten in place.
const inPlace = process.stdout.isTTY === true && process.env.CI === undefined;
// Ctrl-C or SIGTERM stops the run cleanly (lib/vitest/interrupt.ts); the UI is stopped by them as a server is.
const interrupt = new InterruptOnce({ say: (line) => probeConsole.say(line), ledgerDir: config.ledgerDir });
const probeConsole = new ProbeConsole({
  maxRequests: config.maxRequests,
  stopped: () => interrupt.interrupted,
  ...(inPlace ? { status: terminalStatus(process.stdout) } : {}),
});
const fullReporters: Reporters = [
  ...(args.values.ui ? [] : [interrupt]),
  probeConsole,
  ['junit', { outputFile: junitFile }],
  probeReporter,
  summary,
];
const shardReporters = (id: string): Reporters => [
  interrupt,
  probeConsole,
  ['blob', { outputFile: join(blobDir, `blob-${id.replace('/', '-')}.json`) }],
  summary,
];

// Imported here, after lean-dependencies has taken vitest's own modules out of tsx's hook.
const { startVitest } = await import('vitest/node');
const vitest = await startVitest(
  'test',
  args.positionals,
  {
    root,
    config: join(root, 'vitest.config.ts'),
    project: ['suites'],
    run: !args.values.ui,
    watch: args.values.ui,
    ui: args.values.ui,
    // The UI runs no suite until asked: none when it opens (standalone), none when a file is saved (no file
    // watcher, below). Every run against a live target costs its requests and creates subscriptions.
    ...(args.values.ui ? { standalone: true } : {}),
    ...(shard !== undefined ? { shard, reporters: shardReporters(shard) } : { reporters: fullReporters }),
    ...(merging ? { mergeReports: blobDir } : {}),
    provide: {
      ...(operationFile !== undefined ? { operationFile } : {}),
      ...(exchangeLog !== undefined ? { exchangeLog } : {}),
      // A whole run: the handshake cases may start right after the presence matrix, beside the suites that
      // send (suites/support/handshake-cases.ts). With a file filter or a shard, 06-events may not be in it.
      startWaitsEarly: args.positionals.length === 0 && shard === undefined && !merging && !args.values.ui,
    },
  },
  args.values.ui ? { server: { watch: null } } : {},
);

if (args.values.ui) {
  const { api, uiBase } = vitest.config;
  console.log(
    `ui: http://${api.host ?? 'localhost'}:${api.port ?? 51204}${uiBase}: no suite runs until one is started there; Ctrl-C stops`,
  );
  // The UI keeps the process alive until the user stops it (Ctrl-C).
  await new Promise(() => {});
}
await vitest.close();
await tokenBroker?.close();
// How often the token was renewed during the run (the report's run.auth says the same).
if (tokenSource !== undefined) console.log(describeProvenance(tokenSource.provenance()));

const counts = summary.counts;
const casesRan = counts === undefined ? 0 : counts.passed + counts.failed + counts.skipped;
// What the end-of-run cleanup could not delete goes into the reports and fails the run: a subscription
// left behind costs the target's owner, and only the ledger knows of it.
const outcome = merging ? readShardOutcomes(config.reportDir, blobDir) : outcomeFile === undefined ? undefined : readOutcome(outcomeFile);
// A run in which no case ran (a filter that matches nothing, a start that failed) writes no report, so the
// last good reports stay as they were. A shard writes its blob only: the merge writes the reports.
const collected = probeReporter.collected;
const finished =
  casesRan > 0 && collected !== undefined && shard === undefined
    ? await finishRun({ ...finishInput(collected), ...(outcome !== undefined ? { ledger: outcome } : {}) })
    : undefined;
if (finished !== undefined && collected !== undefined) printFinished(finished, collected);
const report = finished?.report;
const left = outcome?.leftOnTarget.length ?? 0;
// Without an outcome (the teardown failed before it wrote one) nothing says the target was left clean.
const cleanupUnknown = outcomeFile !== undefined && outcome === undefined && casesRan > 0;
if (finished !== undefined) console.log(`reports: ${finished.written.join(', ')}, ${junitFile}`);
// maxRSS covers the vitest worker threads too (the suites run in a thread of this process).
console.log(`peak memory: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
const drift = report?.drift;
if (drift !== undefined && drift.changes.length > 0) {
  console.log(
    `drift: ${drift.changes.length} change(s) from the baseline ${drift.baseline} (listed above); ` +
      'if intended, accept them with npm run baseline -- --accept',
  );
}
const disagreements = report?.contract?.comparison?.disagreements.length ?? 0;
if (disagreements > 0)
  console.log(`contract: the target and ${contract?.shownAs ?? 'the contract'} disagree in ${disagreements} place(s) (listed above)`);
const diagnosisLine = failingDiagnosis(report?.diagnosis, report?.matrix.length ?? 0);
if (diagnosisLine !== undefined) console.log(`probe: ${diagnosisLine}`);
if (left > 0 && outcome !== undefined)
  console.log(`probe: ${leftOnTargetLine(outcome, report?.run.target ?? config.baseUrl ?? 'the target')}`);
if (cleanupUnknown)
  console.log(
    `probe: the end-of-run cleanup did not finish (see above): what is left on the target is unknown; the ledger in ${config.ledgerDir} keeps it listed`,
  );
const facts: RunFacts = {
  casesRan,
  failedCases: counts?.failed ?? 0,
  driftChanges: drift?.changes.length ?? 0,
  leftOnTarget: left,
  cleanupUnknown,
  ...(diagnosisLine !== undefined ? { failingDiagnosis: diagnosisLine } : {}),
  contractDisagreements: disagreements,
  secretFound: false,
  ...(interrupt.stoppedBy !== undefined ? { stoppedBy: interrupt.stoppedBy } : {}),
};
// JUnit carries every reason the run fails, so that a dashboard agrees with the exit code; written before the
// secret scan, which then covers it too. A run in which no case ran puts the last one back. A shard writes none.
let junitText: string | undefined;
if (shard === undefined && casesRan > 0 && existsSync(junitFile)) junitText = runRedactor().redact(readFileSync(junitFile, 'utf8'));
else if (shard === undefined && casesRan === 0) {
  if (keptJunit !== undefined) writeFileSync(junitFile, keptJunit);
  else rmSync(junitFile, { force: true });
}
const writeJunit = (failures: RunFailure[]): void => {
  if (junitText === undefined) return;
  mkdirSync(config.reportDir, { recursive: true });
  writeFileSync(junitFile, withRunFailures(junitText, failures));
};
writeJunit(exitDecision(facts).runFailures);
const decision = exitDecision({ ...facts, secretFound: await secretsInOutputs() });
if (decision.runFailures.some((f) => f.id === 'run/secret-in-output')) writeJunit(decision.runFailures);
// In GitHub Actions the tool writes the job summary and annotations itself, so a recipe needs no step for it.
if (process.env.GITHUB_ACTIONS === 'true') for (const line of githubAnnotations(report, decision)) console.log(line);
const stepSummary = process.env.GITHUB_STEP_SUMMARY;
if (stepSummary !== undefined && stepSummary !== '') {
  const markdown = finished === undefined ? undefined : readFileSync(join(config.reportDir, 'behaviour-report.md'), 'utf8');
  appendFileSync(stepSummary, runRedactor().redact(githubSummary(markdown, exitLine(decision))));
}
// The count line agrees with the exit code: each reason the run fails that no case stands for (drift,
// left-overs, a secret found, ...) counts as a failure, as it does in JUnit.
if (finished !== undefined) console.log(`open: ${pathToFileURL(join(config.reportDir, 'behaviour-report.html')).href}`);
if (counts !== undefined) console.log(formatCounts({ ...counts, failed: counts.failed + decision.runFailures.length }));
console.log(exitLine(decision));
process.exit(decision.code);

/**
 * The last check: no file this run wrote under REPORT_DIR or LEDGER_DIR holds 8 or more characters of a
 * secret in any spelling (gzipped files unpacked). One line names the files, never what was found.
 */
async function secretsInOutputs(): Promise<boolean> {
  // A second back: file times may be rounded down to the second.
  const scan = await scanFilesForSecrets([config.reportDir, config.ledgerDir], runRedactor(), { since: runStartedAt - 1000 });
  const verdict = describeScan(scan, shortPath);
  for (const line of verdict.lines) console.error(line);
  return verdict.failed;
}

/** A path relative to the working folder when it is inside it, as the user would type it. */
function shortPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}
