/**
 * `--merge-reports` over a campaign: the shards' folders, each a shard's REPORT_DIR as a CI job uploads it, under
 * REPORT_DIR/shards/<any name>/ (its `campaign-shard.json` says which shard it is), joined into one campaign: each
 * operation's folder under REPORT_DIR/operations/, one index and one junit.xml over every operation in document
 * order, the code the worst of the shards'. A missing shard, or shards of different splits or campaigns, is a setup
 * error: a merge of part of a campaign is not a campaign. Sends nothing.
 */
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CiSettings } from '../config/types.js';
import type { CampaignJunitRun } from '../report/render-campaign-junit.js';
import { escapeXml } from '../report/render-junit.js';
import { failingCases } from '../report/report-counts.js';
import type { BehaviourReport } from '../report/types.js';
import { campaignCi } from './campaign-ci.js';
import { indexMarkdown, writeCampaignIndex, type CampaignIndex, type IndexEntry } from './campaign-index.js';
import { writeCampaignOutputs } from './campaign-outputs.js';
import { readShardManifest, SHARD_MANIFEST, type ShardManifest } from './campaign-shards.js';
import { EXIT, type ExitCode } from './exit-decision.js';

export interface MergeOutcome {
  code: ExitCode;
  line: string;
  index?: CampaignIndex;
  written: string[];
}

interface Shard {
  dir: string;
  manifest: ShardManifest;
  index: CampaignIndex;
  junit: string;
}

/** The folder the shards' folders are put in, below REPORT_DIR. */
export const SHARDS_FOLDER = 'shards';

const problem = (words: string): MergeOutcome => ({ code: EXIT.setup, line: `campaign: exit 2: --merge-reports: ${words}`, written: [] });

/** Each shard's folder under `from`, read; or what is wrong with the set (none, a missing one, two of a kind). */
async function readShards(from: string): Promise<Shard[] | string> {
  const dirs = existsSync(from)
    ? readdirSync(from, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join(from, d.name, SHARD_MANIFEST)))
        .map((d) => join(from, d.name))
        .sort()
    : [];
  if (dirs.length === 0)
    return `no campaign shard in ${from}: put each shard's REPORT_DIR there, one folder each (each holds ${SHARD_MANIFEST})`;
  const shards: Shard[] = [];
  for (const dir of dirs) {
    const manifest = await readShardManifest(dir);
    const index = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as CampaignIndex;
    const junit = existsSync(join(dir, 'junit.xml')) ? await readFile(join(dir, 'junit.xml'), 'utf8') : '';
    shards.push({ dir, manifest, index, junit });
  }
  const first = shards[0]?.manifest;
  const apart = shards.find(
    (s) => s.manifest.count !== first?.count || s.manifest.document !== first.document || s.manifest.budget !== first.budget,
  );
  if (first === undefined || apart !== undefined)
    return `${from} holds shards of different campaigns or splits (${shards.map((s) => `${s.manifest.shard} of ${s.manifest.document}, budget ${s.manifest.budget}`).join('; ')}): keep one campaign's shards only`;
  const seen = shards.map((s) => s.manifest.index);
  const twice = seen.filter((i, k) => seen.indexOf(i) !== k);
  if (twice.length > 0) return `shard ${twice[0]}/${first.count} is in ${from} twice: keep one`;
  const missing = Array.from({ length: first.count }, (_, k) => k + 1).filter((i) => !seen.includes(i));
  if (missing.length > 0)
    return `shard${missing.length === 1 ? '' : 's'} ${missing.map((i) => `${i}/${first.count}`).join(', ')} missing from ${from}: a merge of part of a campaign is not a campaign`;
  return shards.sort((a, b) => a.manifest.index - b.manifest.index);
}

/** The <testsuite> elements of a campaign's junit.xml, by the operation id that names each. */
function junitSuites(xml: string, ids: readonly string[]): Map<string, string> {
  const suites = new Map<string, string>();
  for (const m of xml.matchAll(/ {2}<testsuite name="([^"]*)"[\s\S]*?<\/testsuite>\n/g)) {
    const id = ids.find((i) => m[1]?.startsWith(`${escapeXml(i)} (`) === true);
    if (id !== undefined) suites.set(id, m[0]);
  }
  return suites;
}

/** One junit.xml from the shards' suites, in document order, its totals summed from them. */
function mergedJunit(document: string, suites: readonly string[]): string {
  const total = (attr: string): number =>
    suites.reduce((sum, s) => sum + Number(new RegExp(`^ {2}<testsuite [^>]*?${attr}="([\\d.]+)"`).exec(s)?.[1] ?? 0), 0);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="subscription-conformance campaign ${escapeXml(document)}" tests="${total('tests')}" failures="${total('failures')}" ` +
    `errors="${total('errors')}" skipped="${total('skipped')}" time="${total('time').toFixed(3)}">\n` +
    suites.join('') +
    '</testsuites>\n'
  );
}

/** The merged index: every shard's entries in the campaign's document order, the worst code, the instances summed. */
function mergedIndex(shards: readonly Shard[], order: readonly string[]): CampaignIndex | string {
  const entries = new Map<string, IndexEntry>(shards.flatMap((s) => s.index.operations.map((e) => [e.id, e] as const)));
  const absent = order.filter((id) => !entries.has(id));
  if (absent.length > 0) return `no shard ran ${absent.join(', ')}: the shards are not of one campaign`;
  const code = shards.reduce<ExitCode>((w, s) => (s.index.code > w ? s.index.code : w), EXIT.ok);
  const reserved = shards.reduce((sum, s) => sum + (s.index.instances?.reserved ?? 0), 0);
  const sum = (key: 'requests' | 'made' | 'deleted'): number => shards.reduce((n, s) => n + (s.index.instances?.[key] ?? 0), 0);
  const left = shards.flatMap((s) => s.index.leftOnTarget ?? []);
  return {
    document: shards[0]?.manifest.document ?? '',
    budget: shards[0]?.manifest.budget ?? 0,
    code,
    operations: order.map((id) => entries.get(id)).filter((e): e is IndexEntry => e !== undefined),
    ...(reserved > 0 ? { instances: { reserved, requests: sum('requests'), made: sum('made'), deleted: sum('deleted') } } : {}),
    ...(left.length > 0 ? { leftOnTarget: left } : {}),
  };
}

/**
 * Each run as the merged folders hold it, for the annotations: its report's cases, and, where the run failed with no
 * failing case to say so (a drift, a setup stop), its reason.
 */
function mergedRuns(reportDir: string, index: CampaignIndex): CampaignJunitRun[] {
  return index.operations.flatMap((e) => {
    if (e.status !== 'run' && e.status !== 'stopped') return [];
    const file = join(reportDir, e.folder, 'behaviour-report.json');
    const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BehaviourReport) : undefined;
    const failing = report !== undefined && failingCases(report).length > 0;
    const code = e.code ?? EXIT.ok;
    const runFailures = code !== EXIT.ok && !failing ? [{ id: 'run/failed', message: e.reason ?? `exit ${code}` }] : [];
    return [
      { id: e.id, method: e.method, path: e.path, code, reason: e.reason ?? '', runFailures, ...(report !== undefined ? { report } : {}) },
    ];
  });
}

/** Joins the shards under REPORT_DIR/shards/ into one campaign in REPORT_DIR. */
export async function mergeCampaign(
  reportDir: string,
  out: { log: (line: string) => void },
  documentPath?: string,
  ci?: CiSettings,
): Promise<MergeOutcome> {
  const from = join(reportDir, SHARDS_FOLDER);
  const shards = await readShards(from);
  if (typeof shards === 'string') return problem(shards);
  const order = shards[0]?.manifest.campaign ?? [];
  const index = mergedIndex(shards, order);
  if (typeof index === 'string') return problem(index);
  for (const s of shards)
    for (const e of s.index.operations)
      if (existsSync(join(s.dir, e.folder))) cpSync(join(s.dir, e.folder), join(reportDir, e.folder), { recursive: true });
  const suites = new Map(shards.flatMap((s) => [...junitSuites(s.junit, s.manifest.operations)]));
  const junitFile = join(reportDir, 'junit.xml');
  await writeFile(
    junitFile,
    mergedJunit(
      index.document,
      order.flatMap((id) => suites.get(id) ?? []),
    ),
  );
  // The contract, overlay and SARIF over every operation, joined from the operations' folders as one run joins them.
  const joined = await writeCampaignOutputs(
    reportDir,
    { label: index.document, ...(documentPath !== undefined ? { path: documentPath } : {}) },
    index.operations,
  );
  const written = [...(await writeCampaignIndex(reportDir, { ...index, files: joined.files })), junitFile, ...joined.written];
  out.log(`campaign index: ${written.join(', ')}`);
  const ran = index.operations.filter((e) => e.status === 'run' || e.status === 'stopped');
  const failed = ran.filter((e) => e.code !== EXIT.ok).map((e) => `${e.id} (exit ${e.code})`);
  const tail = `${shards.length} shard(s) merged, ${ran.length} run, ${index.operations.length - ran.length} skipped or not run`;
  const line =
    failed.length === 0
      ? `campaign: exit ${index.code}: every operation run holds (${tail})`
      : `campaign: exit ${index.code}: ${failed.length} of ${ran.length} operation(s) failed: ${failed.join(', ')} (${tail})`;
  const merged = { ...index, files: joined.files };
  const shown =
    ci === undefined ? { annotations: [], written: [] } : await campaignCi(ci, mergedRuns(reportDir, merged), indexMarkdown(merged), line);
  for (const annotation of shown.annotations) out.log(annotation);
  return { code: index.code, line, index, written: [...written, ...shown.written] };
}
