/**
 * A campaign's files over every operation (lib/run/campaign-outputs.ts), as the command writes them, in process:
 * test/fixtures/openapi/campaign-3.1.yaml against a loopback target (test/support/campaign-target.ts) serving both
 * operations the tool builds, then one serving createGadget only. The one observed contract holds each run operation
 * and is valid OpenAPI 3.1; the one SARIF is valid by the SARIF 2.1.0 schema and points each result at its
 * operation's `operationId:` line of the document.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectValidOpenApi } from './support/openapi-valid.js';
import type { Json } from '../lib/json.js';
import type { SarifLog } from '../lib/report/render-sarif.js';
import type { CampaignIndex } from '../lib/run/campaign-index.js';
import { campaignLine, type CampaignRun } from './support/run-campaign.js';
import { startCampaignTarget, type CampaignTarget, type ServedRule } from './support/campaign-target.js';
import { sarifSchemaErrors } from './support/sarif-schema.js';

const DOCUMENT = new URL('fixtures/openapi/campaign-3.1.yaml', import.meta.url).pathname;
const LINES = readFileSync(DOCUMENT, 'utf8').split('\n');
const TOKEN = 'cmp-out-5r8w-k2m1';
const WIDGET: ServedRule = { path: '/api/widgets', method: 'POST', fields: ['name', 'color', 'note'], rule: 'name && !color' };
const GADGET: ServedRule = {
  path: '/api/gadgets',
  method: 'POST',
  fields: ['label', 'callback', 'weight', 'owner'],
  rule: 'label && callback',
};

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** The campaign `probe 02-presence` runs over the document's buildable operations against `url`, in this process. */
const campaign = (url: string): Promise<CampaignRun> =>
  campaignLine(
    {
      BASE_URL: url,
      ACCESS_TOKEN: TOKEN,
      OPENAPI: DOCUMENT,
      MAX_REQUESTS: '600',
      SEED: '1',
      OPERATIONS: 'createWidget,createGadget,updateOrder',
    },
    ['02-presence'],
    { prefix: 'campaign-outputs-', stop: AbortSignal.timeout(120_000) },
  );

/** Each result's line of the document: the text at it. */
const resultLines = (log: SarifLog): [string, string][] =>
  (log.runs[0]?.results ?? []).map((r) => [r.ruleId, LINES[(r.locations[0]?.physicalLocation.region?.startLine ?? 0) - 1] ?? '']);

describe('a campaign writes one observed contract, one overlay and one SARIF over its operations', () => {
  let target: CampaignTarget;
  let run: Awaited<ReturnType<typeof campaign>>;
  beforeAll(async () => {
    target = await startCampaignTarget([WIDGET, GADGET], TOKEN);
    run = await campaign(target.url);
  }, 150_000);
  afterAll(async () => {
    await target.close();
  });

  test('observed-openapi.json holds both run operations under their paths, is valid OpenAPI 3.1, and the index names it', async () => {
    expect(run.code, run.stdout.join('\n')).toBe(0);
    const doc = readJson<Json>(join(run.reportDir, 'observed-openapi.json'));
    await expectValidOpenApi(doc);
    const paths = doc.paths as Record<string, Record<string, { operationId?: string }>>;
    expect(paths['/api/widgets']?.post?.operationId).toBe('createWidget');
    expect(paths['/api/gadgets']?.post?.operationId).toBe('createGadget');
    for (const [id, path] of [
      ['createWidget', '/api/widgets'],
      ['createGadget', '/api/gadgets'],
    ] as const) {
      const own = readJson<{ paths: Record<string, { post: Json }> }>(join(run.reportDir, 'operations', id, 'observed-openapi.json'));
      expect(paths[path]?.post).toEqual({ ...own.paths[path]?.post, security: [{ bearer: [] }] });
    }
    const info = doc.info as { description: string; 'x-observed': { operations: string[] } };
    expect(info['x-observed'].operations).toEqual(['createWidget', 'createGadget']);
    expect(info.description).toContain('Not in it: updateOrder (skipped');
    expect(YAML.parse(readFileSync(join(run.reportDir, 'observed-openapi.yaml'), 'utf8'))).toEqual(doc);
    const index = readJson<CampaignIndex>(join(run.reportDir, 'index.json'));
    expect(index.files?.contract).toEqual({
      json: 'observed-openapi.json',
      yaml: 'observed-openapi.yaml',
      operations: ['createWidget', 'createGadget'],
    });
    expect(readFileSync(join(run.reportDir, 'index.md'), 'utf8')).toContain(
      '- observed-openapi.json and observed-openapi.yaml: the observed contract of createWidget, createGadget',
    );
  });

  test("observed-overlay.yaml holds every run's actions, in document order, over the one document", () => {
    type Overlay = { extends: string; actions: unknown[] };
    const joined = YAML.parse(readFileSync(join(run.reportDir, 'observed-overlay.yaml'), 'utf8')) as Overlay;
    const own = ['createWidget', 'createGadget'].map(
      (id) => YAML.parse(readFileSync(join(run.reportDir, 'operations', id, 'observed-overlay.yaml'), 'utf8')) as Overlay,
    );
    expect(joined.extends).toBe('campaign-3.1.yaml');
    expect(joined.actions).toEqual(own.flatMap((o) => o.actions));
    expect(joined.actions.length).toBeGreaterThan(0);
  });

  test("the SARIF is one run, valid by schema; filtered to 02-presence it is partial, as each run's own is", () => {
    const log = readJson<SarifLog>(join(run.reportDir, 'results.partial.sarif'));
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs).toHaveLength(1);
    const rules = log.runs[0]?.tool.driver.rules.map((r) => r.id) ?? [];
    const own = ['createWidget', 'createGadget'].flatMap((id) =>
      (readJson<SarifLog>(join(run.reportDir, 'operations', id, 'results.partial.sarif')).runs[0]?.tool.driver.rules ?? []).map(
        (r) => `${id}/${r.id}`,
      ),
    );
    expect(rules).toEqual(own);
    expect(log.runs[0]?.invocations[0]?.executionSuccessful).toBe(false);
    const notes = log.runs[0]?.invocations[0]?.toolExecutionNotifications?.map((n) => n.message.text) ?? [];
    expect(notes.some((n) => n.startsWith('createGadget: A partial run: only the suites matching "02-presence" ran'))).toBe(true);
    // The operation no run checked is named with why: its results are missing from the campaign's.
    expect(notes.find((n) => n.startsWith('A partial campaign: '))).toMatch(
      /updateOrder was skipped \(`\{order-id\}`: no operation of the document creates an order/,
    );
    expect(readJson<CampaignIndex>(join(run.reportDir, 'index.json')).files?.sarif?.file).toBe('results.partial.sarif');
  });
});

describe('an operation the target does not serve', () => {
  test("is absent from the observed contract and a SARIF result on its operationId's line of the document", async () => {
    const target = await startCampaignTarget([GADGET], TOKEN);
    try {
      const run = await campaign(target.url);
      expect(run.code, run.stdout.join('\n')).toBe(1);
      const doc = readJson<{ paths: Json; info: { description: string } }>(join(run.reportDir, 'observed-openapi.json'));
      expect(Object.keys(doc.paths)).toEqual(['/api/gadgets']);
      expect(doc.info.description).toContain('createWidget (stopped:');
      const log = readJson<SarifLog>(join(run.reportDir, 'results.partial.sarif'));
      expect(sarifSchemaErrors(log)).toEqual([]);
      expect(log.runs[0]?.results[0]?.locations[0]?.physicalLocation.artifactLocation.uri).toBe('campaign-3.1.yaml');
      expect(resultLines(log)).toEqual([['createWidget/campaign/not-served', '      operationId: createWidget']]);
      expect(log.runs[0]?.results[0]?.message.text).toMatch(/every answer was 404/);
    } finally {
      await target.close();
    }
  }, 150_000);
});
