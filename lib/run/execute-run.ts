/**
 * The suites run in one of the run's modes (lib/run/run-mode.ts), and what they left, as plain data: the cases
 * collected, the cleanup's outcome, what stopped the run, and, when the mode builds one, the finished report with its
 * observed contract and exchanges. Nothing is written here but what vitest and the worker write themselves (a shard's
 * blob, the exchange log); deciding, printing and writing the outputs are the run's next steps (lib/run/run-probe.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TokenBroker } from '../auth/broker.js';
import { firstAsks, servedByReference, type Settings } from '../config/types.js';
import { settingsToWire } from '../config/wire.js';
import { heldExpectations } from '../expectations/apply-expectations.js';
import type { Expectation } from '../expectations/types.js';
import { ExchangeLog, SETUP_CHECK_RUN } from '../har/exchange-log.js';
import type { Exchange } from '../http/types.js';
import type { LedgerOutcome } from '../ledger/left-on-target.js';
import { TOOL_ROOT } from '../operation/shipped.js';
import { endKeptThreads } from '../vitest/kept-threads.js';
import { runRedactor } from '../redaction/run-redactor.js';
import type { Verdict } from '../outcome.js';
import type { RunStop } from '../report/types.js';
import { madeToken, type Secret } from '../secret.js';
import { ProbeConsole, terminalStatus } from '../vitest/probe-console.js';
import { ProbeReporter, type CollectedCases } from '../vitest/probe-reporter.js';
import { RequestProgress } from '../vitest/request-progress.js';
import { StopOnAbort } from '../vitest/stop-on-abort.js';
import { StopChannel } from '../vitest/stop-channel.js';
import { finishRun, type FinishedRun, type FinishInput } from './finish-run.js';
import type { RunFiles } from './provided-context.js';
import type { ProbeRunFiles } from './run-files.js';
import { readValidationSpelling } from '../receiver/validation-spelling.js';
import type { RunInputs } from './run-inputs.js';
import { startRunEnvironment, type RunEnvironment, type StartEmbedded } from './run-environment.js';
import type { RunMode, RunModeKind, RunReporters } from './run-mode.js';

type Out = { log: (line: string) => void; error: (line: string) => void };

/** What a run is given besides its mode: read once before it, by lib/run/run-probe.ts. */
export interface RunContext {
  settings: Settings;
  inputs: RunInputs;
  broker: TokenBroker | undefined;
  out: Out;
  filters: readonly string[];
  /** The setup check's exchanges: kept in the run's exchange log, so the report counts them and the HAR has them. */
  setupExchanges: readonly Exchange[];
  /** When the run started (epoch ms): the expectations' day, and the time the final secret check looks back to. */
  startedAt: number;
  terminal?: NodeJS.WriteStream;
  /** Aborted, it stops the run as the first Ctrl-C does. */
  stop?: AbortSignal;
  /** The UI's runs never end the run: each is handed here as it ends. */
  onUiRun?: (result: RunResult) => Promise<void>;
  /** How to start the embedded reference service, for a run with no BASE_URL (the command's; lib does not import it). */
  startEmbedded?: StartEmbedded;
  /** The suites read lib/ from the build (ProbeRunOptions). */
  suitesReadBuild?: boolean;
  /** The process runs the suites again after this run: their thread is kept for it (lib/vitest/kept-threads.ts). */
  keepSuitesThread?: boolean;
}

/** A run of the suites, as plain data. */
export interface RunResult {
  mode: RunModeKind;
  shard?: string;
  filters: readonly string[];
  /** What the suites recorded; undefined when vitest reported no run (a start that failed). */
  collected?: CollectedCases;
  /** Cases vitest ran, skipped or left out; none means the run never started. */
  casesRan: number;
  /** What the end-of-run cleanup could not delete; only the ledger knows of it. */
  ledger?: LedgerOutcome;
  /** The cleanup did not say what it left (its teardown failed before it wrote an outcome). */
  cleanupUnknown: boolean;
  /** What stopped the run, in the exit line's words ("Ctrl-C", "SIGTERM in shard 1/2"). */
  stoppedBy?: string;
  /** The report with its observed contract and exchanges, when the mode builds one and a case ran. */
  finished?: FinishedRun;
  /** The run's expectations and its day, for the cases of a run without a report (a shard's count). */
  expectations?: { file: string; list: readonly Expectation[]; today: string };
  /** The contract the run compared with, as given. */
  contractShownAs?: string;
  /** Where the run wrote and kept things, and the target, for its lines. */
  reportDir: string;
  ledgerDir: string;
  target: string;
  /** KEEP_CREATED: what was created with no delete path known was kept on purpose (said so at the end). */
  keepCreated?: boolean;
  ci: { githubActions: boolean; stepSummary?: string };
  /** The process's peak memory (the suites' worker threads included), in MB. */
  peakMemoryMb: number;
}

/** The run's own reporters and channels for one execution. */
interface SuiteRun {
  reporters: RunReporters;
  progress: RequestProgress;
  /** Tells the worker the run stops, before vitest cancels it. */
  stopChannel: StopChannel;
  /** What stopped the run, for the report (a stopped merged shard, or the caller). */
  stopped(): RunStop | undefined;
}

export async function executeRun(mode: RunMode, ctx: RunContext): Promise<RunResult> {
  const { reportDir } = ctx.settings.reports;
  const files = mode.files(reportDir);
  try {
    keepSetupExchanges(files, ctx.setupExchanges);
    const run = suiteRun(mode, ctx, files);
    await runSuites(mode, ctx, run, files);
    return await resultOf(mode, ctx, run, files);
  } finally {
    files.remove();
  }
}

/** The setup check's exchanges go first into the run's exchange log, under a run tag of their own. */
function keepSetupExchanges(files: ProbeRunFiles, exchanges: readonly Exchange[]): void {
  if (files.exchangeLog === undefined || exchanges.length === 0) return;
  const log = new ExchangeLog(files.exchangeLog, `${SETUP_CHECK_RUN}/${Math.random().toString(36).slice(2)}`);
  for (const e of exchanges) log.exchange(e, (x) => runRedactor().redactDeep(x));
}

function suiteRun(mode: RunMode, ctx: RunContext, files: ProbeRunFiles): SuiteRun {
  const { settings } = ctx;
  const stopChannel = new StopChannel();
  const stop = new StopOnAbort(ctx.stop, () => stopChannel.announce());
  const before = mode.stopBefore(settings.reports.reportDir);
  const stopped = (): RunStop | undefined => {
    if (before !== undefined) return before.stop;
    const by = stop.stoppedBy;
    if (by !== 'Ctrl-C' && by !== 'SIGTERM') return undefined;
    const at = (stop.stoppedAt ?? new Date()).toISOString();
    return {
      by,
      at,
      why: `stopped by ${by}: what was on the wire was answered and recorded; the cases it cut short and the ones not started were not run`,
    };
  };
  const collector = new ProbeReporter({
    merged: mode.kind === 'merge',
    stopped: () => (before !== undefined ? before.stop.why : stop.stoppedBy === undefined ? undefined : `stopped by ${stop.stoppedBy}`),
    ...(mode.kind === 'ui' ? uiHooks(ctx, files, () => stopped()) : {}),
  });
  // On a terminal (not CI's log) the progress is one status line rewritten in place.
  const terminal = ctx.terminal !== undefined && !settings.ci.inCi ? ctx.terminal : undefined;
  const progress = new RequestProgress();
  const expectations = ctx.inputs.expectations;
  const console = new ProbeConsole({
    requestsSent: () => progress.sent,
    write: ctx.out.log,
    writeError: ctx.out.error,
    maxRequests: settings.pacing.maxRequests,
    stopped: () => stop.stoppedBy !== undefined,
    ...(mode.kind === 'merge' ? { replay: true } : {}),
    ...(terminal !== undefined ? { status: terminalStatus(terminal) } : {}),
    ...(expectations !== undefined ? { expected: expectedReason(expectations.list, runDay(ctx)) } : {}),
  });
  const reporters = { stop, console, collector };
  return { reporters, progress, stopChannel, stopped };
}

/** The UI finishes each of its runs as it ends, and starts each with an empty exchange log. */
function uiHooks(ctx: RunContext, files: ProbeRunFiles, stopped: () => RunStop | undefined) {
  return {
    onCollected: async (collected: CollectedCases) => {
      const finished = await finishRun(finishInput(ctx, collected, files, stopped(), undefined));
      await ctx.onUiRun?.({ ...resultBase(ctx, 'ui'), collected, casesRan: ranCount(collected), cleanupUnknown: false, finished });
    },
    onRunStart: () => {
      if (files.exchangeLog !== undefined) writeFileSync(files.exchangeLog, '', { mode: 0o600 });
    },
  };
}

/** The embedded reference's one token: ACCESS_TOKEN, or one made here, which this run's redaction step learns first. */
function referenceToken(settings: Settings): Secret {
  const token = settings.credentials.accessToken ?? madeToken();
  runRedactor().add(token);
  return token;
}

async function runSuites(mode: RunMode, ctx: RunContext, run: SuiteRun, files: ProbeRunFiles): Promise<void> {
  const { settings } = ctx;
  const runFiles: RunFiles = {
    ...(files.outcome !== undefined ? { outcome: files.outcome } : {}),
    ...(files.exchangeLog !== undefined ? { exchangeLog: files.exchangeLog } : {}),
    ...(files.validation !== undefined ? { validation: files.validation } : {}),
  };
  if (mode.kind !== 'ui') run.reporters.stop.holdSignals();
  const token = servedByReference(settings.target) ? referenceToken(settings) : undefined;
  // A merge runs no suite: nothing to stand on.
  const environment =
    mode.kind === 'merge'
      ? undefined
      : await startRunEnvironment({
          settings,
          runFiles,
          referenceToken: token,
          broker: ctx.broker,
          startEmbedded: ctx.startEmbedded,
          log: ctx.out.log,
        }).catch((error: unknown) => {
          run.reporters.stop.releaseSignals();
          throw error;
        });
  try {
    await suitesOn(mode, ctx, run, { runFiles, environment, token });
  } finally {
    // An end that failed leaves no outcome: the run then says its cleanup is unknown, and fails.
    await environment?.close().catch((error: unknown) => {
      const why = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      ctx.out.error(`ledger: the end of the run's cleanup failed: ${why}; npm run cleanup deletes what it left`);
    });
  }
}

/** vitest over the suites, standing on `environment`; returns when the run is over (never, in the UI). */
async function suitesOn(
  mode: RunMode,
  ctx: RunContext,
  run: SuiteRun,
  given: { runFiles: RunFiles; environment: RunEnvironment | undefined; token: Secret | undefined },
): Promise<void> {
  const { settings } = ctx;
  const ui = mode.kind === 'ui';
  // Imported here: a command that never runs the suites (a setup error) does not load vitest.
  const { startVitest } = await import('vitest/node');
  const { suitesRunConfig } = await import('../vitest/suites-config.js');
  const config = suitesRunConfig(TOOL_ROOT, ctx.suitesReadBuild === true, ctx.keepSuitesThread === true);
  const vitest = await startVitest(
    'test',
    [...ctx.filters],
    {
      root: TOOL_ROOT,
      // Given inline (lib/vitest/suites-config.ts): no config file to bundle and import at each run.
      config: false,
      project: ['suites'],
      ...mode.vitest(run.reporters, settings.reports.reportDir),
      provide: {
        settings: settingsToWire(settings),
        runFiles: given.runFiles,
        progressChannel: run.progress.channel,
        stopChannel: run.stopChannel.name,
        ...given.environment?.provide,
        ...(ctx.broker !== undefined ? { tokenBroker: { url: ctx.broker.url, key: ctx.broker.key } } : {}),
        // A whole run: the handshake cases may start right after the presence matrix, beside the suites that
        // send (suites/support/handshake-cases.ts). With a file filter or a shard, 06-events may not be in it.
        startWaitsEarly: ctx.filters.length === 0 && mode.kind === 'single',
        ...(given.token !== undefined ? { referenceToken: given.token.reveal() } : {}),
      },
    },
    ui ? { ...config, server: { watch: null } } : config,
    // Released at onInit; here too, for a vitest that failed to start before it.
  ).finally(() => run.reporters.stop.releaseSignals());
  if (ui) {
    const { api, uiBase } = vitest.config;
    ctx.out.log(
      `ui: http://${api.host ?? 'localhost'}:${api.port ?? 51204}${uiBase}: no suite runs until one is started there; Ctrl-C stops`,
    );
    // The UI keeps the process alive until the user stops it (Ctrl-C); its environment ends with vitest.
    const environment = given.environment;
    if (environment !== undefined) vitest.onClose(() => environment.close());
    await new Promise(() => {});
  }
  await vitest.close();
  // A stopped run can leave a case vitest abandoned still at work in its thread: no later run starts there.
  if (ctx.keepSuitesThread === true && run.reporters.stop.stoppedBy !== undefined) await endKeptThreads();
  run.progress.close();
  run.stopChannel.close();
  mode.after(settings.reports.reportDir, run.reporters.stop);
}

async function resultOf(mode: RunMode, ctx: RunContext, run: SuiteRun, files: ProbeRunFiles): Promise<RunResult> {
  const { reportDir } = ctx.settings.reports;
  const collected = run.reporters.collector.collected;
  const casesRan = collected === undefined ? 0 : ranCount(collected);
  const ledger = mode.ledger(files, reportDir);
  // A run in which no case ran (a filter that matches nothing, a start that failed) builds no report, so the last
  // good reports stay as they were. A shard leaves its blob only: the merge builds the report.
  const finished =
    casesRan > 0 && collected !== undefined && mode.reports
      ? await finishRun({
          ...finishInput(ctx, collected, files, run.stopped(), ledger, mode.exchangeLogs(files, reportDir)),
          ...(mode.kind === 'merge' ? { merged: true } : {}),
        })
      : undefined;
  const stoppedBy = run.reporters.stop.stoppedBy ?? mode.stopBefore(reportDir)?.stoppedBy;
  return {
    ...resultBase(ctx, mode.kind),
    ...(mode.shard !== undefined ? { shard: mode.shard } : {}),
    ...(collected !== undefined ? { collected } : {}),
    casesRan,
    ...(ledger !== undefined ? { ledger } : {}),
    // Without an outcome (the teardown failed before it wrote one) nothing says the target was left clean.
    cleanupUnknown: files.outcome !== undefined && ledger === undefined && casesRan > 0,
    ...(stoppedBy !== undefined ? { stoppedBy } : {}),
    ...(finished !== undefined ? { finished } : {}),
  };
}

function resultBase(ctx: RunContext, kind: RunModeKind): Omit<RunResult, 'casesRan' | 'cleanupUnknown'> {
  const { settings, inputs } = ctx;
  return {
    mode: kind,
    filters: ctx.filters,
    ...(inputs.expectations !== undefined ? { expectations: { ...inputs.expectations, today: runDay(ctx) } } : {}),
    ...(inputs.contract !== undefined ? { contractShownAs: inputs.contract.shownAs } : {}),
    reportDir: settings.reports.reportDir,
    ledgerDir: settings.reports.ledgerDir,
    keepCreated: settings.target.keepCreated,
    target: settings.target.baseUrl ?? 'the target',
    ci: {
      githubActions: settings.ci.githubActions,
      ...(settings.ci.stepSummary !== undefined ? { stepSummary: settings.ci.stepSummary } : {}),
    },
    peakMemoryMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

function finishInput(
  ctx: RunContext,
  collected: CollectedCases,
  files: ProbeRunFiles,
  stopped: RunStop | undefined,
  ledger: LedgerOutcome | undefined,
  exchangeLogs = files.exchangeLog === undefined ? undefined : [files.exchangeLog],
): FinishInput {
  const { settings, inputs } = ctx;
  const validation = readValidationSpelling(files.validation);
  return {
    collected,
    operation: settings.target.operation,
    reportDir: settings.reports.reportDir,
    suiteVersion: suiteVersion(),
    repeats: firstAsks(settings.exploration.repeats),
    ...(inputs.baseline !== undefined ? { baseline: inputs.baseline } : {}),
    ...(ctx.broker !== undefined ? { auth: ctx.broker.source.provenance() } : {}),
    ...(inputs.contract !== undefined ? { contract: inputs.contract } : {}),
    ...(inputs.openapi !== undefined ? { openapi: inputs.openapi } : {}),
    ...(exchangeLogs !== undefined ? { exchangeLogs } : {}),
    ...(inputs.expectations !== undefined ? { expectations: { ...inputs.expectations, today: runDay(ctx) } } : {}),
    ...(stopped !== undefined ? { stopped } : {}),
    ...(ledger !== undefined ? { ledger } : {}),
    ...(validation !== undefined ? { validation } : {}),
  };
}

/** The console's lookup: the reason of a case's expectation when it ended as expected (lib/expectations says which). */
function expectedReason(list: readonly Expectation[], day: string): (id: string, verdict: Verdict) => string | undefined {
  const held = heldExpectations(list, day);
  return (id, verdict) => held(id, verdict)?.reason;
}

const ranCount = (c: CollectedCases): number => c.cases.length + c.skipped.length + c.notRun.length + c.harnessErrors.length;

/** The day the run started (YYYY-MM-DD, UTC): every part of the run reads the expectations' `until` against it. */
const runDay = (ctx: RunContext): string => new Date(ctx.startedAt).toISOString().slice(0, 10);

let version: string | undefined;
/** The tool's version, named in every report. */
export function suiteVersion(): string {
  version ??= (JSON.parse(readFileSync(join(TOOL_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}
