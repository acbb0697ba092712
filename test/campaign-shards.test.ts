/**
 * A campaign split across CI jobs (`--shard i/n`) and merged (`--merge-reports`), in process, against a loopback
 * target serving two operations with their own presence rules (test/support/campaign-target.ts) and the fixture
 * document, whose createPart waits on createWidget's instance. Two shards and their merge give the index one
 * unsharded campaign gives; the shards' operations are disjoint, cover the campaign and keep a producer with its
 * consumer; their budgets add up to MAX_REQUESTS; a merge missing a shard exits 2 naming it.
 */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CampaignIndex, IndexEntry } from '../lib/run/campaign-index.js';
import type { ShardManifest } from '../lib/run/campaign-shards.js';
import { FAST_PROBE_SETTINGS } from './support/fast-settings.js';
import { campaignLine, type CampaignRun } from './support/run-campaign.js';
import { startCampaignTarget, type CampaignTarget, type ServedRule } from './support/campaign-target.js';
import { parseXml } from './support/xml-tree.js';

const DOCUMENT = new URL('fixtures/openapi/campaign-3.1.yaml', import.meta.url).pathname;
const TOKEN = 'shd-4k2p-m8q1-zz7r';
const BUDGET = 900;
const RULES: ServedRule[] = [
  { path: '/api/widgets', method: 'POST', fields: ['name', 'color', 'note'], rule: 'name && !color' },
  { path: '/api/gadgets', method: 'POST', fields: ['label', 'callback', 'weight', 'owner'], rule: 'label && callback && !weight' },
];

type Ran = CampaignRun;

/** The campaign as `probe ...args` runs it with `env` (REPORT_DIR among them), in this process. */
const campaign = (env: Record<string, string>, args: string[], extra: { shard?: string; merge?: boolean } = {}): Promise<Ran> =>
  campaignLine(env, args, { ...extra, stop: AbortSignal.timeout(120_000) });

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** What must be equal between a sharded and an unsharded campaign's entry: all but the time-dependent. */
const essence = (e: IndexEntry) => ({
  id: e.id,
  status: e.status,
  folder: e.folder,
  reason: e.reason.replace(/id [^ ]+…/g, 'id …'),
  rule: e.rule,
  roles: e.roles,
  code: e.code,
  verdicts: e.verdicts,
  deviates: e.deviates,
  firstShare: e.firstShare,
});

let target: CampaignTarget;
let env: Record<string, string>;
let whole: Ran;
let wholeIndex: CampaignIndex;
let mergeDir: string;
const shards: Ran[] = [];
let merged: Ran;
beforeAll(async () => {
  target = await startCampaignTarget(RULES, TOKEN);
  env = { BASE_URL: target.url, ACCESS_TOKEN: TOKEN, OPENAPI: DOCUMENT, MAX_REQUESTS: String(BUDGET), SEED: '1' };
  const wholeDir = mkdtempSync(join(tmpdir(), 'campaign-whole-'));
  whole = await campaign({ ...env, REPORT_DIR: wholeDir }, ['02-presence']);
  wholeIndex = readJson<CampaignIndex>(join(wholeDir, 'index.json'));
  mergeDir = mkdtempSync(join(tmpdir(), 'campaign-merge-'));
  for (const i of [1, 2])
    shards.push(
      await campaign({ ...env, REPORT_DIR: join(mergeDir, 'shards', `campaign-shard-${i}`) }, ['02-presence'], { shard: `${i}/2` }),
    );
  merged = await campaign({ OPENAPI: DOCUMENT, REPORT_DIR: mergeDir, GITHUB_STEP_SUMMARY: join(mergeDir, 'summary.md') }, [], {
    merge: true,
  });
}, 120_000);
afterAll(async () => {
  await target.close();
});

describe('probe --openapi doc.yaml --shard i/n, then --merge-reports', () => {
  const manifest = (i: number) => readJson<ShardManifest>(join(mergeDir, 'shards', `campaign-shard-${i}`, 'campaign-shard.json'));

  test("the shards' operations are disjoint, cover the campaign, and keep createPart with its producer createWidget", () => {
    const [one, two] = [manifest(1), manifest(2)];
    expect(one.operations.filter((id) => two.operations.includes(id))).toEqual([]);
    expect([...one.operations, ...two.operations].sort()).toEqual(wholeIndex.operations.map((e) => e.id).sort());
    const holder = [one, two].find((m) => m.operations.includes('createWidget'));
    expect(holder?.operations).toContain('createPart');
    expect(one.operations.length).toBeGreaterThan(0);
    expect(two.operations.length).toBeGreaterThan(0);
  });

  test('the shards pace at half the rate and their budgets add up to at most MAX_REQUESTS; each said so first', () => {
    const [one, two] = [manifest(1), manifest(2)];
    expect(one.shardBudget + two.shardBudget).toBeLessThanOrEqual(BUDGET);
    expect(one.requestsPerSecond).toBe(Number(FAST_PROBE_SETTINGS['REQUESTS_PER_SECOND']) / 2);
    for (const [i, s] of shards.entries()) {
      expect(s.stdout.find((l) => l.startsWith(`campaign: shard ${i + 1}/2: `))).toMatch(
        /requests\/s: the target's \d+ shared by 2 shards$/,
      );
      const sent = s.index?.operations.reduce((sum, e) => sum + (e.requests ?? 0), 0) ?? 0;
      expect(sent + (s.index?.instances?.requests ?? 0)).toBeLessThanOrEqual(manifest(i + 1).shardBudget);
    }
  });

  test('the merge gives the index one campaign gives: same operations, rules, roles, statuses, first shares and exit code', () => {
    // The target serves no parts: createPart's shard fails (exit 1), createGadget's holds, and the merge takes the worse.
    expect(new Set(shards.map((s) => s.code))).toEqual(new Set([0, 1]));
    expect(merged.code, merged.stdout.join('\n')).toBe(whole.code);
    expect(merged.code).toBe(1);
    const index = readJson<CampaignIndex>(join(mergeDir, 'index.json'));
    expect(index.operations.map(essence)).toEqual(wholeIndex.operations.map(essence));
    expect(index.budget).toBe(BUDGET);
    expect(index.instances).toEqual(wholeIndex.instances);
    // The files over every operation, joined from the merged folders as one campaign joins its own.
    expect(index.files).toEqual(wholeIndex.files);
    expect(index.files?.contract).toBeDefined();
    expect(index.operations.some((e) => e.status === 'run' && e.rule !== undefined)).toBe(true);
    // With the same SEED and shares no run reached, each run sends what it sends in the unsharded campaign.
    const bound = wholeIndex.operations.filter((e) => e.status === 'run' && (e.requests ?? 0) < (e.firstShare ?? 0));
    for (const e of bound) expect(index.operations.find((m) => m.id === e.id)?.requests, e.id).toBe(e.requests);
    for (const e of index.operations.filter((o) => o.status === 'run'))
      expect(readJson<{ operation: { id: string } }>(join(mergeDir, e.folder, 'behaviour-report.json')).operation.id).toBe(e.id);
  });

  test("the merge job's summary is the merged index and the merge's exit line, once", () => {
    const text = readFileSync(join(mergeDir, 'summary.md'), 'utf8');
    expect(text).toBe(`${readFileSync(join(mergeDir, 'index.md'), 'utf8').trimEnd()}\n\n**${merged.line}**\n`);
  });

  test("one junit.xml over every operation run, in document order, each shard's suites whole", () => {
    const xml = readFileSync(join(mergeDir, 'junit.xml'), 'utf8');
    const root = parseXml(xml);
    const names = root.children.filter((c) => c.name === 'testsuite').map((c) => c.attributes['name'] ?? '');
    const wanted = wholeIndex.operations.filter((e) => e.status === 'run' || e.status === 'stopped');
    expect(names).toEqual(wanted.map((e) => `${e.id} (${e.method} ${e.path})`));
    const cases = root.children.flatMap((s) => s.children.filter((c) => c.name === 'testcase'));
    expect(Number(root.attributes['tests'])).toBe(cases.length);
    expect(cases.length).toBeGreaterThan(0);
  });

  test('a merge missing a shard exits 2 naming it, and writes no index', async () => {
    const partial = mkdtempSync(join(tmpdir(), 'campaign-merge-part-'));
    cpSync(join(mergeDir, 'shards', 'campaign-shard-1'), join(partial, 'shards', 'campaign-shard-1'), { recursive: true });
    const run = await campaign({ OPENAPI: DOCUMENT, REPORT_DIR: partial }, [], { merge: true });
    expect(run.code).toBe(2);
    expect(run.line).toMatch(/^campaign: exit 2: --merge-reports: shard 2\/2 missing from /);
    expect(run.written).toEqual([]);
  });

  test('--shard that is not i/n with 1 <= i <= n is a setup error before anything is sent', async () => {
    const before = target.requests('/api/widgets');
    const run = await campaign({ ...env, REPORT_DIR: mkdtempSync(join(tmpdir(), 'campaign-bad-')) }, [], { shard: '3/2' });
    expect(run.code).toBe(2);
    expect(run.line).toMatch(/--shard: expected i\/n/);
    expect(target.requests('/api/widgets')).toBe(before);
  });
});
