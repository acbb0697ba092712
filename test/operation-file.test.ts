/**
 * The operation as a description file, end to end: the shipped drive description gives the report
 * the TypeScript operation gave before (test/fixtures, recorded with SEED=1 on main at a6d4af5, the
 * last code with lib/operation/subscription-create.ts; recorded again when the handshake cases moved to
 * receiver scopes, whose URLs the target's messages echo: /notifications/scope/slow; when the renewal search
 * stopped at the longest lifetime a create got, which changed the renew case's words and PATCHes; and when rejection
 * groups came to list the fields their errors name, their patterns masking fields however the message writes them;
 * and when value classes came to be asked in groups, which changed accepted values' words, bases and examples and the
 * limits' request counts, not a verdict, role, rule or rejection group; and when the handshake deadline's finding came
 * to say what became of the deadline the description documents, edited in place),
 * and a broken description stops every command before any request, one line per problem.
 *
 * When the report itself changes on purpose (a new key, other wording), record the fixture again:
 * `REQUESTS_PER_SECOND=1000 CONCURRENCY=8 SEED=1 npm run probe`, then copy reports/behaviour-report.json.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { stringify } from 'yaml';
import type { BehaviourReport } from '../lib/report/types.js';
import { runProbe } from './run-probe.js';
import { runTool } from './run-tool.js';
import { scrub, stableReport } from './support/stable-report.js';

const ROOT = new URL('..', import.meta.url).pathname;
const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const FAST = { SEED: '1' };

// Each case has its own report folder and embedded reference: they run at once.
describe.concurrent('OPERATION: the operation description file', () => {
  test('the shipped drive description gives the report the code-defined operation gave (times, ids, ports aside)', async () => {
    const before = readJson<BehaviourReport>(join(ROOT, 'test/fixtures/drive-subscription-v2.before.behaviour-report.json'));
    const run = await runProbe(FAST);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'operation: subscription-create (operations/drive-subscription-v2.json): POST /_api/v2.0/drive/root/subscriptions, 5 fields',
    );
    const after = readJson<BehaviourReport>(join(run.reportDir, 'behaviour-report.json'));
    expect(stableReport(after)).toEqual(stableReport(before));
    // The observed contract (reports/observed-openapi.json) is written from the report and the operation.
    const contractBefore = readJson<unknown>(join(ROOT, 'test/fixtures/drive-subscription-v2.before.observed-openapi.json'));
    expect(scrub(readJson<unknown>(join(run.reportDir, 'observed-openapi.json')))).toEqual(scrub(contractBefore));
    const html = readFileSync(join(run.reportDir, 'behaviour-report.html'), 'utf8');
    expect(html).toMatch(/<title>Behaviour report: subscription-create \(POST \/_api\/v2\.0\/drive\/root\/subscriptions\) on /);
  }, 300_000);

  test('a YAML description given with --operation is the one probed and named in the report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'op-renamed-'));
    const description = readJson<Record<string, unknown>>(join(ROOT, 'operations/drive-subscription-v2.json'));
    writeFileSync(join(dir, 'renamed.yaml'), stringify({ ...description, id: 'renamed-create' }));
    const run = await runProbe({ ...FAST, REPORT_DIR: dir }, ['--operation', 'renamed.yaml', '01-spec']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('operation: renamed-create (renamed.yaml): POST /_api/v2.0/drive/root/subscriptions, 5 fields');
    expect(readJson<BehaviourReport>(join(dir, 'behaviour-report.json')).operation.id).toBe('renamed-create');
  }, 300_000);

  test('a broken description: exit 2 before any request, one line per problem naming the file and the pointer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'op-broken-'));
    copyFileSync(join(ROOT, 'operations/drive-subscription-v2.json'), join(dir, 'ok.json'));
    const broken = readJson<{ fields: { good: unknown; name: string }[]; method: string; limits: { high: number }[] }>(
      join(dir, 'ok.json'),
    );
    broken.method = 'FETCH';
    broken.fields[1]!.good = { kind: 'receiverURL' };
    broken.fields[2]!.name = 'changeType';
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(broken));
    // Each line says where the value came from: here the flag.
    const expected = [
      'config error: OPERATION: broken.json#/method: must be one of POST, PUT, PATCH (from --operation)',
      'config error: OPERATION: broken.json#/fields/1/good/kind: unknown kind "receiverURL"; one of literal, receiverUrl, instant, unique, stringOfLength (from --operation)',
    ];
    const probe = await runProbe({ REPORT_DIR: dir }, ['--operation', 'broken.json']);
    expect(probe.code).toBe(2);
    expect(probe.stderr.trim().split('\n')).toEqual(expected);
    expect(probe.stdout).not.toContain('passed');
    // Each command reads the same setting, through the same flag.
    for (const tool of ['explain', 'baseline', 'cleanup']) {
      const args = tool === 'explain' ? ['--operation', 'broken.json', 'ok.json'] : ['--operation', 'broken.json'];
      const run = await runTool(tool, { cwd: dir, env: {}, args, timeoutMs: 60_000 });
      expect(run.code, `${tool}: ${run.stdout}${run.stderr}`).toBe(2);
      expect(run.stderr.trim().split('\n'), tool).toEqual(expected);
    }
    // Once the method and kind are fixed, what the schema cannot see: a field named twice.
    broken.method = 'POST';
    broken.fields[1]!.good = { kind: 'receiverUrl' };
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(broken));
    const again = await runTool('cleanup', { cwd: dir, env: { OPERATION: 'broken.json' }, timeoutMs: 60_000 });
    expect(again.code).toBe(2);
    expect(again.stderr.trim()).toBe('config error: OPERATION: broken.json#/fields/2/name: "changeType" is already the name of /fields/0');
  }, 300_000);

  test('a baseline of another operation is refused in one line, by the probe and by npm run baseline', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'op-baseline-'));
    const baseline = readJson<{ operation: { id: string } }>(join(ROOT, 'baselines/embedded-default.json'));
    baseline.operation.id = 'graph-subscription-create';
    writeFileSync(join(dir, 'other.json'), JSON.stringify(baseline));
    const probe = await runProbe({ REPORT_DIR: dir }, ['--baseline', 'other.json']);
    expect(probe.code).toBe(2);
    expect(probe.stderr.trim()).toBe(
      'probe: baseline other.json is of operation "graph-subscription-create", not "subscription-create" (operations/drive-subscription-v2.json)',
    );
    const report = join(ROOT, 'test/fixtures/drive-subscription-v2.before.behaviour-report.json');
    const accept = await runTool('baseline', {
      cwd: dir,
      env: {},
      args: ['--report', report, '--baseline', 'other.json', '--accept'],
      timeoutMs: 60_000,
    });
    expect(accept.code).toBe(1);
    expect(accept.stderr.trim()).toBe(
      'baseline: other.json is a baseline of operation "graph-subscription-create", the report of "subscription-create": give another --baseline or TARGET_NAME',
    );
    const named = await runTool('baseline', {
      cwd: dir,
      env: {},
      args: ['--report', report, '--operation', 'operations/graph-subscription-v1.json'],
      timeoutMs: 60_000,
    });
    expect(named.code).toBe(2);
    expect(named.stderr.trim()).toMatch(
      /^baseline: \S+ is a report of operation "subscription-create", not "graph-subscription-create" \(operations\/graph-subscription-v1\.json\)$/,
    );
  }, 300_000);
});
