/**
 * A probe run as one function: it takes the settings value (read once by the command) and returns the run's
 * outcome, as vitest's startVitest sits under its CLI. In between it checks what must hold before anything is
 * sent (baseline, contract, token, the target's first answers), runs the suites through vitest with the settings
 * handed to globalSetup and the worker by `provide`, writes the reports once, and decides the exit code.
 * It prints through `out` and never ends the process: the command does (bin/probe.ts).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CliOptions } from 'vitest/node';
import { startTokenBroker } from '../auth/broker.js';
import { describeProvenance } from '../auth/from-config.js';
import { describeSettingsAtStart } from '../config/describe.js';
import { commandAsTyped } from '../config/invocation.js';
import { engineLimits } from '../config/engine-limits.js';
import type { Settings } from '../config/types.js';
import { settingsToWire } from '../config/wire.js';
import { mergedShardLogs } from '../har/exchange-log.js';
import { failingDiagnosis } from '../inference/failing-diagnosis.js';
import { leftOnTargetLine } from '../ledger/left-on-target.js';
import { readOutcome, readShardOutcomes } from '../ledger/outcome-file.js';
import { descriptionOf } from '../operation/description/compile.js';
import { formatJson } from '../operation/description/format.js';
import { TOOL_ROOT } from '../operation/shipped.js';
import { guardConsole } from '../redaction/console-guard.js';
import { runRedactor } from '../redaction/run-redactor.js';
import { describeScan, scanFilesForSecrets } from '../redaction/scan-files.js';
import type { BehaviourReport, RunStop } from '../report/types.js';
import type { Expectation } from '../expectations/types.js';
import { ProbeConsole, terminalStatus } from '../vitest/probe-console.js';
import { ProbeReporter, type CollectedCases } from '../vitest/probe-reporter.js';
import { RequestProgress } from '../vitest/request-progress.js';
import { StopOnAbort } from '../vitest/stop-on-abort.js';
import { formatCounts, type RunCounts } from '../vitest/summary-line-reporter.js';
import { countCollected } from '../vitest/collect-run.js';
import { renderJunit } from '../report/render-junit.js';
import { reportCounts } from '../report/report-counts.js';
import { EXIT, exitDecision, exitLine, type ExitCode, type ExitDecision, type RunFacts, type RunFailure } from './exit-decision.js';
import { finishRun, type FinishInput } from './finish-run.js';
import { githubAnnotations, githubSummary } from './github-output.js';
import type { RunFiles } from './provided-context.js';
import { openRunToken, readRunInputs, type RunInputs } from './run-inputs.js';
import { probeRunFiles } from './run-files.js';
import { mergedShardStop, writeShardStop } from './shard-stops.js';
import { relocateBlobs, shardBlobProblem, type RelocatedBlobs } from './shard-blobs.js';
import { checkSetup } from './setup-check.js';
import { operationFile } from './sarif-step.js';
import { applyExpectations, expiredLine, isExpired, utcDay } from '../expectations/apply-expectations.js';
import { systemLiveness } from '../ledger/liveness.js';
import { targetRunFiles } from '../ledger/select.js';
import { formatPlan } from '../plan/format-plan.js';
import { planRun, type RunPlan } from '../plan/plan.js';
import { RunLog } from './run-log.js';
import { documentLabel } from '../operation/openapi/index.js';

export interface ProbeRunOptions {
  /** Suite files to run: only those whose path matches one (vitest's filters); none: every suite. */
  filters?: readonly string[];
  /** One shard of a split run, `i/n`: writes a blob for a later merge instead of the reports. */
  shard?: string;
  /** Merges the shards' blobs in REPORT_DIR/blob into one set of reports; sends nothing. */
  mergeReports?: boolean;
  /** The vitest UI over the suites: runs nothing until asked, finishes each run as it ends; never returns. */
  ui?: boolean;
  /** An OpenAPI contract (JSON or YAML) to compare the target with; any disagreement fails the run. */
  contract?: string;
  /** Where the run's lines go; default the console (which the run's redaction step guards). */
  out?: { log: (line: string) => void; error: (line: string) => void };
  /** A terminal for the progress status line, rewritten in place; without one, progress is a line of the log. */
  terminal?: NodeJS.WriteStream;
  /** The folder the user works in: paths in the run's lines are shown relative to it. Default: the process's. */
  cwd?: string;
  /** Aborted, it stops the run as the first Ctrl-C does (its reason names what stopped it: "Ctrl-C", "SIGTERM"). */
  stop?: AbortSignal;
  /** Prints the plan (suites, cases, the most requests each sends, the time at the run's pace) and sends nothing. */
  dryRun?: boolean;
}

export interface ProbeRunOutcome {
  code: ExitCode;
  /** Why the run ends with this code, in one line. */
  reason: string;
  /** A setup problem found before anything was sent (code 2): the line to print instead of the exit line. */
  setupProblem?: string;
  counts?: RunCounts;
  report?: BehaviourReport;
  /** Every report file written. */
  written: string[];
  /** `dryRun`: the plan printed, as data. */
  plan?: RunPlan;
}

const consoleOut = { log: (line: string) => console.log(line), error: (line: string) => console.error(line) };

export async function runProbe(settings: Settings, options: ProbeRunOptions = {}): Promise<ProbeRunOutcome> {
  // Every line the run prints passes the run's redaction step, which learns each secret as the run meets it.
  const given = options.out;
  const out =
    given === undefined
      ? consoleOut
      : { log: (line: string) => given.log(runRedactor().redact(line)), error: (line: string) => given.error(runRedactor().redact(line)) };
  runRedactor().add(settings.credentials.accessToken);
  // On the console, what vitest and the suites print themselves goes through the same step (lib/redaction).
  const unguard = given === undefined ? guardConsole(runRedactor()) : () => undefined;
  try {
    return await runAndTell(settings, { ...options, out });
  } finally {
    unguard();
  }
}

async function runAndTell(
  settings: Settings,
  options: ProbeRunOptions & { out: NonNullable<ProbeRunOptions['out']> },
): Promise<ProbeRunOutcome> {
  const outcome = await checkAndRun(settings, options);
  // A run that stopped before any case (a merge missing a shard, an unreachable target) still tells the CI job why.
  if (outcome.setupProblem !== undefined) {
    const decision = {
      code: outcome.code,
      reason: outcome.setupProblem,
      runFailures: [{ id: 'run/setup', message: outcome.setupProblem }],
    };
    writeCiOutputs(settings, undefined, undefined, decision, options.out);
  }
  return outcome;
}

/** In GitHub Actions the tool writes the job summary and annotations itself, so that a recipe needs no step for them. */
function writeCiOutputs(
  settings: Settings,
  report: BehaviourReport | undefined,
  markdown: string | undefined,
  decision: ExitDecision,
  out: NonNullable<ProbeRunOptions['out']>,
  shard?: string,
): void {
  const stepSummary = settings.ci.stepSummary;
  if (settings.ci.githubActions) {
    const restIn = stepSummary !== undefined ? 'job summary' : 'behaviour-report.html';
    for (const line of githubAnnotations(report, decision, { restIn })) out.log(line);
  }
  if (stepSummary !== undefined) {
    appendFileSync(
      stepSummary,
      runRedactor().redact(githubSummary(markdown, exitLine(decision), shard === undefined ? undefined : { shard })),
    );
  }
}

/** `--dry-run`: the plan, read from the settings and the ledger on disk; nothing is sent, no token is asked for. */
function dryRun(settings: Settings, options: ProbeRunOptions, out: NonNullable<ProbeRunOptions['out']>): ProbeRunOutcome {
  const { baseUrl } = settings.target;
  const leftovers =
    baseUrl === undefined || options.mergeReports === true
      ? 0
      : targetRunFiles(settings.reports.ledgerDir, baseUrl, systemLiveness())
          .filter((f) => !f.active)
          .reduce((n, f) => n + f.entries.length, 0);
  if (options.mergeReports === true) {
    out.log('dry run: a merge of shard reports sends nothing; it reads REPORT_DIR/blob and writes the reports');
    return { code: EXIT.ok, reason: 'dry run: nothing was sent', written: [] };
  }
  const plan = planRun(settings, {
    ...(options.filters !== undefined ? { filters: options.filters } : {}),
    ...(options.shard !== undefined ? { shard: options.shard } : {}),
    leftovers,
  });
  const target = baseUrl === undefined ? `the embedded reference service (profile ${settings.target.referenceProfile})` : baseUrl;
  for (const line of formatPlan(plan, settings, target)) out.log(line);
  if (options.shard !== undefined) out.log(`shard ${options.shard}: vitest gives this shard part of these suites; the bound is theirs all`);
  return { code: EXIT.ok, reason: 'dry run: nothing was sent', written: [], plan };
}

async function checkAndRun(
  settings: Settings,
  options: ProbeRunOptions & { out: NonNullable<ProbeRunOptions['out']> },
): Promise<ProbeRunOutcome> {
  const { out } = options;
  const merging = options.mergeReports === true;
  const shard = options.shard;
  const { reportDir } = settings.reports;
  const setupError = (problem: string): ProbeRunOutcome => ({ code: EXIT.setup, reason: problem, setupProblem: problem, written: [] });
  if (shard !== undefined && !/^\d+\/\d+$/.test(shard)) return setupError(`--shard: expected i/n such as 1/2, got "${shard}"`);

  // globalSetup adds the embedded reference's token to the run's redaction step, a token source the tokens it obtains.
  const runStartedAt = Date.now();
  const inputs = await readRunInputs(settings, options.contract, options.cwd);
  if (typeof inputs === 'string') return setupError(inputs);
  if (options.dryRun === true) {
    // A dry run has no end to say it at: an expectation past its `until` will fail the run.
    for (const e of inputs.expectations?.list ?? [])
      if (isExpired(e, utcDay(new Date(runStartedAt)))) out.error(`probe: ${expiredLine(e)}`);
    return dryRun(settings, options, out);
  }
  const blobDir = join(reportDir, 'blob');
  // A merge of part of a run is a setup error, never a green drift check on what it happened to get.
  let blobs: Extract<RelocatedBlobs, { dir: string }> | undefined;
  if (merging) {
    const problem = shardBlobProblem(existsSync(blobDir) ? readdirSync(blobDir) : [], blobDir);
    if (problem !== undefined) return setupError(problem);
    const relocated = relocateBlobs(blobDir, TOOL_ROOT, (suite) => existsSync(join(TOOL_ROOT, suite)));
    if ('problem' in relocated) return setupError(relocated.problem);
    blobs = relocated;
  }
  // The token is got first: a bad credential stops the run before any request, the reachability check's
  // included. A merge of shard reports sends nothing, so it needs none.
  const token = merging ? undefined : await openRunToken(settings, out.log);
  if (typeof token === 'string') return setupError(token);
  const broker = token === undefined ? undefined : await startTokenBroker(token);
  try {
    // A target that cannot be reached, or whose first two answers show the setup is wrong, stops the run here,
    // in seconds, before any suite (and before the ledger's sweep of earlier runs), with one line.
    const { baseUrl } = settings.target;
    if (baseUrl !== undefined && !merging) {
      const setup = await checkSetup({
        limits: engineLimits(settings),
        baseUrl,
        token: token ?? settings.credentials.accessToken,
        operation: settings.target.operation,
      });
      if (setup.stop !== undefined) return setupError(setup.stop);
      for (const note of setup.notes) out.error(`probe: ${note}`);
    }
    for (const line of describeSettingsAtStart(settings)) out.log(line);
    const outcome = await runSuites(settings, options, {
      inputs,
      broker,
      runStartedAt,
      out,
      ...(blobs !== undefined ? { mergeFrom: blobs.dir } : {}),
    });
    if (token !== undefined) out.log(describeProvenance(token.provenance()));
    return outcome;
  } finally {
    await broker?.close();
    blobs?.remove();
  }
}

interface RunContext {
  inputs: RunInputs;
  /** The shards' blobs as this tool can merge them (relocateBlobs). */
  mergeFrom?: string;
  broker: Awaited<ReturnType<typeof startTokenBroker>> | undefined;
  runStartedAt: number;
  out: NonNullable<ProbeRunOptions['out']>;
}

type Reporters = NonNullable<CliOptions['reporters']>;

async function runSuites(settings: Settings, options: ProbeRunOptions, ctx: RunContext): Promise<ProbeRunOutcome> {
  const { out, inputs } = ctx;
  const merging = options.mergeReports === true;
  const shard = options.shard;
  const ui = options.ui === true;
  const { reportDir, ledgerDir } = settings.reports;
  const blobDir = join(reportDir, 'blob');
  const files = probeRunFiles(reportDir, merging ? 'merge' : shard === undefined ? 'single' : { shard });
  // The day the run started (YYYY-MM-DD, UTC): every part of the run reads the expectations' `until` against it.
  const day = utcDay(new Date(ctx.runStartedAt));
  try {
    // An operation built from OPENAPI is written beside the reports: what was probed, in the description format.
    if (settings.target.openapi !== undefined) {
      const description = descriptionOf(settings.target.operation);
      if (description !== undefined) {
        mkdirSync(reportDir, { recursive: true });
        writeFileSync(join(reportDir, 'operation.json'), `${formatJson(description)}\n`);
      }
    }
    const exchangeLogs = merging
      ? mergedShardLogs(reportDir, readdirSync(blobDir))
      : files.exchangeLog === undefined
        ? undefined
        : [files.exchangeLog];
    const junitFile = join(reportDir, 'junit.xml');
    const stop = new StopOnAbort(options.stop);
    // A merge of shards one of which was stopped is a stopped run too (lib/run/shard-stops.ts).
    const shardStop = merging ? mergedShardStop(reportDir, readdirSync(blobDir)) : undefined;
    const stopped = (): RunStop | undefined => {
      if (shardStop !== undefined) return shardStop.stop;
      const by = stop.stoppedBy;
      if (by !== 'Ctrl-C' && by !== 'SIGTERM') return undefined;
      const at = (stop.stoppedAt ?? new Date()).toISOString();
      return { by, at, why: `stopped by ${by}: the cases running finished, the ones not started were not run` };
    };
    const stoppedPart = (): { stopped?: RunStop } => {
      const byCaller = stopped();
      return byCaller === undefined ? {} : { stopped: byCaller };
    };
    const finishInput = (collected: CollectedCases): FinishInput => ({
      collected,
      operation: settings.target.operation,
      reportDir,
      suiteVersion: suiteVersion(),
      repeats: settings.exploration.repeats,
      ...(inputs.baseline !== undefined ? { baseline: inputs.baseline } : {}),
      ...(ctx.broker !== undefined ? { auth: ctx.broker.source.provenance() } : {}),
      ...(inputs.contract !== undefined ? { contract: inputs.contract } : {}),
      ...(settings.target.openapi !== undefined && settings.target.operationId !== undefined
        ? {
            openapi: {
              path: resolve(options.cwd ?? process.cwd(), settings.target.openapi),
              label: documentLabel(settings.target.openapi, options.cwd ?? process.cwd()),
              operationId: settings.target.operationId,
            },
          }
        : {}),
      ...(exchangeLogs !== undefined ? { exchangeLogs } : {}),
      ...(inputs.expectations !== undefined ? { expectations: { ...inputs.expectations, today: day } } : {}),
      operationFile: operationFile(settings, options.cwd ?? process.cwd()),
      ...stoppedPart(),
    });
    const printFinished = (finished: Awaited<ReturnType<typeof finishRun>>, collected: CollectedCases): void => {
      for (const line of [...finished.lines, ...collected.costLines]) out.log(line);
    };
    // The UI's runs never reach teardown: each is finished as it ends, without the ledger's outcome.
    const probeReporter = new ProbeReporter({
      merged: merging,
      stopped: () =>
        shardStop !== undefined ? shardStop.stop.why : stop.stoppedBy === undefined ? undefined : `stopped by ${stop.stoppedBy}`,
      ...(ui
        ? { onCollected: async (collected: CollectedCases) => printFinished(await finishRun(finishInput(collected)), collected) }
        : {}),
      ...(ui && files.exchangeLog !== undefined ? { onRunStart: () => writeFileSync(files.exchangeLog ?? '', '', { mode: 0o600 }) } : {}),
    });
    // On a terminal (not CI's log) the progress is one status line rewritten in place.
    const terminal = options.terminal !== undefined && !settings.ci.inCi ? options.terminal : undefined;
    const progress = new RequestProgress();
    const runLog = new RunLog(out);
    const probeConsole = new ProbeConsole({
      requestsSent: () => progress.sent,
      write: out.log,
      writeError: out.error,
      maxRequests: settings.pacing.maxRequests,
      stopped: () => stop.stoppedBy !== undefined,
      ...(terminal !== undefined ? { status: terminalStatus(terminal) } : {}),
      ...(inputs.expectations !== undefined ? { expected: expectedReason(inputs.expectations.list, day) } : {}),
    });
    const reporters: Reporters =
      shard !== undefined
        ? [stop, probeConsole, ['blob', { outputFile: join(blobDir, `blob-${shard.replace('/', '-')}.json`) }], probeReporter]
        : [...(ui ? [] : [stop]), probeConsole, probeReporter];

    // Imported here: a command that never runs the suites (a setup error) does not load vitest.
    const { startVitest } = await import('vitest/node');
    const runFiles: RunFiles = {
      ...(files.outcome !== undefined ? { outcome: files.outcome } : {}),
      ...(files.exchangeLog !== undefined ? { exchangeLog: files.exchangeLog } : {}),
    };
    const vitest = await startVitest(
      'test',
      [...(options.filters ?? [])],
      {
        root: TOOL_ROOT,
        config: join(TOOL_ROOT, 'vitest.config.ts'),
        project: ['suites'],
        run: !ui,
        watch: ui,
        ui,
        // The UI runs no suite until asked: none when it opens (standalone), none when a file is saved (no file
        // watcher, below). Every run against a live target costs its requests and creates subscriptions.
        ...(ui ? { standalone: true } : {}),
        ...(shard !== undefined ? { shard } : {}),
        reporters,
        ...(ctx.mergeFrom !== undefined ? { mergeReports: ctx.mergeFrom } : {}),
        provide: {
          settings: settingsToWire(settings),
          runFiles,
          progressChannel: progress.channel,
          logChannel: runLog.channel,
          ...(ctx.broker !== undefined ? { tokenBroker: { url: ctx.broker.url, key: ctx.broker.key } } : {}),
          // A whole run: the handshake cases may start right after the presence matrix, beside the suites that
          // send (suites/support/handshake-cases.ts). With a file filter or a shard, 06-events may not be in it.
          startWaitsEarly: (options.filters ?? []).length === 0 && shard === undefined && !merging && !ui,
        },
      },
      ui ? { server: { watch: null } } : {},
    );
    if (ui) {
      const { api, uiBase } = vitest.config;
      out.log(
        `ui: http://${api.host ?? 'localhost'}:${api.port ?? 51204}${uiBase}: no suite runs until one is started there; Ctrl-C stops`,
      );
      // The UI keeps the process alive until the user stops it (Ctrl-C).
      await new Promise(() => {});
    }
    await vitest.close();
    progress.close();
    // globalSetup's last lines (the ledger's end of run) before the run's own.
    await runLog.flushed();
    runLog.close();
    if (shard !== undefined && stop.stoppedBy !== undefined) {
      writeShardStop(reportDir, shard, { by: stop.stoppedBy, at: (stop.stoppedAt ?? new Date()).toISOString() });
    }

    const collected = probeReporter.collected;
    const casesRan =
      collected === undefined
        ? 0
        : collected.cases.length + collected.skipped.length + collected.notRun.length + collected.harnessErrors.length;
    // What the end-of-run cleanup could not delete goes into the reports and fails the run: a subscription
    // left behind costs the target's owner, and only the ledger knows of it.
    const ledger = merging ? readShardOutcomes(reportDir, blobDir) : files.outcome === undefined ? undefined : readOutcome(files.outcome);
    // A run in which no case ran (a filter that matches nothing, a start that failed) writes no report, so the
    // last good reports stay as they were. A shard writes its blob only: the merge writes the reports.
    const finished =
      casesRan > 0 && collected !== undefined && shard === undefined
        ? await finishRun({ ...finishInput(collected), ...(ledger !== undefined ? { ledger } : {}) })
        : undefined;
    if (finished !== undefined && collected !== undefined) printFinished(finished, collected);
    const report = finished?.report;
    const left = ledger?.leftOnTarget.length ?? 0;
    // Without an outcome (the teardown failed before it wrote one) nothing says the target was left clean.
    const cleanupUnknown = files.outcome !== undefined && ledger === undefined && casesRan > 0;
    if (finished !== undefined) out.log(`reports: ${[...finished.written, junitFile].join(', ')}`);
    // maxRSS covers the vitest worker threads too (the suites run in a thread of this process).
    out.log(`peak memory: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
    const drift = report?.drift;
    if (drift !== undefined && drift.changes.length > 0) {
      out.log(
        `drift: ${drift.changes.length} change(s) from the baseline ${drift.baseline} (listed above); ` +
          `if intended, accept them with ${commandAsTyped('baseline', '--accept')}`,
      );
    }
    const disagreements = report?.contract?.comparison?.disagreements.length ?? 0;
    if (disagreements > 0) {
      out.log(
        `contract: the target and ${inputs.contract?.shownAs ?? 'the contract'} disagree in ${disagreements} place(s) (listed above)`,
      );
    }
    const diagnosisLine = failingDiagnosis(report?.diagnosis, report?.matrix.length ?? 0);
    if (diagnosisLine !== undefined) out.log(`probe: ${diagnosisLine}`);
    if (left > 0 && ledger !== undefined)
      out.log(`probe: ${leftOnTargetLine(ledger, report?.run.target ?? settings.target.baseUrl ?? 'the target')}`);
    if (cleanupUnknown) {
      out.log(
        `probe: the end-of-run cleanup did not finish (see above): what is left on the target is unknown; the ledger in ${ledgerDir} keeps it listed`,
      );
    }
    const tally =
      report !== undefined
        ? reportCounts(report)
        : collected === undefined
          ? undefined
          : countCollected(collected, heldIds(collected, inputs.expectations?.list, day));
    const expectationFailures = (report?.expectations?.entries ?? []).flatMap((e) =>
      e.status === 'stale' || e.status === 'expired' ? [{ case: e.case, status: e.status, message: e.message }] : [],
    );
    const facts: RunFacts = {
      casesRan,
      failedCases: tally?.failed ?? 0,
      driftChanges: drift?.changes.length ?? 0,
      leftOnTarget: left,
      cleanupUnknown,
      ...(diagnosisLine !== undefined ? { failingDiagnosis: diagnosisLine } : {}),
      contractDisagreements: disagreements,
      secretFound: false,
      ...(stop.stoppedBy !== undefined ? { stoppedBy: stop.stoppedBy } : shardStop !== undefined ? { stoppedBy: shardStop.stoppedBy } : {}),
      ...(casesRan === 0 ? noCaseBecause(options, collected) : {}),
      ...(inputs.expectations !== undefined ? { expectationFailures, expectedCases: tally?.expected ?? 0 } : {}),
    };
    // JUnit carries every reason the run fails, so that a dashboard agrees with the exit code; written before the
    // secret scan, which then covers it too. A run in which no case ran leaves the last one as it was.
    const writeJunit = (failures: RunFailure[]): void => {
      if (report === undefined) return;
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(junitFile, runRedactor().redact(renderJunit(report, failures)));
    };
    writeJunit(exitDecision(facts).runFailures);
    const secretFound = await secretsInOutputs(settings, ctx.runStartedAt, out);
    const decision = exitDecision({ ...facts, secretFound });
    if (secretFound) writeJunit(decision.runFailures);
    const markdown = finished === undefined ? undefined : readFileSync(join(reportDir, 'behaviour-report.md'), 'utf8');
    writeCiOutputs(settings, report, markdown, decision, out, shard);
    if (finished !== undefined) out.log(`open: ${pathToFileURL(join(reportDir, 'behaviour-report.html')).href}`);
    // The count line agrees with the report and the exit code: each reason the run fails that no case stands for
    // (a stop, drift, left-overs, a secret found, ...) counts once as a failure, as it does in JUnit.
    const shownCounts = tally === undefined ? undefined : { ...tally, failed: tally.failed + decision.runFailures.length };
    if (shownCounts !== undefined) out.log(formatCounts(shownCounts));
    return {
      code: decision.code,
      reason: decision.reason,
      ...(shownCounts !== undefined ? { counts: shownCounts } : {}),
      ...(report !== undefined ? { report } : {}),
      written: finished?.written ?? [],
    };
  } finally {
    files.remove();
  }
}

/**
 * The last check: no file this run wrote under REPORT_DIR or LEDGER_DIR holds 8 or more characters of a
 * secret in any spelling (gzipped files unpacked). One line names the files, never what was found.
 */
async function secretsInOutputs(settings: Settings, runStartedAt: number, out: NonNullable<ProbeRunOptions['out']>): Promise<boolean> {
  const { reportDir, ledgerDir } = settings.reports;
  // A second back: file times may be rounded down to the second.
  const scan = await scanFilesForSecrets([reportDir, ledgerDir], runRedactor(), { since: runStartedAt - 1000 });
  const verdict = describeScan(scan, (path) => path);
  for (const line of verdict.lines) out.error(line);
  return verdict.failed;
}

let version: string | undefined;
/** The tool's version, named in every report. */
function suiteVersion(): string {
  version ??= (JSON.parse(readFileSync(join(TOOL_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}

export { exitLine };

/** The console's lookup: the reason of a case's expectation when its verdict is the one expected and it has not expired. */
function expectedReason(list: readonly Expectation[], day: string): (id: string, verdict: string) => string | undefined {
  const live = new Map(list.filter((e) => !isExpired(e, day)).map((e) => [e.case, e] as const));
  return (id, verdict) => {
    const e = live.get(id);
    return e !== undefined && e.verdict === verdict ? e.reason : undefined;
  };
}

/** The cases of a run without a report (a shard) that ended as expected. */
function heldIds(collected: CollectedCases, list: readonly Expectation[] | undefined, day: string): ReadonlySet<string> {
  if (list === undefined) return new Set();
  const cases = collected.cases.map((c) => ({ id: c.record.id, verdict: c.record.verdict }));
  return new Set(applyExpectations(cases, list, { file: '', today: day }).held.keys());
}

/** Why no case ran, when the run can tell without an error of vitest's to point to. */
function noCaseBecause(options: ProbeRunOptions, collected: CollectedCases | undefined): { noCaseBecause?: string } {
  const filters = options.filters ?? [];
  if (options.mergeReports === true) return { noCaseBecause: "the shards' blobs hold no case" };
  if (filters.length > 0 && collected !== undefined)
    return { noCaseBecause: `no suite file matches ${filters.map((f) => JSON.stringify(f)).join(', ')}` };
  return {};
}
