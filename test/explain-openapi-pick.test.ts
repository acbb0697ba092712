/**
 * explain with OPENAPI and no OPERATION_ID picks the operation by the pasted request's method and path
 * (lib/explain/pick-operation.ts): a template matches the path's last segments, a `{param}` any one segment. The
 * command, against a loopback target serving createGadget of test/fixtures/openapi/campaign-3.1.yaml, says which
 * operation it picked and explains against it; a path matching none is one line and exit 2, nothing sent.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pickOperation, templateMatches } from '../lib/explain/pick-operation.js';
import { readOpenApi } from '../lib/operation/openapi/index.js';
import { runTool } from './run-tool.js';
import { startCampaignTarget, type CampaignTarget } from './support/campaign-target.js';

const DOCUMENT = new URL('fixtures/openapi/campaign-3.1.yaml', import.meta.url).pathname;
const TOKEN = 'pick-7d2k-q9w1';

describe('pickOperation', () => {
  test('by method and path, below any base path; a {param} is one segment; none or several name the candidates', async () => {
    const doc = await readOpenApi(DOCUMENT, 'campaign-3.1.yaml');
    expect(pickOperation(doc, { method: 'post', path: '/base/v1/api/gadgets' })).toEqual({
      id: 'createGadget',
      method: 'POST',
      path: '/api/gadgets',
    });
    expect(pickOperation(doc, { method: 'POST', path: '/api/widgets/w-1/parts' })).toMatchObject({ id: 'createPart' });
    expect(pickOperation(doc, { method: 'PATCH', path: '/api/orders/o%2F1' })).toMatchObject({ id: 'updateOrder' });
    expect(pickOperation(doc, { method: 'POST', path: '/api/widgets/w-1/parts/p-2' })).toEqual({
      problem:
        'no operation of campaign-3.1.yaml matches POST /api/widgets/w-1/parts/p-2 (its POST operations: createWidget (POST /api/widgets), createPart (POST /api/widgets/{widget-id}/parts), createGadget (POST /api/gadgets)); give --operation-id',
    });
    expect(pickOperation(doc, { method: 'PUT', path: '/api/widgets' })).toMatchObject({
      problem: expect.stringContaining('it has no PUT operation'),
    });
    const dir = mkdtempSync(join(tmpdir(), 'pick-'));
    const twin = join(dir, 'twin.yaml');
    const op = (id: string) => `    post:\n      operationId: ${id}\n      responses: { '201': { description: ok } }\n`;
    writeFileSync(
      twin,
      `openapi: 3.1.0\ninfo: { title: t, version: '1' }\npaths:\n  /{kind}/items:\n${op('createAny')}  /boxes/{box}:\n${op('createBox')}`,
    );
    expect(pickOperation(await readOpenApi(twin, 'twin.yaml'), { method: 'POST', path: '/boxes/items' })).toEqual({
      problem:
        'POST /boxes/items matches 2 operations of twin.yaml: createAny (POST /{kind}/items), createBox (POST /boxes/{box}); give --operation-id',
    });
  });

  test('templateMatches goes segment by segment: a {param} never spans two, a literal never matches another', () => {
    expect(templateMatches('/a/{x}/c', '/a/b/c')).toBe(true);
    expect(templateMatches('/a/{x}/c', '/a/b/b2/c')).toBe(false);
    expect(templateMatches('/a/{x}', '/a/')).toBe(false);
    expect(templateMatches('/a/b', '/root/a/b')).toBe(true);
    expect(templateMatches('/a/b', '/a/bb')).toBe(false);
  });
});

describe('npx subscription-conformance explain --openapi doc.yaml <cURL>', () => {
  let target: CampaignTarget;
  let cwd: string;
  beforeAll(async () => {
    target = await startCampaignTarget(
      [{ path: '/api/gadgets', method: 'POST', fields: ['label', 'callback', 'weight', 'owner'], rule: 'label && callback' }],
      TOKEN,
    );
    cwd = mkdtempSync(join(tmpdir(), 'explain-pick-'));
  });
  afterAll(async () => {
    await target.close();
  });
  const explain = (curl: string) =>
    runTool('explain', {
      cwd,
      env: { BASE_URL: target.url, ACCESS_TOKEN: TOKEN, REPEATS: '1', REQUESTS_PER_SECOND: '1000' },
      args: ['--openapi', DOCUMENT, '--budget', '20', '-'],
      stdin: curl,
      timeoutMs: 60_000,
    });

  test('picks the operation the request was sent to, says so first, and explains against it', async () => {
    const run = await explain(`curl -X POST 'https://svc.example/v1/api/gadgets' -H 'Content-Type: application/json' -d '{"label":"g-1"}'`);
    const lines = run.stdout.split('\n');
    expect(lines[0], run.stderr).toBe(
      "explain: operation createGadget (POST /api/gadgets) of campaign-3.1.yaml, picked by the request's method and path",
    );
    expect(run.stdout).toMatch(/callback/);
    expect(run.code, run.stdout + run.stderr).toBe(0);
  }, 70_000);

  test('a path no operation matches is one line naming the candidates, exit 2, nothing sent', async () => {
    const before = target.requests('/api/gadgets');
    const run = await explain(`curl -X POST 'https://svc.example/api/gizmos' -d '{"label":"g-1"}'`);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      'explain: no operation of campaign-3.1.yaml matches POST /api/gizmos (its POST operations: createWidget (POST /api/widgets), createPart (POST /api/widgets/{widget-id}/parts), createGadget (POST /api/gadgets)); give --operation-id',
    ]);
    expect([target.requests('/api/gadgets'), target.requests('/api/gizmos')]).toEqual([before, 0]);
  }, 70_000);
});
