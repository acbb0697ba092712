/**
 * A probe run as one function: it takes the settings value (read once by the command) and returns the run's
 * outcome, as vitest's startVitest sits under its CLI. Its steps, each a function of its own: check what must hold
 * before anything is sent (baseline, contract, expectations, token, the target's first answers) and pick the run's
 * mode; run the suites in that mode, which returns the run as data (lib/run/execute-run.ts); write the outputs and
 * conclude from the run and what their checks found (lib/run/run-outputs.ts, lib/run/conclude-run.ts); print
 * (lib/run/run-and-tell.ts). It prints through `out` and never ends the process: the command does (bin/probe.ts).
 *
 * This module loads only what the steps up to the setup check need: the run's later steps (vitest's runner, the
 * reports, the plan) are imported after it, so the first request goes out before they are read.
 */
import { RunStartError } from '../errors.js';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startTokenBroker } from '../auth/broker.js';
import { describeProvenance } from '../auth/from-config.js';
import { describeSettingsAtStart } from '../config/describe.js';
import { engineLimits } from '../config/engine-limits.js';
import type { Settings } from '../config/types.js';
import { undoPlan, withPlannedUndo } from '../create/undo-plan.js';
import type { Exchange } from '../http/types.js';
import { TOOL_ROOT } from '../operation/shipped.js';
import { guardConsole } from '../redaction/console-guard.js';
import { runRedactor } from '../redaction/run-redactor.js';
import type { RunContext } from './execute-run.js';
import { EXIT, exitLine } from './exit-decision.js';
import type { Out, ProbeRunOptions, ProbeRunOutcome } from './probe-options.js';
import { openRunToken, readRunInputs } from './run-inputs.js';
import { mergeMode, shardMode, singleMode, uiMode, type RunMode } from './run-mode.js';
import { checkSetup } from './setup-check.js';
import { relocateBlobs, shardBlobProblem } from './shard-blobs.js';

export type { ProbeRunOptions, ProbeRunOutcome };

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
  const [{ githubAnnotations }, { writeSetupOutputs }] = await Promise.all([import('./github-output.js'), import('./run-outputs.js')]);
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
  if (options.dryRun === true) return (await import('./dry-run.js')).dryRun(settings, options, inputs, startedAt);
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
      const [{ writeStartOutputs }, { runAndTell }] = await Promise.all([import('./run-outputs.js'), import('./run-and-tell.js')]);
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

export { exitLine };
