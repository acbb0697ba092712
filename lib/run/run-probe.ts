/**
 * A probe run as one function: it takes the settings value (read once by the command) and returns the run's
 * outcome, as vitest's startVitest sits under its CLI. Its steps, each a function of its own: check what must hold
 * before anything is sent (baseline, contract, expectations, token, the target's first answers) and pick the run's
 * mode; run the suites in that mode, which returns the run as data (lib/run/execute-run.ts); write the outputs and
 * conclude from the run and what their checks found (lib/run/run-outputs.ts, lib/run/conclude-run.ts); print.
 * It prints through `out` and never ends the process: the command does (bin/probe.ts).
 */
import type { StartEmbedded } from './run-environment.js';
import { RunStartError } from '../errors.js';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startTokenBroker } from '../auth/broker.js';
import { describeProvenance } from '../auth/from-config.js';
import { describeSettingsAtStart } from '../config/describe.js';
import { engineLimits } from '../config/engine-limits.js';
import type { Settings } from '../config/types.js';
import { undoPlan, withPlannedUndo } from '../create/undo-plan.js';
import { expiredLine, isExpired, utcDay } from '../expectations/apply-expectations.js';
import type { Exchange } from '../http/types.js';
import { systemLiveness } from '../ledger/liveness.js';
import { targetRunFiles } from '../ledger/select.js';
import { TOOL_ROOT } from '../operation/shipped.js';
import { formatPlan } from '../plan/format-plan.js';
import { planRun, type RunPlan } from '../plan/plan.js';
import { guardConsole } from '../redaction/console-guard.js';
import { runRedactor } from '../redaction/run-redactor.js';
import { BEHAVIOUR_REPORT_FILES } from '../report/report-outputs.js';
import type { JunitRunFailure } from '../report/render-junit.js';
import type { BehaviourReport } from '../report/types.js';
import type { RunCounts } from '../vitest/summary-line-reporter.js';
import type { Conclusion } from './conclude-run.js';
import { executeRun, type RunContext, type RunResult } from './execute-run.js';
import { EXIT, exitLine, type ExitCode } from './exit-decision.js';
import { githubAnnotations } from './github-output.js';
import { openRunToken, readRunInputs, type RunInputs } from './run-inputs.js';
import { mergeMode, shardMode, singleMode, uiMode, type RunMode } from './run-mode.js';
import { writeRunOutputs, writeSetupOutputs, writeStartOutputs, type RunOutputs } from './run-outputs.js';
import { checkSetup, type SetupStopKind } from './setup-check.js';
import { relocateBlobs, shardBlobProblem } from './shard-blobs.js';

type Out = { log: (line: string) => void; error: (line: string) => void };

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
  out?: Out;
  /** A terminal for the progress status line, rewritten in place; without one, progress is a line of the log. */
  terminal?: NodeJS.WriteStream;
  /** The folder the user works in: paths in the run's lines are shown relative to it. Default: the process's. */
  cwd?: string;
  /** Aborted, it stops the run as the first Ctrl-C does (its reason names what stopped it: "Ctrl-C", "SIGTERM"). */
  stop?: AbortSignal;
  /** Prints the plan (suites, cases, the most requests each sends, the time at the run's pace) and sends nothing. */
  dryRun?: boolean;
  /** How to start the embedded reference service when BASE_URL is unset (the command's: lib does not import it). */
  startEmbedded?: StartEmbedded;
}

export interface ProbeRunOutcome {
  code: ExitCode;
  /** Why the run ends with this code, in one line. */
  reason: string;
  /** A setup problem found before anything was sent (code 2): the line to print instead of the exit line. */
  setupProblem?: string;
  /** A stop by the setup check: what kind, the statuses that told, and the requests it sent. */
  setupStop?: { kind: SetupStopKind; statuses: (number | null)[]; requests: number };
  counts?: RunCounts;
  report?: BehaviourReport;
  /** Each reason the run fails that no case carries, as its junit.xml has them. */
  runFailures?: JunitRunFailure[];
  /** Every report file written. */
  written: string[];
  /** `dryRun`: the plan printed, as data. */
  plan?: RunPlan;
}

const consoleOut: Out = { log: (line) => console.log(line), error: (line) => console.error(line) };

export async function runProbe(settings: Settings, options: ProbeRunOptions = {}): Promise<ProbeRunOutcome> {
  // Every line the run prints passes the run's redaction step, which learns each secret as the run meets it.
  const given = options.out;
  const out: Out =
    given === undefined
      ? consoleOut
      : { log: (line) => given.log(runRedactor().redact(line)), error: (line) => given.error(runRedactor().redact(line)) };
  runRedactor().add(settings.credentials.accessToken);
  // On the console, what vitest and the suites print themselves goes through the same step (lib/redaction).
  const unguard = given === undefined ? guardConsole(runRedactor()) : () => undefined;
  try {
    const outcome = await prepareAndRun(settings, { ...options, out });
    // A run that stopped before any case (a merge missing a shard, an unreachable target) still tells the CI job why.
    if (outcome.setupProblem !== undefined) await tellSetupProblem(settings, outcome.setupProblem, out);
    return outcome;
  } finally {
    unguard();
  }
}

/** A setup problem, as CI shows it: an `::error` annotation and the job summary, with no report. */
async function tellSetupProblem(settings: Settings, problem: string, out: Out): Promise<void> {
  const decision = { code: EXIT.setup, reason: problem, runFailures: [{ id: 'run/setup', message: problem }] };
  if (settings.ci.githubActions) {
    const restIn = settings.ci.stepSummary !== undefined ? 'job summary' : 'behaviour-report.html';
    for (const line of githubAnnotations(undefined, decision, { restIn })) out.log(line);
  }
  await writeSetupOutputs(settings, decision);
}

const setupError = (problem: string, stop?: ProbeRunOutcome['setupStop']): ProbeRunOutcome => ({
  code: EXIT.setup,
  reason: problem,
  setupProblem: problem,
  ...(stop !== undefined ? { setupStop: stop } : {}),
  written: [],
});

/** The checks before anything is sent, the mode, the token; then the run, its outputs and its lines. */
async function prepareAndRun(settings: Settings, options: ProbeRunOptions & { out: Out }): Promise<ProbeRunOutcome> {
  const { out, shard } = options;
  if (shard !== undefined && !/^\d+\/\d+$/.test(shard)) return setupError(`--shard: expected i/n such as 1/2, got "${shard}"`);
  const startedAt = Date.now();
  const inputs = await readRunInputs(settings, options.contract, options.cwd);
  if (typeof inputs === 'string') return setupError(inputs);
  if (options.dryRun === true) return dryRun(settings, options, inputs, startedAt);
  const mode = runMode(settings, options);
  if (typeof mode === 'string') return setupError(mode);
  try {
    // The token is got first: a bad credential stops the run before any request, the reachability check's
    // included. A merge of shard reports sends nothing, so it needs none.
    const token = mode.mode.kind === 'merge' ? undefined : await openRunToken(settings, out.log);
    if (typeof token === 'string') return setupError(token);
    const broker = token === undefined ? undefined : await startTokenBroker(token);
    try {
      const setup = await setupCheck(settings, mode.mode, token, out);
      if ('line' in setup) return setupError(setup.line, setup.stop);
      for (const line of describeSettingsAtStart(settings)) out.log(line);
      await writeStartOutputs(settings);
      const ctx: RunContext = { settings, inputs, broker, out, filters: options.filters ?? [], setupExchanges: setup, startedAt };
      // What the suites stand on that could not be started is a setup problem, said in one line.
      const outcome = await runAndTell(mode.mode, ctx, options).catch((error: unknown) => {
        if (error instanceof RunStartError) return setupError(error.message);
        throw error;
      });
      if (token !== undefined) out.log(describeProvenance(token.provenance()));
      return outcome;
    } finally {
      await broker?.close();
    }
  } finally {
    mode.remove();
  }
}

/** The mode the options ask for; for a merge, its shards' blobs made ready (a merge of part of a run is a setup error). */
function runMode(settings: Settings, options: ProbeRunOptions): { mode: RunMode; remove: () => void } | string {
  const none = (): void => undefined;
  if (options.ui === true) return { mode: uiMode(), remove: none };
  if (options.shard !== undefined) return { mode: shardMode(options.shard), remove: none };
  if (options.mergeReports !== true) return { mode: singleMode(), remove: none };
  const blobDir = join(settings.reports.reportDir, 'blob');
  const problem = shardBlobProblem(existsSync(blobDir) ? readdirSync(blobDir) : [], blobDir);
  if (problem !== undefined) return problem;
  const relocated = relocateBlobs(blobDir, TOOL_ROOT, (suite) => existsSync(join(TOOL_ROOT, suite)));
  if ('problem' in relocated) return relocated.problem;
  return { mode: mergeMode(relocated.dir), remove: relocated.remove };
}

/**
 * A target that cannot be reached, or whose first two answers show the setup is wrong, stops the run here, in
 * seconds, before any suite (and before the ledger's sweep of earlier runs), with one line. Its exchanges, else.
 */
async function setupCheck(
  settings: Settings,
  mode: RunMode,
  token: Awaited<ReturnType<typeof openRunToken>>,
  out: Out,
): Promise<readonly Exchange[] | { line: string; stop: NonNullable<ProbeRunOutcome['setupStop']> }> {
  const { baseUrl } = settings.target;
  if (baseUrl === undefined || mode.kind === 'merge') return [];
  const setup = await checkSetup({
    limits: engineLimits(settings),
    baseUrl,
    token: typeof token === 'object' ? token : settings.credentials.accessToken,
    // The run's own way to delete (lib/create/undo-plan.ts): DELETE_PATH undoes what the empty body may create.
    operation: withPlannedUndo(settings.target.operation, undoPlan(settings.target)),
  });
  if (setup.stop !== undefined) {
    const statuses = setup.exchanges.map((e) => e.status);
    return { line: setup.stop, stop: { kind: setup.stopKind ?? 'unreachable', statuses, requests: setup.exchanges.length } };
  }
  for (const note of setup.notes) out.error(`probe: ${note}`);
  return setup.exchanges;
}

/** The run, its outputs and its lines; the UI tells each of its runs as it ends, and never returns. */
async function runAndTell(mode: RunMode, ctx: RunContext, options: ProbeRunOptions & { out: Out }): Promise<ProbeRunOutcome> {
  const cwd = options.cwd ?? process.cwd();
  const tell = async (result: RunResult): Promise<ProbeRunOutcome> => {
    const outputs = await writeRunOutputs(result, ctx.settings, { cwd, startedAt: ctx.startedAt });
    printRun(result, outputs, ctx.out);
    return outcomeOf(result, outputs);
  };
  const result = await executeRun(mode, {
    ...ctx,
    ...(options.terminal !== undefined ? { terminal: options.terminal } : {}),
    ...(options.stop !== undefined ? { stop: options.stop } : {}),
    ...(options.startEmbedded !== undefined ? { startEmbedded: options.startEmbedded } : {}),
    onUiRun: async (run) => void (await tell(run)),
  });
  return tell(result);
}

/** The run's lines, in the order a reader wants them: what it found, where it is written, why it ends as it does. */
function printRun(result: RunResult, outputs: RunOutputs, out: Out): void {
  const { lines } = outputs.conclusion;
  for (const line of lines.findings) out.log(line);
  const reports = outputs.written.filter((path) => path.startsWith(result.reportDir));
  if (result.finished !== undefined) out.log(`reports: ${reports.join(', ')}`);
  for (const line of lines.remarks) out.log(line);
  for (const line of outputs.checkLines) out.error(line);
  for (const line of lines.annotations) out.log(line);
  const html = reports.find((path) => path.endsWith(BEHAVIOUR_REPORT_FILES.html));
  if (html !== undefined) out.log(`open: ${pathToFileURL(html).href}`);
  if (lines.counts !== undefined) out.log(lines.counts);
}

function outcomeOf(result: RunResult, outputs: RunOutputs): ProbeRunOutcome {
  const { decision, counts }: Conclusion = outputs.conclusion;
  const report = result.finished?.report;
  return {
    code: decision.code,
    reason: decision.reason,
    runFailures: decision.runFailures,
    ...(counts !== undefined ? { counts } : {}),
    ...(report !== undefined ? { report } : {}),
    written: outputs.written,
  };
}

/** `--dry-run`: the plan, read from the settings and the ledger on disk; nothing is sent, no token is asked for. */
function dryRun(settings: Settings, options: ProbeRunOptions & { out: Out }, inputs: RunInputs, startedAt: number): ProbeRunOutcome {
  const { out } = options;
  // A dry run has no end to say it at: an expectation past its `until` will fail the run.
  for (const e of inputs.expectations?.list ?? []) if (isExpired(e, utcDay(new Date(startedAt)))) out.error(`probe: ${expiredLine(e)}`);
  if (options.mergeReports === true) {
    out.log('dry run: a merge of shard reports sends nothing; it reads REPORT_DIR/blob and writes the reports');
    return { code: EXIT.ok, reason: 'dry run: nothing was sent', written: [] };
  }
  const { baseUrl } = settings.target;
  const leftovers =
    baseUrl === undefined
      ? 0
      : targetRunFiles(settings.reports.ledgerDir, baseUrl, systemLiveness(), undoPlan(settings.target).cleanup?.deletePath)
          .filter((f) => !f.active)
          .reduce((n, f) => n + f.entries.length, 0);
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

export { exitLine };
