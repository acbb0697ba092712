/**
 * Runs the probe for the end-to-end self-tests: in process through the run API (lib/run/run-probe.ts) by default,
 * as the command does after reading its line and settings; or as a child process (`runProbeChild`), for what only a
 * child shows: signals, the process's exit code and memory, the command's own errors.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunPlan } from '../lib/plan/plan.js';
import { exitLine, runProbe as runProbeApi } from '../lib/run/run-probe.js';
import { readCommandLine, readSettings } from '../bin/support/cli.js';
import { PROBE_OPTIONS } from '../bin/support/probe-options.js';
import { startEmbedded } from '../bin/support/embedded-reference.js';
import { FAST_PROBE_SETTINGS } from './support/fast-settings.js';
import { COMPILED, runTool, type ToolRun } from './run-tool.js';

export interface ProbeRun extends ToolRun {
  reportDir: string;
  /** In process, `--dry-run`: the plan it printed. */
  plan?: RunPlan;
}

/** The report folder (REPORT_DIR, unless given), which is also the working folder, and the settings over the fast pace. */
function prepare(env: Record<string, string>): { reportDir: string; settings: Record<string, string> } {
  const reportDir = env.REPORT_DIR ?? mkdtempSync(join(tmpdir(), 'probe-reports-'));
  return { reportDir, settings: { ...FAST_PROBE_SETTINGS, REPORT_DIR: reportDir, ...env } };
}

/**
 * The probe run in this process, as `npx subscription-conformance probe ...args` would run it with `env` as its
 * environment: the same command line, the same settings read once, the run's lines as stdout and stderr, and the
 * code it would exit with. The fast test pace (test/support/fast-settings.ts) goes under `env`; `timeoutMs` stops the run
 * as Ctrl-C would.
 */
/**
 * The self-tests run the probe many times in each process, as a campaign does: each run's suites start in the thread
 * the last run ended (lib/vitest/kept-threads.ts), unless `keepSuitesThread` is false (a thread of its own, as a
 * single run of the command has) or KEEP_SUITES_THREAD=0 says so for all (to compare the two).
 */
const KEEP_THREAD = process.env.KEEP_SUITES_THREAD !== '0';

export async function runProbe(
  env: Record<string, string>,
  args: string[] = [],
  timeoutMs = 300_000,
  { keepSuitesThread = KEEP_THREAD }: { keepSuitesThread?: boolean } = {},
): Promise<ProbeRun> {
  const { reportDir, settings: given } = prepare(env);
  const stdout: string[] = [];
  const stderr: string[] = [];
  const done = (code: number): ProbeRun => ({
    code,
    stdout: stdout.map((l) => `${l}\n`).join(''),
    stderr: stderr.map((l) => `${l}\n`).join(''),
    reportDir,
  });
  const read = readCommandLine('probe', PROBE_OPTIONS, args);
  if (read.kind !== 'run') {
    stderr.push(`probe: ${read.kind === 'error' ? read.message : 'asked for help'}`);
    return done(2);
  }
  const settings = await readSettings('probe', read.line, { env: given, cwd: reportDir });
  if ('problems' in settings) {
    stderr.push(...settings.problems.map((p) => `config error: ${p}`));
    return done(2);
  }
  const { values, positionals } = read.line.args;
  const outcome = await runProbeApi(settings.settings, {
    filters: positionals,
    ...(values.shard !== undefined ? { shard: values.shard } : {}),
    mergeReports: values['merge-reports'],
    ...(values.contract !== undefined ? { contract: values.contract } : {}),
    dryRun: values['dry-run'],
    out: { log: (line) => stdout.push(line), error: (line) => stderr.push(line) },
    cwd: reportDir,
    // A hung run is stopped as Ctrl-C stops one: its cases finish, the reports say why.
    stop: AbortSignal.timeout(timeoutMs),
    startEmbedded,
    suitesReadBuild: COMPILED,
    keepSuitesThread,
  });
  if (outcome.setupProblem !== undefined) stderr.push(...outcome.setupProblem.split('\n').map((p) => `probe: ${p}`));
  else stdout.push(exitLine(outcome));
  return { ...done(outcome.code), ...(outcome.plan !== undefined ? { plan: outcome.plan } : {}) };
}

/**
 * The probe as a child process (`bin/probe.ts`, compiled when fresh), as a user runs it. The child's time limit is a
 * backstop for a hung run (the test's own timeout is the same): a full probe took 62 s alone and over 120 s beside
 * two others on the shared 2-core machine at load 30.
 */
export async function runProbeChild(env: Record<string, string>, args: string[] = [], timeoutMs = 300_000): Promise<ProbeRun> {
  const { reportDir, settings } = prepare(env);
  const run = await runTool('probe', { cwd: reportDir, env: settings, args, timeoutMs });
  return { ...run, reportDir };
}
