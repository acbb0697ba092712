/**
 * From an OpenAPI document to a probe run, as a user does it: `npm run operation` writes the
 * description (saying what it needs), and `npm run probe -- --openapi ... --operation-id ...` probes it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import { runProbe } from './run-probe.js';
import { runTool } from './run-tool.js';

const ROOT = new URL('..', import.meta.url).pathname;
const fixture = (name: string): string => join(ROOT, 'test/fixtures/openapi', name);

describe('npm run operation', () => {
  test('writes the description to standard output; one line per field that needs a good value; exit 1 until complete', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'op-openapi-'));
    const run = await runTool('operation', {
      cwd: dir,
      env: {},
      args: ['--openapi', fixture('things-3.1.json'), '--operation-id', 'createHook'],
    });
    expect(run.code, run.stderr).toBe(1);
    const needs = run.stderr.split('\n').filter((l) => l.startsWith('operation: needs: '));
    expect(needs).toEqual([
      'operation: needs: fields/3 secret: needs a good value (no example, examples, default or enum and no format for a string); add "good": {"kind": "literal", "value": ...}',
      'operation: needs: fields/4 tags: needs a good value (no example, examples, default or enum for an array); add "good": {"kind": "literal", "value": ...}',
    ]);
    const description = JSON.parse(run.stdout) as { id: string; fields: { name: string; good?: unknown }[] };
    expect(description.id).toBe('createHook');
    // Completed by hand, it is a description every command takes.
    for (const f of description.fields) if (f.good === undefined) f.good = { kind: 'literal', value: f.name === 'tags' ? ['a'] : 'x' };
    writeFileSync(join(dir, 'hook.json'), JSON.stringify(description));
    const check = await runTool('cleanup', { cwd: dir, env: { OPERATION: 'hook.json' }, args: ['--dry-run'] });
    expect(check.code, check.stderr).toBe(0);
  }, 120_000);

  test('a complete description: exit 0; a usage error: exit 2 in one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'op-openapi-'));
    const ok = await runTool('operation', { cwd: dir, env: { OPENAPI: fixture('drive-3.1.yaml'), OPERATION_ID: 'createSubscription' } });
    expect(ok.code, ok.stderr).toBe(0);
    expect((JSON.parse(ok.stdout) as { path: string }).path).toBe('/_api/v2.0/drive/root/subscriptions');
    const bad = await runTool('operation', { cwd: dir, env: {}, args: ['--openapi', fixture('drive-3.1.yaml')] });
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('config error: OPENAPI: needs OPERATION_ID, the operationId of the operation to probe');
  }, 120_000);
});

describe('npm run probe -- --openapi FILE --operation-id ID', () => {
  test('probes the operation the document describes, and keeps the description it built beside the reports', async () => {
    const run = await runProbe({ SEED: '1' }, [
      '--openapi',
      fixture('drive-3.1.yaml'),
      '--operation-id',
      'createSubscription',
      '02-presence',
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
    expect(report.operation.id).toBe('createSubscription');
    expect(report.operation.fields).toEqual(['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState']);
    expect(report.matrix).toHaveLength(32);
    expect(report.rule.expression).toBe('notificationUrl && expirationDateTime && !changeType && !resource');
    const built = JSON.parse(readFileSync(join(run.reportDir, 'operation.json'), 'utf8')) as { undo?: { deletePath: string } };
    expect(built.undo?.deletePath).toBe('/_api/v2.0/drive/root/subscriptions/{id}');
    expect(run.stdout).toMatch(
      /ledger: this run created \d+ subscription\(s\): \d+ deleted by their cases, 0 at the end of the run, 0 could not be deleted/,
    );
  }, 300_000);

  test('a document that leaves a good value open is refused before any request, one line per item', async () => {
    const run = await runProbe({}, ['--openapi', fixture('things-3.1.json'), '--operation-id', 'createHook']);
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^config error: OPENAPI: \S*things-3\.1\.json createHook: fields\/3 secret: needs a good value/);
    expect(lines).toHaveLength(3);
  }, 120_000);
});
