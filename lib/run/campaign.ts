/**
 * A campaign: every operation of an OpenAPI document with a JSON body, one after another, each through the
 * single-operation run (runProbe) with its own OperationSpec, its own report folder REPORT_DIR/operations/<id>/, its
 * share of MAX_REQUESTS (what a run leaves goes to those after it) and its own earlier baseline; then one index and
 * one junit.xml over them (lib/run/campaign-index.ts). Producers run before their consumers, whose path parameters
 * are filled from one instance each producer makes for them and deletes at the end (lib/run/campaign-producers.ts).
 * An operation whose first answers show the target does not serve it, or refuses the token for it, is stopped there
 * (lib/run/campaign-stop.ts). An operation the tool cannot build is skipped with its reason. The campaign's code is
 * the worst of its runs'; it prints through `out` and never ends the process, as runProbe.
 */
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { servedByReference, type Settings } from '../config/types.js';
import { OpenApiError } from '../errors.js';
import { documentLabel, operationFromDocument, readOpenApi, type OpenApiDocument } from '../operation/openapi/index.js';
import type { OperationSpec } from '../operation/types.js';
import { renderCampaignJunit, type CampaignJunitRun } from '../report/render-campaign-junit.js';
import type { BehaviourReport } from '../report/types.js';
import { earlierBaselines, keepOperationBaseline } from './campaign-baselines.js';
import { givenBack } from './campaign-budget.js';
import { writeCampaignOutputs } from './campaign-outputs.js';
import { indexMarkdown, reportFacts, writeCampaignIndex, type CampaignIndex, type IndexEntry } from './campaign-index.js';
import { campaignCi, campaignSetupSummary, quietCi } from './campaign-ci.js';
import type { InstanceLeft } from './campaign-instances.js';
import { mergeCampaign } from './campaign-merge.js';
import { planOperations, unmatchedPatterns, withoutMissingProducers, type PlannedOperation } from './campaign-operations.js';
import { planCampaign, type CampaignPlan, type Sized } from './campaign-plan.js';
import { ProducerInstances } from './campaign-producers.js';
import { parseShard, shardSettings, writeShardManifest, type ShardSpec } from './campaign-shards.js';
import { basePathStop, earlyStop } from './campaign-stop.js';
import { EXIT, type ExitCode } from './exit-decision.js';
import { shortId } from './instance-id.js';
import { runProbe, type ProbeRunOptions } from './run-probe.js';
import { unknownExpectationOperations } from './campaign-expectations.js';
import { readContractScope, type ContractScope } from './campaign-contract.js';
import { shortPath } from '../short-path.js';
import { endKeptThreads } from '../vitest/kept-threads.js';

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

const setupStop = (problem: string): CampaignOutcome => ({ code: EXIT.setup, line: `campaign: exit 2: ${problem}`, written: [] });

export async function runCampaign(settings: Settings, options: ProbeRunOptions = {}): Promise<CampaignOutcome> {
  const outcome = await campaignOrStop(settings, options);
  // Stopped at its setup (no index, not a dry run): the job summary says so, as a one-operation run's setup stop does.
  if (outcome.code !== EXIT.setup || outcome.index !== undefined || options.dryRun === true) return outcome;
  return { ...outcome, written: [...outcome.written, ...(await campaignSetupSummary(settings.ci, outcome.line))] };
}

async function campaignOrStop(settings: Settings, options: ProbeRunOptions): Promise<CampaignOutcome> {
  const out = options.out ?? consoleOut;
  if (options.mergeReports === true) return mergeCampaign(settings.reports.reportDir, out, settings.target.openapi, settings.ci);
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  if (typeof shard === 'string') return setupStop(shard);
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
  const expectations = settings.reports.expectations;
  const unknownOperations = await unknownExpectationOperations(expectations, shortPath(expectations ?? '', options.cwd), doc);
  if (unknownOperations !== undefined) return setupStop(unknownOperations);
  const all = withoutMissingProducers(planOperations(doc, patterns, settings.target.pathValues));
  // The UI serves one operation's run: which ones it can be given, and what a consumer's path needs.
  if (options.ui === true) return setupStop(uiNeedsOneOperation(doc.label, all, servedByReference(settings.target)));
  const plan = planCampaign(all, settings.pacing.maxRequests, shard);
  for (const p of plan.planned) if (p.kind === 'skip') out.log(`campaign: skip ${p.id} (${p.method} ${p.path}): ${p.reason}`);
  if (!plan.anyRun) return setupStop(`no operation of ${doc.label} can be run (${all.length} with a body, each skipped above)`);
  const part = { ...plan, operations: plan.planned.map((p) => p.id), of: all.length };
  const own = shard === undefined ? settings : shardSettings(settings, shard, part, (line) => out.log(line));
  const baselines = await earlierBaselines(settings.reports.baseline);
  if (typeof baselines === 'string') return setupStop(baselines);
  const contractScope = await readContractScope(options.contract, options.cwd);
  if (typeof contractScope === 'string') return setupStop(contractScope);
  // Each operation's run is a whole one-operation run: the campaign's split is not the suites'.
  const runOptions: ProbeRunOptions = { ...options };
  delete runOptions.shard;
  const withBaselines: CampaignOptions = { ...runOptions, baselines, ...(contractScope !== undefined ? { contractScope } : {}) };
  if (options.dryRun === true) return dryRunCampaign(own, withBaselines, plan, out);
  mkdirSync(settings.reports.reportDir, { recursive: true });
  const outcome = await runPlan({ settings: own, options: withBaselines, doc, plan, out });
  if (shard === undefined) return outcome;
  const manifest = { ...shardFacts(settings, own, shard, plan), document: doc.label, operations: part.operations, code: outcome.code };
  return { ...outcome, written: [...outcome.written, await writeShardManifest(settings.reports.reportDir, manifest)] };
}

/**
 * The UI's stop over a document: the operations it can show one at a time, each consumer with the values its path
 * needs. The embedded reference starts empty with each run, so no value a user has names anything on it: there a
 * consumer runs only in a campaign, whose producers make its instance.
 */
function uiNeedsOneOperation(label: string, all: readonly PlannedOperation[], embedded: boolean): string {
  const consumers = all.filter((p) => p.kind === 'consume');
  const choices = all.flatMap((p) => {
    if (p.kind === 'run') return [p.id];
    if (p.kind !== 'consume' || embedded) return [];
    return [`${p.id} with PATH_VALUES=${p.needs.map((n) => `${n.param}=... (${n.producer} makes one)`).join(',')}`];
  });
  const which = choices.length === 0 ? `no operation of ${label} can run alone` : `one of ${choices.join('; ')}`;
  const aside =
    embedded && consumers.length > 0
      ? ` (${consumers.map((p) => p.id).join(', ')} only in a campaign: their path needs an instance a producer makes there)`
      : '';
  return `--ui shows one operation at a time: give --operation-id (OPERATION_ID) with --openapi; ${which}${aside}`;
}

/** The campaign's own facts a shard's manifest carries for the merge. */
function shardFacts(whole: Settings, own: Settings, shard: ShardSpec, plan: CampaignPlan) {
  return {
    shard: `${shard.index}/${shard.count}`,
    ...shard,
    budget: whole.pacing.maxRequests,
    shardBudget: own.pacing.maxRequests,
    requestsPerSecond: own.pacing.requestsPerSecond,
    campaign: plan.campaign,
  };
}

/** The operations in run order, each with its share as what earlier runs left allows; then the index and the last line. */
async function runPlan(run: { settings: Settings; options: CampaignOptions; doc: OpenApiDocument; plan: CampaignPlan; out: Out }) {
  const { settings, doc, plan, out } = run;
  // Each operation is a run of the suites: the next starts in the thread the last one ended (lib/vitest/kept-threads.ts).
  const options: CampaignOptions = { ...run.options, keepSuitesThread: true };
  const { order, reserve, shares } = plan;
  const producers = new ProducerInstances(settings, order, reserve, (line) => out.log(line));
  const budget = givenBack(plan.runBudget, plan.runs, shares);
  const entries = new Map<string, IndexEntry>();
  const junit: CampaignJunitRun[] = [];
  let left: InstanceLeft[] = [];
  try {
    for (const [i, p] of order.entries()) {
      const at = `${i + 1}/${order.length}`;
      const step = await stepOne({ settings, options, doc, producers }, p, budget.share(p.id), at);
      if (step.junitRun !== undefined) junit.push(step.junitRun);
      const entry = p.kind === 'skip' ? step.index : { ...step.index, firstShare: shares.get(p.id) ?? 0 };
      entries.set(p.id, entry);
      if (entry.status === 'run' || entry.status === 'stopped') budget.spent(p.id, entry.requests ?? entry.share ?? 0);
    }
  } finally {
    left = await producers.finish();
    await endKeptThreads();
  }
  const inDocumentOrder = plan.planned.map((p) => entries.get(p.id)).filter((e): e is IndexEntry => e !== undefined);
  const facts = { left, requests: producers.requests, ...producers.counts, reserve, junit };
  return concludeCampaign(settings, doc.label, inDocumentOrder, facts, out);
}

/** The campaign's options, with each operation's earlier baseline file by its OperationSpec's id. */
type CampaignOptions = ProbeRunOptions & { baselines: ReadonlyMap<string, string>; contractScope?: ContractScope };

interface Step {
  settings: Settings;
  options: CampaignOptions;
  doc: OpenApiDocument;
  producers: ProducerInstances;
}

/** One operation's place in the index, its report when it ran, and its suite of the campaign's junit.xml. */
interface Ran {
  index: IndexEntry;
  report?: BehaviourReport;
  junitRun?: CampaignJunitRun;
}

/** One operation in run order: a consumer's path filled from its producers' instances first; a producer's made after. */
async function stepOne(step: Step, p: PlannedOperation, share: number | undefined, at: string): Promise<Ran> {
  const { settings, options, doc, producers } = step;
  if (p.kind !== 'consume') {
    const entry = await runOne(settings, options, p, share, at);
    if (p.kind === 'run') await producers.afterRun(p.id, p.operation, entry.report, options.stop?.aborted === true);
    return entry;
  }
  const filled = producers.valuesFor(p);
  const skip = (reason: string): Ran => {
    (options.out ?? consoleOut).log(`campaign: skip ${p.id} (${p.method} ${p.path}): ${reason}`);
    return { index: { id: p.id, method: p.method, path: p.path, folder: p.folder, status: 'skipped', reason } };
  };
  if (typeof filled === 'string') return options.stop?.aborted === true ? runOne(settings, options, p, share, at) : skip(filled);
  // A value the user gave in PATH_VALUES wins over the instance's.
  const values = { ...filled.values, ...settings.target.pathValues };
  let operation: OperationSpec;
  try {
    operation = operationFromDocument(doc, p.id, values).operation;
  } catch (error) {
    if (!(error instanceof OpenApiError)) throw error;
    return skip(error.problems.join('; '));
  }
  const run: Runnable = { ...p, kind: 'run', operation };
  const entry = await runOne(settings, options, run, share, at, filled.from);
  await producers.afterRun(p.id, operation, entry.report, options.stop?.aborted === true);
  return { ...entry, index: { ...entry.index, pathValues: filled.from } };
}

/** The settings of one operation's run: its operation, its report folder, its share, its own baseline; nothing picked for another. */
function operationSettings(settings: Settings, options: CampaignOptions, p: Runnable, share: number): Settings {
  return {
    ...settings,
    target: { ...settings.target, operation: p.operation, operationId: p.id, operations: undefined, acceptedFields: undefined },
    // The campaign writes the job summary and the annotations over every run (lib/run/campaign-ci.ts).
    ci: quietCi(settings.ci),
    pacing: { ...settings.pacing, maxRequests: share },
    reports: {
      ...settings.reports,
      reportDir: join(settings.reports.reportDir, p.folder),
      baseline: options.baselines.get(p.operation.id),
    },
  };
}

/** The run's options: the campaign's, without the contract where it does not describe this operation (said so). */
function runOptionsFor(options: CampaignOptions, p: Runnable, out: { log: (line: string) => void }): ProbeRunOptions {
  const lacks = options.contractScope?.lacks(p.method, p.operation.path);
  if (lacks === undefined) return options;
  out.log(`campaign: ${p.id}: not compared with the contract ${options.contractScope?.shownAs ?? ''}: ${lacks}`);
  const own: ProbeRunOptions = { ...options };
  delete own.contract;
  return own;
}

/** One operation: skipped, left unrun by a stop, stopped at its first answers, or run and read back from its report. */
async function runOne(
  settings: Settings,
  options: CampaignOptions,
  p: PlannedOperation,
  share: number | undefined,
  at: string,
  from: readonly string[] = [],
): Promise<Ran> {
  const base = { id: p.id, method: p.method, path: p.path, folder: p.folder };
  if (p.kind === 'skip') return { index: { ...base, status: 'skipped', reason: p.reason } };
  if (options.stop?.aborted === true || p.kind === 'consume')
    return { index: { ...base, status: 'not run', share: share ?? 0, reason: `stopped by ${String(options.stop?.reason ?? 'a stop')}` } };
  const out = options.out ?? consoleOut;
  const filled = from.length > 0 ? `; ${from.join(', ')}` : '';
  out.log(
    `campaign: [${at}] ${p.id} (${p.method} ${p.path}): ${p.fields} field(s), at most ${share ?? 0} requests, reports in ${p.folder}/${filled}`,
  );
  if (settings.reports.baseline !== undefined && !options.baselines.has(p.operation.id))
    out.log(`campaign: ${p.id}: BASELINE holds no baseline of this operation: not compared`);
  const outcome = await runProbe(operationSettings(settings, options, p, share ?? 0), runOptionsFor(options, p, out));
  const stopped = earlyStop(outcome, p);
  if (stopped !== undefined) {
    out.log(`campaign: ${p.id}: exit ${stopped.code}: stopped after ${stopped.requests} requests: ${stopped.reason}`);
    const junitRun = { ...base, code: stopped.code, reason: stopped.reason, runFailures: [] };
    return { index: { ...base, status: 'stopped', share: share ?? 0, ...stopped }, junitRun };
  }
  if (outcome.setupProblem !== undefined) for (const line of outcome.setupProblem.split('\n')) out.error(`probe: ${p.id}: ${line}`);
  out.log(`campaign: ${p.id}: exit ${outcome.code}: ${outcome.reason}`);
  const kept = await keepOperationBaseline(outcome.report, settings.reports.reportDir, p.folder, settings.reports.targetName);
  const report = outcome.report;
  const junitRun: CampaignJunitRun = {
    ...base,
    code: outcome.code,
    reason: outcome.reason,
    runFailures: outcome.runFailures ?? [],
    ...(report !== undefined ? { report } : {}),
  };
  const index: IndexEntry = {
    ...base,
    status: 'run',
    share: share ?? 0,
    code: outcome.code,
    reason: outcome.reason,
    ...reportFacts(report),
    ...kept,
  };
  return report === undefined ? { index, junitRun } : { index, report, junitRun };
}

/** What the campaign's own instances left and cost, for the index and the last line. */
interface InstanceFacts {
  left: InstanceLeft[];
  requests: number;
  /** Instances made for the consumers, and deleted at the end. */
  made: number;
  deleted: number;
  reserve: number;
  /** Each run's suite of the campaign's junit.xml. */
  junit: readonly CampaignJunitRun[];
}

function instanceTotals(i: InstanceFacts): NonNullable<CampaignIndex['instances']> {
  return { reserved: i.reserve, requests: i.requests, made: i.made, deleted: i.deleted };
}

/** The index written, and the last line: the worst code, the operations that failed, what is left on the target. */
async function concludeCampaign(
  settings: Settings,
  label: string,
  entries: IndexEntry[],
  instances: InstanceFacts,
  out: Out,
): Promise<CampaignOutcome> {
  const ran = entries.filter((e) => e.status === 'run' || e.status === 'stopped');
  const basePath = basePathStop(entries);
  const none = ran.length === 0 ? nothingRan(entries) : undefined;
  const worst = ran.reduce<ExitCode>((w, e) => (e.code !== undefined && e.code > w ? e.code : w), EXIT.ok);
  // Something the campaign made and could not delete fails it, as a subscription left fails a run.
  const code = none?.code ?? (basePath !== undefined ? EXIT.setup : instances.left.length > 0 && worst === EXIT.ok ? EXIT.failed : worst);
  for (const l of instances.left) out.error(`campaign: left on the target: ${l.producer}'s instance, id ${shortId(l.id)}: ${l.reason}`);
  const doc = { label, ...(settings.target.openapi !== undefined ? { path: settings.target.openapi } : {}) };
  const joined = await writeCampaignOutputs(settings.reports.reportDir, doc, entries);
  const index: CampaignIndex = {
    document: label,
    budget: settings.pacing.maxRequests,
    code,
    operations: entries,
    ...(instances.reserve > 0 ? { instances: instanceTotals(instances) } : {}),
    ...(instances.left.length > 0 ? { leftOnTarget: instances.left.map((l) => ({ ...l, id: shortId(l.id) })) } : {}),
    files: joined.files,
  };
  const junitFile = join(settings.reports.reportDir, 'junit.xml');
  await writeFile(junitFile, renderCampaignJunit(label, instances.junit));
  const written = [...(await writeCampaignIndex(settings.reports.reportDir, index)), junitFile, ...joined.written];
  out.log(`campaign index: ${written.join(', ')}`);
  const failed = ran.filter((e) => e.code !== EXIT.ok).map((e) => `${e.id} (exit ${e.code})`);
  const others = entries.length - ran.length;
  const tail = `${ran.length} run${others > 0 ? `, ${others} skipped or not run` : ''}`;
  const leftWords = instances.left.length > 0 ? `; ${instances.left.length} instance(s) the campaign made left on the target` : '';
  const line =
    none !== undefined
      ? `campaign: exit ${code}: ${none.words}${leftWords}`
      : basePath !== undefined
        ? `campaign: exit ${code}: ${basePath} (${tail})${leftWords}`
        : failed.length === 0
          ? `campaign: exit ${code}: every operation run holds (${tail})${leftWords}`
          : `campaign: exit ${code}: ${failed.length} of ${ran.length} operation(s) failed: ${failed.join(', ')} (${tail})${leftWords}`;
  const ci = await campaignCi(settings.ci, instances.junit, indexMarkdown(index), line);
  for (const annotation of ci.annotations) out.log(annotation);
  return { code, line, index, written: [...written, ...ci.written] };
}

/**
 * A campaign in which no operation ran tested nothing: never a pass. Stopped before the first run, it ends as a stopped
 * run does (1); every operation skipped (their producers made no instance, say), as a run in which no case ran (2).
 */
function nothingRan(entries: readonly IndexEntry[]): { code: ExitCode; words: string } {
  const unrun = entries.filter((e) => e.status === 'not run');
  const skipped = entries.length - unrun.length;
  if (unrun[0] !== undefined) {
    const tally = `${unrun.length} not run${skipped > 0 ? `, ${skipped} skipped` : ''}`;
    return { code: EXIT.failed, words: `no operation ran: ${unrun[0].reason} (${tally})` };
  }
  const first = entries[0];
  const why = first === undefined ? '' : `; ${first.id}: ${first.reason}`;
  return { code: EXIT.setup, words: `no operation ran: each of ${entries.length} was skipped${why}` };
}

/** `--dry-run`: each operation with its share and the plan's bound at that share; each skip was said already. */
async function dryRunCampaign(
  settings: Settings,
  options: CampaignOptions,
  plan: { runs: readonly Sized[]; shares: ReadonlyMap<string, number>; reserve: number },
  out: Out,
): Promise<CampaignOutcome> {
  const silent: Out = { log: () => undefined, error: () => undefined };
  const max = settings.pacing.maxRequests;
  if (plan.reserve > 0)
    out.log(`campaign: ${plan.reserve} of MAX_REQUESTS ${max} reserved for the instances producers make for their consumers`);
  for (const p of plan.runs) {
    const share = plan.shares.get(p.id) ?? 0;
    const head = `campaign: run ${p.id} (${p.method} ${p.path}): ${p.fields} field(s), share ${share} of MAX_REQUESTS ${max}`;
    if (p.kind === 'consume') {
      out.log(`${head}; ${p.needs.map((n) => `{${n.param}} from ${n.producer}'s instance, made after its run`).join(', ')}`);
      continue;
    }
    const planned = await runProbe(operationSettings(settings, options, p, share), { ...options, out: silent, dryRun: true });
    const bound = planned.plan;
    const over = bound !== undefined && bound.requests > share ? ', more than its share: the cases past it are not sent' : '';
    const last = planned.lastRun === undefined ? '' : `; its last run sent ${planned.lastRun.requestsSent}`;
    out.log(
      `${head}${bound === undefined ? '' : `; the plan sends at most ${bound.requests} (${bound.worstCase} with every retry)${over}`}${last}`,
    );
  }
  return { code: EXIT.ok, line: `campaign: dry run: ${plan.runs.length} operation(s) would run; nothing was sent`, written: [] };
}
