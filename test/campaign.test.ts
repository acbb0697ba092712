/**
 * A campaign over a document (probe --openapi without an operation id), as the command runs it, in process: a
 * loopback target serving two operations with their own presence rules (test/support/campaign-target.ts), a document
 * describing them and two it cannot build (test/fixtures/openapi/campaign-3.1.yaml). Each run's rule is read from its
 * own report and checked against the target's on every combination; the index lists every operation, the skipped
 * ones with their reason; each run stays within its share of MAX_REQUESTS; the one-operation run is unchanged.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import type { CampaignIndex } from '../lib/run/campaign-index.js';
import { runProbe } from './run-probe.js';
import { campaignLine, type CampaignRun } from './support/run-campaign.js';
import { startCampaignTarget, type CampaignTarget, type ServedRule } from './support/campaign-target.js';
import { truthTable } from './support/truth-table.js';
import { parseXml } from './support/xml-tree.js';

const DOCUMENT = new URL('fixtures/openapi/campaign-3.1.yaml', import.meta.url).pathname;
const TOKEN = 'cmp-7q2v-x9k4-tt1z';
const BUDGET = 600;
const RULES: Record<string, ServedRule> = {
  createWidget: { path: '/api/widgets', method: 'POST', fields: ['name', 'color', 'note'], rule: 'name && !color' },
  createGadget: {
    path: '/api/gadgets',
    method: 'POST',
    fields: ['label', 'callback', 'weight', 'owner'],
    rule: 'label && callback && !weight',
  },
};

/** The campaign as `probe ...args` runs it with `env`: the same command line and settings, in this process. */
const campaign = (env: Record<string, string>, args: string[]): Promise<CampaignRun> => campaignLine(env, args);

/**
 * createPart's path is filled from a widget the campaign makes, which this target does not serve parts of: its
 * filling is test/campaign-producers.test.ts's; here it is left out, as OPERATIONS leaves out any operation.
 */
const PARTLESS = 'createWidget,createGadget,updateOrder';

const byId = (index: CampaignIndex, id: string) => index.operations.find((e) => e.id === id);

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

let target: CampaignTarget;
let env: Record<string, string>;
beforeAll(async () => {
  target = await startCampaignTarget(Object.values(RULES), TOKEN);
  env = { BASE_URL: target.url, ACCESS_TOKEN: TOKEN, OPENAPI: DOCUMENT, MAX_REQUESTS: String(BUDGET), SEED: '1' };
});
afterAll(async () => {
  await target.close();
});

describe('probe --openapi doc.yaml: every operation with a body, one run each', () => {
  let run: CampaignRun;
  let index: CampaignIndex;
  beforeAll(async () => {
    run = await campaign({ ...env, OPERATIONS: PARTLESS }, ['02-presence']);
    index = readJson<CampaignIndex>(join(run.reportDir, 'index.json'));
  }, 300_000);

  test('each operation run has its rule exact in its own report, and the campaign exits 0 saying so last', () => {
    expect(run.code, run.stdout.join('\n')).toBe(0);
    expect(run.stdout.at(-1)).toBe('campaign: exit 0: every operation run holds (2 run, 1 skipped or not run)');
    for (const [id, served] of Object.entries(RULES)) {
      const report = readJson<BehaviourReport>(join(run.reportDir, 'operations', id, 'behaviour-report.json'));
      expect(report.operation).toMatchObject({ id, method: served.method, path: served.path, fields: served.fields });
      expect(truthTable(served.fields, report.rule.expression), `${id}: ${report.rule.expression}`).toEqual(
        truthTable(served.fields, served.rule),
      );
    }
  });

  test('the index lists every operation with a body: the runs with rule, roles and requests, the skips with why', () => {
    expect(index.operations.map((e) => [e.id, e.status])).toEqual([
      ['createWidget', 'run'],
      ['createGadget', 'run'],
      ['updateOrder', 'skipped'],
    ]);
    const widget = index.operations[0];
    expect(widget).toMatchObject({ method: 'POST', path: '/api/widgets', folder: 'operations/createWidget', code: 0, deviates: [] });
    expect(widget?.roles).toEqual({ name: 'required', color: 'forbidden', note: 'optional' });
    expect(widget?.rule).toMatch(/name/);
    expect(Object.values(widget?.verdicts ?? {}).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(index.operations[2]?.reason).toBe('`{order-id}`: no operation of the document creates an order and PATH_VALUES gives none');
    const md = readFileSync(join(run.reportDir, 'index.md'), 'utf8');
    for (const e of index.operations) expect(md).toContain(`| ${e.id} |`);
    expect(md).toContain('(operations/createGadget/behaviour-report.md)');
    expect(readFileSync(join(run.reportDir, 'index.html'), 'utf8')).toContain('operations/createWidget/behaviour-report.html');
  });

  test("a dry run in this REPORT_DIR says beside each operation's bound what its last run sent, from that run's report", async () => {
    const dry = await campaign({ ...env, OPERATIONS: PARTLESS, REPORT_DIR: run.reportDir }, ['--dry-run', '02-presence']);
    expect(dry.code).toBe(0);
    for (const e of index.operations.filter((o) => o.status === 'run')) {
      const report = readJson<BehaviourReport>(join(run.reportDir, 'operations', e.id, 'behaviour-report.json'));
      expect(dry.stdout.find((l) => l.startsWith(`campaign: run ${e.id} `))).toMatch(
        new RegExp(`; the plan sends at most \\d+ .*; its last run sent ${report.run.requestsSent}$`),
      );
    }
  }, 120_000);

  test('one budget: first shares by field count, what a run leaves goes to the next, each run within its own', () => {
    const ran = index.operations.filter((e) => e.status === 'run');
    const firsts = ran.map((e) => e.firstShare ?? Infinity);
    expect(firsts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(BUDGET);
    expect(ran[1]?.firstShare).toBeGreaterThan(ran[0]?.firstShare ?? Infinity);
    // The first run got its first share; the last gets all that the first left, never less than its first share.
    expect(ran[0]?.share).toBe(ran[0]?.firstShare);
    expect(ran[1]?.share).toBe(Math.max(ran[1]?.firstShare ?? 0, BUDGET - (ran[0]?.requests ?? BUDGET)));
    expect(ran.reduce((sum, e) => sum + (e.requests ?? Infinity), 0)).toBeLessThanOrEqual(BUDGET);
    for (const e of ran) {
      expect(e.requests, e.id).toBeGreaterThan(0);
      expect(e.requests, e.id).toBeLessThanOrEqual(e.share ?? 0);
      // What the target itself counted, not only what the run says it sent.
      expect(target.requests(RULES[e.id]?.path ?? ''), e.id).toBeLessThanOrEqual(e.share ?? 0);
    }
  });
  test("junit.xml: one testsuite per operation run, named by its id, holding that run's own cases under its id", () => {
    const tree = parseXml(readFileSync(join(run.reportDir, 'junit.xml'), 'utf8'));
    expect(tree.name).toBe('testsuites');
    const ran = index.operations.filter((e) => e.status === 'run');
    expect(tree.children.map((s) => s.attributes['name'])).toEqual(ran.map((e) => `${e.id} (${e.method} ${e.path})`));
    let total = 0;
    for (const [i, suite] of tree.children.entries()) {
      const id = ran[i]?.id ?? '';
      const own = parseXml(readFileSync(join(run.reportDir, 'operations', id, 'junit.xml'), 'utf8'));
      const ownCases = own.children.flatMap((s) => s.children.map((c) => `${id}/${c.attributes['name']}`));
      expect(suite.children.map((c) => c.attributes['name'])).toEqual(ownCases);
      expect(suite.attributes['tests']).toBe(String(ownCases.length));
      total += ownCases.length;
    }
    expect(tree.attributes['tests']).toBe(String(total));
  });

  test("--contract: each run compares with its operation's part; one the contract lacks is probed and said not compared", async () => {
    // The campaign's own observed contract, with createGadget's path taken out: a contract written before it existed.
    const contract = readJson<{ paths: Record<string, unknown> }>(join(run.reportDir, 'observed-openapi.json'));
    expect(Object.keys(contract.paths)).toEqual(expect.arrayContaining(['/api/widgets', '/api/gadgets']));
    delete contract.paths['/api/gadgets'];
    const dir = mkdtempSync(join(tmpdir(), 'campaign-contract-'));
    writeFileSync(join(dir, 'contract.json'), JSON.stringify(contract));
    const compared = await campaign({ ...env, OPERATIONS: 'createWidget,createGadget', REPORT_DIR: join(dir, 'reports') }, [
      '02-presence',
      '--contract',
      join(dir, 'contract.json'),
    ]);
    expect(compared.code, compared.stdout.join('\n')).toBe(0);
    expect(compared.stdout).toContain(
      `campaign: createGadget: not compared with the contract ${join(dir, 'contract.json')}: it has no POST /api/gadgets`,
    );
    expect(compared.stdout.filter((l) => l.includes('not compared'))).toHaveLength(1);
    const widget = readJson<BehaviourReport>(join(dir, 'reports', 'operations', 'createWidget', 'behaviour-report.json'));
    const gadget = readJson<BehaviourReport>(join(dir, 'reports', 'operations', 'createGadget', 'behaviour-report.json'));
    expect(widget.contract?.comparison, 'createWidget was compared').toBeDefined();
    expect(gadget.contract?.comparison).toBeUndefined();
  }, 300_000);

  test('each run leaves its baseline in its folder; a later campaign given this REPORT_DIR names drift on the changed operation only', async () => {
    for (const e of index.operations.filter((o) => o.status === 'run')) {
      expect(e.baseline).toBe(`${e.folder}/baseline.json`);
      expect(readJson<{ operation: { id: string } }>(join(run.reportDir, e.baseline ?? '')).operation.id).toBeTruthy();
    }
    // The gadget's callback is no longer required: its role, its rule and some combinations drift; the widget's nothing.
    const changed = { ...(RULES['createGadget'] as ServedRule), rule: 'label && !weight' };
    const later = await startCampaignTarget([RULES['createWidget'] as ServedRule, changed], TOKEN);
    try {
      const again = await campaign({ ...env, OPERATIONS: PARTLESS, BASE_URL: later.url, BASELINE: run.reportDir }, ['02-presence']);
      const next = readJson<CampaignIndex>(join(again.reportDir, 'index.json'));
      const [widget, gadget] = [byId(next, 'createWidget'), byId(next, 'createGadget')];
      expect(widget).toMatchObject({ id: 'createWidget', code: 0, drift: { changes: 0 } });
      expect(widget?.comparedWith).toMatch(/operations\/createWidget\/baseline\.json$/);
      expect(gadget).toMatchObject({ id: 'createGadget', code: 1 });
      expect(gadget?.drift?.changes).toBeGreaterThan(0);
      expect(gadget?.drift?.first).toMatch(/callback: required -> optional|rule: /);
      expect(again.code).toBe(1);
      expect(again.line).toMatch(/^campaign: exit 1: 1 of 2 operation\(s\) failed: createGadget \(exit 1\)/);
      expect(readFileSync(join(again.reportDir, 'index.md'), 'utf8')).toContain(`| ${gadget?.drift?.changes}, first `);
      // One operation's baseline file: that operation is compared, the other is not, and the campaign says so.
      const file = join(run.reportDir, 'operations', 'createGadget', 'baseline.json');
      const one = await campaign({ ...env, OPERATIONS: PARTLESS, BASE_URL: later.url, BASELINE: file }, ['02-presence']);
      const byFile = readJson<CampaignIndex>(join(one.reportDir, 'index.json'));
      expect(byId(byFile, 'createWidget')?.comparedWith).toBeUndefined();
      expect(byId(byFile, 'createWidget')?.code).toBe(0);
      expect(byId(byFile, 'createGadget')?.drift?.changes).toBeGreaterThan(0);
      expect(one.stdout).toContain('campaign: createWidget: BASELINE holds no baseline of this operation: not compared');
    } finally {
      await later.close();
    }
  }, 300_000);
});

describe('an operation whose every answer is 401, 403, 404 or 405 is stopped after its first few', () => {
  /** The campaign against a target serving `rules` only, with that target's own request counts. */
  async function against(rules: ServedRule[]): Promise<{ run: CampaignRun; index: CampaignIndex; sent: (path: string) => number }> {
    const partial = await startCampaignTarget(rules, TOKEN);
    try {
      const run = await campaign({ ...env, OPERATIONS: PARTLESS, BASE_URL: partial.url }, ['02-presence']);
      const index = readJson<CampaignIndex>(join(run.reportDir, 'index.json'));
      return { run, index, sent: (path) => partial.requests(path) };
    } finally {
      await partial.close();
    }
  }

  test('404 to everything: a deviation (exit 1) in one line, at most 5 requests; the other runs as before with what it left', async () => {
    const { run, index, sent } = await against([RULES['createGadget'] as ServedRule]);
    const widget = index.operations[0];
    expect(widget).toMatchObject({
      id: 'createWidget',
      status: 'stopped',
      code: 1,
      reason: 'the target does not serve POST /api/widgets: every answer was 404',
    });
    expect(widget?.requests).toBeLessThanOrEqual(5);
    expect(sent('/api/widgets')).toBe(widget?.requests);
    const gadget = byId(index, 'createGadget');
    expect(gadget).toMatchObject({ id: 'createGadget', status: 'run', code: 0 });
    expect(gadget?.share).toBe(BUDGET - (widget?.requests ?? BUDGET));
    const served = RULES['createGadget'];
    const report = readJson<BehaviourReport>(join(run.reportDir, 'operations', 'createGadget', 'behaviour-report.json'));
    expect(truthTable(served?.fields ?? [], report.rule.expression)).toEqual(truthTable(served?.fields ?? [], served?.rule ?? ''));
    expect(run.stdout).toContain(
      `campaign: createWidget: exit 1: stopped after ${widget?.requests} requests: the target does not serve POST /api/widgets: every answer was 404`,
    );
    expect(run.code).toBe(1);
    expect(run.line).toMatch(/^campaign: exit 1: 1 of 2 operation\(s\) failed: createWidget \(exit 1\)/);
    const suites = parseXml(readFileSync(join(run.reportDir, 'junit.xml'), 'utf8')).children;
    expect(suites.map((s) => [s.attributes['name'], s.attributes['failures']])).toEqual([
      ['createWidget (POST /api/widgets)', '1'],
      ['createGadget (POST /api/gadgets)', '0'],
    ]);
  }, 120_000);

  test('the token refused for one operation: a setup stop (exit 2) naming it; nothing served at all: the base path', async () => {
    const refused = await against([
      RULES['createWidget'] as ServedRule,
      { ...(RULES['createGadget'] as ServedRule), token: 'another-token' },
    ]);
    expect(byId(refused.index, 'createGadget')).toMatchObject({
      status: 'stopped',
      code: 2,
      reason: 'the token is not accepted for POST /api/gadgets: every answer was 401',
    });
    expect(byId(refused.index, 'createGadget')?.requests).toBeLessThanOrEqual(5);
    expect(byId(refused.index, 'createWidget')).toMatchObject({ status: 'run', code: 0 });
    expect(refused.run.code).toBe(2);
    const none = await against([]);
    expect(none.run.code).toBe(2);
    expect(none.run.line).toMatch(
      /^campaign: exit 2: every operation run answered 404 to everything \(2 of them\): the base path is likely wrong; check BASE_URL/,
    );
  }, 120_000);
});

describe('the dry run, the filter, and the one-operation run', () => {
  test('PATH_VALUES fills a path parameter: the operation it held back is planned, its path filled; a value that is not one segment is refused', async () => {
    const dry = await campaign({ ...env, PATH_VALUES: 'order-id=ord-42' }, ['--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout.find((l) => l.startsWith('campaign: run updateOrder'))).toBeDefined();
    expect(dry.stdout.find((l) => l.startsWith('campaign: skip updateOrder'))).toBeUndefined();
    await expect(campaign({ ...env, PATH_VALUES: 'order-id=../admin' }, ['--dry-run'])).rejects.toThrow(
      /PATH_VALUES.*order-id: the value must be one path segment/,
    );
  }, 120_000);

  test('--dry-run lists each operation with its share and bound, and each skip with its reason; it sends nothing', async () => {
    const before = target.requests('/api/widgets') + target.requests('/api/gadgets');
    const dry = await campaign(env, ['--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout.filter((l) => l.startsWith('campaign: run '))).toHaveLength(3);
    expect(dry.stdout.find((l) => l.startsWith('campaign: run createPart'))).toMatch(
      /\{widget-id\} from createWidget's instance, made after its run$/,
    );
    expect(dry.stdout).toContain('campaign: 4 of MAX_REQUESTS 600 reserved for the instances producers make for their consumers');
    expect(dry.stdout.find((l) => l.startsWith('campaign: run createGadget'))).toMatch(
      /share \d+ of MAX_REQUESTS 600; the plan sends at most \d+/,
    );
    expect(dry.stdout).toContain(
      'campaign: skip updateOrder (PATCH /api/orders/{order-id}): `{order-id}`: no operation of the document creates an order and PATH_VALUES gives none',
    );
    expect(target.requests('/api/widgets') + target.requests('/api/gadgets')).toBe(before);
  }, 120_000);

  test('--operations picks by id or METHOD /path glob; one that picks nothing is a setup error', async () => {
    const picked = await campaign(env, ['--dry-run', '--operations', 'POST /api/gad*']);
    expect(
      picked.stdout.filter((l) => l.startsWith('campaign: run ') || l.startsWith('campaign: skip ')).map((l) => l.split(' ')[2]),
    ).toEqual(['createGadget']);
    const none = await campaign(env, ['--dry-run', '--operations', 'createWidget,deleteThing']);
    expect(none.code).toBe(2);
    expect(none.line).toMatch(/^campaign: exit 2: OPERATIONS: deleteThing picks no POST, PUT or PATCH of /);
  }, 120_000);

  test('a consumer picked without its producer is skipped before anything is sent; a campaign stopped before its first run exits 1', async () => {
    const sent = (): number => target.requests('/api/widgets') + target.requests('/api/gadgets');
    const before = sent();
    const alone = await campaign({ ...env, OPERATIONS: 'createPart' }, []);
    expect([alone.code, alone.stdout.at(-2)]).toEqual([
      2,
      'campaign: skip createPart (POST /api/widgets/{widget-id}/parts): `{widget-id}`: made by createWidget, and OPERATIONS does not pick createWidget, so no instance of it is made; pick createWidget too, or give PATH_VALUES=widget-id=...',
    ]);
    // The advice followed: with its producer picked, it is planned with the producer's instance.
    const both = await campaign({ ...env, OPERATIONS: 'createPart,createWidget' }, ['--dry-run']);
    expect(both.stdout.find((l) => l.startsWith('campaign: run createPart'))).toMatch(/\{widget-id\} from createWidget's instance/);
    // Tested nothing: never a pass.
    const stopped = await campaignLine({ ...env, OPERATIONS: PARTLESS }, [], { stop: AbortSignal.abort('Ctrl-C') });
    expect([stopped.code, stopped.line]).toEqual([1, 'campaign: exit 1: no operation ran: stopped by Ctrl-C (2 not run, 1 skipped)']);
    expect(sent()).toBe(before);
    const ui = await campaignLine(env, [], { ui: true });
    expect([ui.code, ui.line]).toEqual([
      2,
      'campaign: exit 2: --ui shows one operation at a time: give --operation-id (OPERATION_ID) with --openapi; one of createWidget; createPart with PATH_VALUES=widget-id=... (createWidget makes one); createGadget',
    ]);
  }, 120_000);

  test('with --operation-id it is the one-operation run, its report where it always was', async () => {
    const single = await runProbe(env, ['--operation-id', 'createGadget', '02-presence']);
    expect(single.code, single.stdout + single.stderr).toBe(0);
    const report = readJson<BehaviourReport>(join(single.reportDir, 'behaviour-report.json'));
    const served = RULES['createGadget'];
    expect(truthTable(served?.fields ?? [], report.rule.expression)).toEqual(truthTable(served?.fields ?? [], served?.rule ?? ''));
  }, 300_000);
});

describe('one expectations file and the GitHub Actions outputs over a campaign', () => {
  const dir = mkdtempSync(join(tmpdir(), 'campaign-expectations-'));
  /** An expectations file of one entry on createGadget's combination (which its run answers, so it does not deviate). */
  const write = (name: string, operation?: string): string => {
    const entry = {
      case: 'matrix/label+callback',
      verdict: 'DEVIATES',
      reason: 'the gadget service is being rebuilt',
      ...(operation !== undefined ? { operation } : {}),
    };
    writeFileSync(join(dir, name), JSON.stringify({ expectations: [entry] }));
    return join(dir, name);
  };
  const summary = join(dir, 'summary.md');
  let actions: CampaignRun;
  beforeAll(async () => {
    actions = await campaign(
      {
        ...env,
        OPERATIONS: 'createWidget,createGadget',
        REPORT_DIR: join(dir, 'reports'),
        EXPECTATIONS: write('scoped.json', 'createGadget'),
        GITHUB_ACTIONS: 'true',
        GITHUB_STEP_SUMMARY: summary,
      },
      ['02-presence'],
    );
  }, 300_000);
  const reportOf = (id: string) => readJson<BehaviourReport>(join(dir, 'reports', 'operations', id, 'behaviour-report.json'));

  test("an entry about createGadget: createWidget's run leaves it out and passes; createGadget's applies it, and fails as it no longer deviates", () => {
    expect(actions.code, actions.stdout.join('\n')).toBe(1);
    expect(reportOf('createWidget').expectations?.entries).toEqual([]);
    expect(reportOf('createGadget').expectations?.entries.map((e) => [e.case, e.status])).toEqual([['matrix/label+callback', 'stale']]);
    expect(actions.line).toMatch(/^campaign: exit 1: 1 of 2 operation\(s\) failed: createGadget \(exit 1\)/);
  });

  test('in GitHub Actions: one job summary (the index, then the exit line) and the annotations of every run, each titled with its operation', () => {
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('# Campaign over '), text.slice(0, 200)).toBe(true);
    expect(text.trimEnd().endsWith(`**${actions.line}**`)).toBe(true);
    // Not the runs' own summaries: no behaviour report and no run's exit line in it.
    expect(text).not.toMatch(/: behaviour report\n/);
    expect(text.match(/^\*\*/gm)).toHaveLength(1);
    const annotations = actions.stdout.filter((l) => l.startsWith('::'));
    expect(annotations.length).toBeGreaterThan(0);
    expect(annotations.every((l) => l.startsWith('::error title=createGadget%3A '))).toBe(true);
  });

  test('the same entry about every operation is an unknown case to createWidget: its run stops before sending; a misspelt operation stops the campaign', async () => {
    const widget = { ...env, OPERATIONS: 'createWidget', REPORT_DIR: join(dir, 'reports-widget') };
    const sent = target.requests('/api/widgets');
    const every = await campaign({ ...widget, EXPECTATIONS: write('every.json') }, ['02-presence']);
    expect(every.code).toBe(2);
    expect(every.stdout.join('\n')).toMatch(/\/expectations\/0 \(matrix\/label\+callback\): no suite has this case/);
    expect(target.requests('/api/widgets')).toBe(sent);
    // A misspelt operation applies to no run: the campaign refuses it before anything is sent.
    const setupSummary = join(dir, 'setup-summary.md');
    const misspelt = await campaign(
      { ...widget, EXPECTATIONS: write('misspelt.json', 'createGadgte'), GITHUB_STEP_SUMMARY: setupSummary },
      ['02-presence'],
    );
    // In GitHub Actions the job summary says it too, as a one-operation run's setup stop does.
    expect(readFileSync(setupSummary, 'utf8')).toBe(`No campaign index was written.\n\n**${misspelt.line}**\n`);
    expect(misspelt.code).toBe(2);
    expect(misspelt.line).toMatch(
      /^campaign: exit 2: expectations \S*misspelt\.json: \/expectations\/0 \(matrix\/label\+callback\): no operation createGadgte in the document; did you mean createGadget\?$/,
    );
    expect(target.requests('/api/widgets')).toBe(sent);
  }, 120_000);
});
