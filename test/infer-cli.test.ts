/**
 * `npm run infer -- FILE.har` end to end: the probe's own HAR gives the run's rule, roles and rejection
 * groups with no request sent, and value evidence that agrees with the run's value classes; a HAR with part
 * of the matrix says what it could not conclude.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Har } from '../lib/har/types.js';
import { subscriptionCreate } from '../lib/operation/index.js';
import type { BehaviourReport } from '../lib/report/types.js';
import type { TrafficValues } from '../lib/traffic/traffic-values.js';
import { runProbe } from './run-probe.js';
import { runTool } from './run-tool.js';

test("the probe's HAR gives its rule, roles and values with no request; part of it says what is left open; bad input exits 2", async () => {
  const probe = await runProbe({}, ['02-presence', '03-value']);
  expect(probe.code, probe.stdout + probe.stderr).toBe(0);
  const report = JSON.parse(readFileSync(join(probe.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;

  // BASE_URL names a port nothing listens on: a request would fail; infer sends none.
  const env = { BASE_URL: 'http://127.0.0.1:9', REPORT_DIR: join(probe.reportDir, 'inferred') };
  const whole = await runTool('infer', { cwd: probe.reportDir, env, args: ['exchanges.har'], timeoutMs: 60_000 });
  expect(whole.code, whole.stdout + whole.stderr).toBe(0);
  expect(whole.stdout).toContain(`rule: ${report.rule.expression} (exact on 32 of 32 combinations answered)`);
  expect(whole.stdout).toContain("this tool's presence-matrix cases");
  // The reference answers every rejection with the §7 object: all 4xx of the matrix pass the check.
  const bodies = /^error bodies: (\d+) of (\d+) 4xx answers are the spec's §7 error object$/m.exec(whole.stdout);
  expect(bodies?.[1], whole.stdout).toBe(bodies?.[2]);
  // Each of the 30 refused combinations was asked at least once (REPEATS=auto asks again only some).
  expect(Number(bodies?.[2])).toBeGreaterThanOrEqual(30);
  const inferred = JSON.parse(readFileSync(join(probe.reportDir, 'inferred', 'traffic-report.json'), 'utf8')) as {
    inferredFrom: { sent: number; used: number };
    fields: Record<string, { presence: string }>;
    rule: { expression: string };
    rejectionGroups: { summary: string }[];
    values: TrafficValues;
  };
  expect(inferred.inferredFrom.sent).toBe(0);
  expect(inferred.rule.expression).toBe(report.rule.expression);
  expect(Object.fromEntries(Object.entries(inferred.fields).map(([f, r]) => [f, r.presence]))).toEqual(
    Object.fromEntries(Object.entries(report.fields).map(([f, r]) => [f, r.presence])),
  );
  expect(inferred.rejectionGroups.map((g) => g.summary)).toEqual(report.rejectionGroups.map((g) => g.summary));

  // The value part reads the value and limit cases too. The value classes of a field share one base body (the
  // suite builds them from one moment and tag), so every class the run refused is tied to its value; no value
  // the run accepted is reported refused, and refused clientStates are longer than the longest accepted.
  expect(whole.stdout).toMatch(/^values: from \d+ request\(s\) to the operation/m);
  const clientState = inferred.values.fields.clientState;
  expect(clientState?.accepted.stringLength?.longest).toBe(report.values.clientState?.limits[0]?.value ?? 255);
  expect(clientState?.refusedStringLength?.shortest ?? 256).toBeGreaterThanOrEqual(256);
  let refusedInAll = 0;
  for (const [field, values] of Object.entries(inferred.values.fields)) {
    const classes = report.values[field];
    // A value sent under the field's name in another letter case is no value of the field (its body lacks the field).
    const renamed = new Set(
      subscriptionCreate.fields
        .find((f) => f.name === field)
        ?.classes.filter((c) => c.sendAs !== undefined)
        .map((c) => c.id),
    );
    const accepted = new Set(classes?.accepted.filter((c) => !renamed.has(c.classId)).map((c) => c.sent));
    const rejected = new Set(classes?.rejected.filter((c) => !renamed.has(c.classId)).map((c) => c.sent));
    refusedInAll += values.refusedCount;
    for (const refused of values.refused) {
      expect(accepted.has(refused.value), `${field} ${refused.value ?? ''}`).toBe(false);
      if (field === 'notificationUrl') expect(rejected.has(refused.value), `${field} ${refused.value ?? ''}`).toBe(true);
    }
    const tied = new Set(values.refused.filter((r) => r.basis === 'one-value-changed').map((r) => r.value));
    for (const sent of rejected) expect(tied.has(sent), `${field} ${sent ?? ''} refused by the run, not tied by infer`).toBe(true);
  }
  expect(refusedInAll).toBeGreaterThan(0);

  // Part of the traffic: the matrix's entries with clientState absent only (16 of the 32 combinations).
  const har = JSON.parse(readFileSync(join(probe.reportDir, 'exchanges.har'), 'utf8')) as Har;
  const partial = {
    log: { ...har.log, entries: har.log.entries.filter((e) => !(e.request.postData?.text ?? '').includes('clientState')) },
  };
  writeFileSync(join(probe.reportDir, 'partial.har'), JSON.stringify(partial));
  const part = await runTool('infer', { cwd: probe.reportDir, env, args: ['partial.har'], timeoutMs: 60_000 });
  expect(part.code, part.stdout + part.stderr).toBe(0);
  expect(part.stdout).toContain('(exact on 16 of 32 combinations answered)');
  expect(part.stdout).toMatch(/^not concluded: 16 of 32 combinations have no usable answer, e\.g\. \{[^}]*clientState[^}]*\}/m);
  expect(part.stdout).toMatch(/^ {2}clientState +undetermined$/m);

  // Bad input: one line, exit 2.
  writeFileSync(join(probe.reportDir, 'notes.txt'), 'the request failed');
  const bad = await runTool('infer', { cwd: probe.reportDir, env, args: ['notes.txt'], timeoutMs: 60_000 });
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/^infer: notes\.txt: not valid JSON/);
  expect(bad.stderr.trimEnd().split('\n')).toHaveLength(1);
}, 240_000);

test('a secret in a recorded body or header never reaches the console or traffic-report.json; the configured token is redacted', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'infer-secret-'));
  const token = 'configured-token-5f1e2d3c4b5a';
  const bearer = 'Bearer q8Zr2LmX0pVt7Kc4Nw1Hs9Bd';
  const url = 'https://api.example/_api/v2.0/drive/root/subscriptions';
  const base = { notificationUrl: 'https://hooks.example/n', expirationDateTime: '2026-12-01T00:00:00Z' };
  const entry = (body: object, status: number, message = 'bad'): object => ({
    startedDateTime: '2026-11-20T10:00:00.000Z',
    time: 5,
    request: {
      method: 'POST',
      url,
      headers: [
        { name: 'Authorization', value: bearer },
        { name: 'Cookie', value: 'session=cookie-value-77aa' },
        { name: 'Content-Type', value: 'application/json' },
      ],
      postData: { mimeType: 'application/json', text: JSON.stringify(body) },
    },
    response: {
      status,
      headers: [],
      content: {
        size: 0,
        mimeType: 'application/json',
        text: status < 300 ? '{}' : JSON.stringify({ error: { code: 'invalidRequest', message } }),
      },
    },
  });
  const har = {
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      entries: [
        entry(base, 201), // a combination answered alike: the presence part has a role to state
        entry({ ...base, clientState: 'plain-1' }, 201),
        entry({ ...base, clientState: bearer }, 400, `clientState '${bearer}' is not allowed`),
        entry({ ...base, clientState: `x-${token}` }, 201),
        entry({ notificationUrl: base.notificationUrl }, 400, `expirationDateTime is missing (token ${token})`), // echoed into the matrix and rejection groups
      ],
    },
  };
  writeFileSync(join(dir, 'secret.har'), JSON.stringify(har));

  const run = await runTool('infer', {
    cwd: dir,
    env: { BASE_URL: 'http://127.0.0.1:9', REPORT_DIR: join(dir, 'out'), ACCESS_TOKEN: token },
    args: ['secret.har'],
    timeoutMs: 60_000,
  });
  const written = readFileSync(join(dir, 'out', 'traffic-report.json'), 'utf8');

  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(run.stdout).toMatch(/^ {2}\(not shown: looks like a secret; a string of \d+ characters\): 400 invalidRequest/m);
  for (const text of [run.stdout + run.stderr, written]) {
    for (const secret of ['q8Zr2LmX', 'cookie-value', token, token.slice(-12), '<n>f<n>e<n>d']) expect(text).not.toContain(secret);
  }
}, 90_000);
