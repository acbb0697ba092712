/**
 * A campaign: every operation of an OpenAPI document with a JSON body, one after another, each through the
 * single-operation run (runProbe) with its own OperationSpec, its own report folder REPORT_DIR/operations/<id>/, its
 * share of MAX_REQUESTS (what a run leaves goes to those after it) and its own earlier baseline; then one index and
 * one junit.xml over them (lib/run/campaign-index.ts). An operation whose first answers show the target does not serve
 * it, or refuses the token for it, is stopped there (lib/run/campaign-stop.ts). An operation the tool cannot
 * build is skipped with its reason. The campaign's code is the worst of its runs'; it prints through `out` and never
 * ends the process, as runProbe.
 */
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Settings } from '../config/types.js';
import { OpenApiError } from '../errors.js';
import { renderCampaignJunit, type CampaignJunitRun } from '../report/render-campaign-junit.js';
import { documentLabel, readOpenApi, type OpenApiDocument } from '../operation/openapi/index.js';
import { earlierBaselines, keepOperationBaseline } from './campaign-baselines.js';
import { givenBack, splitBudget } from './campaign-budget.js';
import { reportFacts, writeCampaignIndex, type CampaignIndex, type IndexEntry } from './campaign-index.js';
import { planOperations, unmatchedPatterns, type PlannedOperation } from './campaign-operations.js';
import { basePathStop, earlyStop } from './campaign-stop.js';
import { EXIT, type ExitCode } from './exit-decision.js';
import { runProbe, type ProbeRunOptions } from './run-probe.js';

type Out = NonNullable<ProbeRunOptions['out']>;
type Runnable = Extract<PlannedOperation, { kind: 'run' }>;

export interface CampaignOutcome {
  code: ExitCode;
  /** The campaign's last line: its code, and the operations that failed. */
  line: string;
  /** Absent when the campaign stopped before any run (an unreadable document, no operation to run) or was a dry run. */
  index?: CampaignIndex;
  written: string[];
}

const consoleOut: Out = { log: (line) => console.log(line), error: (line) => console.error(line) };

/** Is this a campaign: a document given without the one operation to probe. */
export function isCampaign(settings: Settings): boolean {
  return settings.target.openapi !== undefined && settings.target.operationId === undefined;
}

const setupStop = (problem: string): CampaignOutcome => ({ code: EXIT.setup, line: `campaign: exit 2: ${problem}`, written: [] });

export async function runCampaign(settings: Settings, options: ProbeRunOptions = {}): Promise<CampaignOutcome> {
  const out = options.out ?? consoleOut;
  // Each of those splits or serves one run; over many operations they have no meaning yet.
  const mode =
    options.shard !== undefined ? '--shard' : options.mergeReports === true ? '--merge-reports' : options.ui === true ? '--ui' : undefined;
  if (mode !== undefined) return setupStop(`${mode} probes one operation: give OPERATION_ID with OPENAPI`);
  const path = settings.target.openapi ?? '';
  let doc: OpenApiDocument;
  try {
    doc = await readOpenApi(path, documentLabel(path, options.cwd));
  } catch (error) {
    if (!(error instanceof OpenApiError)) throw error;
    return setupStop(error.problems.join('; '));
  }
  const patterns = settings.target.operations;
  const unmatched = patterns === undefined ? [] : unmatchedPatterns(doc, patterns);
  if (unmatched.length > 0) return setupStop(`OPERATIONS: ${unmatched.join(', ')} picks no POST, PUT or PATCH of ${doc.label}`);
  const planned = planOperations(doc, patterns, settings.target.pathValues);
  const runs = planned.filter((p): p is Runnable => p.kind === 'run');
  const split = splitBudget(
    settings.pacing.maxRequests,
    runs.map((r) => r.fields),
  );
  const shares = new Map(runs.map((r, i) => [r.id, split[i] ?? 0]));
  for (const p of planned) if (p.kind === 'skip') out.log(`campaign: skip ${p.id} (${p.method} ${p.path}): ${p.reason}`);
  if (runs.length === 0) return setupStop(`no operation of ${doc.label} can be run (${planned.length} with a body, each skipped above)`);
  const baselines = await earlierBaselines(settings.reports.baseline);
  if (typeof baselines === 'string') return setupStop(baselines);
  const withBaselines = { ...options, baselines };
  if (options.dryRun === true) return dryRunCampaign(settings, withBaselines, runs, shares, out);
  mkdirSync(settings.reports.reportDir, { recursive: true });
  const entries: IndexEntry[] = [];
  const junit: CampaignJunitRun[] = [];
  const budget = givenBack(settings.pacing.maxRequests, runs, shares);
  for (const [i, p] of planned.entries()) {
    const { junitRun, ...entry } = await runOne(settings, withBaselines, p, budget.share(p.id), `${i + 1}/${planned.length}`);
    if (junitRun !== undefined) junit.push(junitRun);
    entries.push({ ...entry, ...(p.kind === 'run' ? { firstShare: shares.get(p.id) ?? 0 } : {}) });
    if (entry.status === 'run' || entry.status === 'stopped') budget.spent(p.id, entry.requests ?? entry.share ?? 0);
  }
  return concludeCampaign(settings, doc.label, entries, junit, out);
}

/** The campaign's options, with each operation's earlier baseline file by its OperationSpec's id. */
type CampaignOptions = ProbeRunOptions & { baselines: ReadonlyMap<string, string> };

/** The settings of one operation's run: its operation, its report folder, its share, its own baseline; nothing picked for another. */
function operationSettings(settings: Settings, options: CampaignOptions, p: Runnable, share: number): Settings {
  return {
    ...settings,
    target: { ...settings.target, operation: p.operation, operationId: p.id, operations: undefined, acceptedFields: undefined },
    pacing: { ...settings.pacing, maxRequests: share },
    reports: {
      ...settings.reports,
      reportDir: join(settings.reports.reportDir, p.folder),
      baseline: options.baselines.get(p.operation.id),
    },
  };
}

/** One operation: skipped, left unrun by a stop, or run through runProbe and read back from its report. */
async function runOne(
  settings: Settings,
  options: CampaignOptions,
  p: PlannedOperation,
  share: number | undefined,
  at: string,
): Promise<IndexEntry & { junitRun?: CampaignJunitRun }> {
  const base = { id: p.id, method: p.method, path: p.path, folder: p.folder };
  if (p.kind === 'skip') return { ...base, status: 'skipped', reason: p.reason };
  if (options.stop?.aborted === true)
    return { ...base, status: 'not run', share: share ?? 0, reason: `stopped by ${String(options.stop.reason ?? 'a stop')}` };
  const out = options.out ?? consoleOut;
  out.log(
    `campaign: [${at}] ${p.id} (${p.method} ${p.path}): ${p.fields} field(s), at most ${share ?? 0} requests, reports in ${p.folder}/`,
  );
  if (settings.reports.baseline !== undefined && !options.baselines.has(p.operation.id))
    out.log(`campaign: ${p.id}: BASELINE holds no baseline of this operation: not compared`);
  const outcome = await runProbe(operationSettings(settings, options, p, share ?? 0), options);
  const stopped = earlyStop(outcome, p);
  if (stopped !== undefined) {
    out.log(`campaign: ${p.id}: exit ${stopped.code}: stopped after ${stopped.requests} requests: ${stopped.reason}`);
    const junitRun = { ...base, code: stopped.code, reason: stopped.reason, runFailures: [] };
    return { ...base, status: 'stopped', share: share ?? 0, ...stopped, junitRun };
  }
  if (outcome.setupProblem !== undefined) for (const line of outcome.setupProblem.split('\n')) out.error(`probe: ${p.id}: ${line}`);
  out.log(`campaign: ${p.id}: exit ${outcome.code}: ${outcome.reason}`);
  const kept = await keepOperationBaseline(outcome.report, settings.reports.reportDir, p.folder, settings.reports.targetName);
  const junitRun: CampaignJunitRun = {
    ...base,
    code: outcome.code,
    reason: outcome.reason,
    runFailures: outcome.runFailures ?? [],
    ...(outcome.report !== undefined ? { report: outcome.report } : {}),
  };
  return {
    ...base,
    status: 'run',
    share: share ?? 0,
    code: outcome.code,
    reason: outcome.reason,
    ...reportFacts(outcome.report),
    ...kept,
    junitRun,
  };
}

/** The index written, and the last line: the worst code, and the operations that failed. */
async function concludeCampaign(
  settings: Settings,
  label: string,
  entries: IndexEntry[],
  junit: readonly CampaignJunitRun[],
  out: Out,
): Promise<CampaignOutcome> {
  const ran = entries.filter((e) => e.status === 'run' || e.status === 'stopped');
  const basePath = basePathStop(entries);
  const worst = ran.reduce<ExitCode>((w, e) => (e.code !== undefined && e.code > w ? e.code : w), EXIT.ok);
  const code = basePath === undefined ? worst : EXIT.setup;
  const index: CampaignIndex = { document: label, budget: settings.pacing.maxRequests, code, operations: entries };
  const junitFile = join(settings.reports.reportDir, 'junit.xml');
  await writeFile(junitFile, renderCampaignJunit(label, junit));
  const written = [...(await writeCampaignIndex(settings.reports.reportDir, index)), junitFile];
  out.log(`campaign index: ${written.join(', ')}`);
  const failed = ran.filter((e) => e.code !== EXIT.ok).map((e) => `${e.id} (exit ${e.code})`);
  const others = entries.length - ran.length;
  const tail = `${ran.length} run${others > 0 ? `, ${others} skipped or not run` : ''}`;
  const line =
    basePath !== undefined
      ? `campaign: exit ${code}: ${basePath} (${tail})`
      : failed.length === 0
        ? `campaign: exit ${code}: every operation run holds (${tail})`
        : `campaign: exit ${code}: ${failed.length} of ${ran.length} operation(s) failed: ${failed.join(', ')} (${tail})`;
  return { code, line, index, written };
}

/** `--dry-run`: each operation with its share and the plan's bound at that share; each skip was said already. */
async function dryRunCampaign(
  settings: Settings,
  options: CampaignOptions,
  runs: readonly Runnable[],
  shares: ReadonlyMap<string, number>,
  out: Out,
): Promise<CampaignOutcome> {
  const silent: Out = { log: () => undefined, error: () => undefined };
  for (const p of runs) {
    const share = shares.get(p.id) ?? 0;
    const planned = await runProbe(operationSettings(settings, options, p, share), { ...options, out: silent, dryRun: true });
    const plan = planned.plan;
    const over = plan !== undefined && plan.requests > share ? ', more than its share: the cases past it are not sent' : '';
    const bound = plan === undefined ? '' : `; the plan sends at most ${plan.requests} (${plan.worstCase} with every retry)${over}`;
    out.log(
      `campaign: run ${p.id} (${p.method} ${p.path}): ${p.fields} field(s), share ${share} of MAX_REQUESTS ${settings.pacing.maxRequests}${bound}`,
    );
  }
  return { code: EXIT.ok, line: `campaign: dry run: ${runs.length} operation(s) would run; nothing was sent`, written: [] };
}
