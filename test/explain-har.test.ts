/**
 * `npm run explain -- --har FILE` end to end, as a user runs it: a child process from a fresh working
 * folder, against the embedded reference service. The HAR is one a browser would export (cookies, a
 * session token, a query credential) or the probe's own reports/exchanges.har.
 */
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Har } from '../lib/har/types.js';
import { startServer, type TestServer } from '../lib/http/test-server.js';
import { startReceiver, type Receiver } from '../lib/receiver/server.js';
import { runProbe } from './run-probe.js';
import { runTool, type ToolRun } from './run-tool.js';
import { fiveFieldBody } from './support/five-field-body.js';

const PATH = '/_api/v2.0/drive/root/subscriptions';
const SECRETS = ['browser-SECRET-4c1d', 'cookie-SECRET-77ab', 'query-SECRET-9e02', 'answer-SECRET-0f3c'];

function runExplain(args: string[], cwd: string, env: Record<string, string> = {}): Promise<ToolRun> {
  return runTool('explain', { cwd, env, args, stdin: '', timeoutMs: 60_000 });
}

/** An entry as a browser's developer tools export it. */
function browserEntry(origin: string, status: number, body: object | undefined, at: string): object {
  return {
    startedDateTime: at,
    time: 130,
    request: {
      method: 'POST',
      url: `${origin}/sites/dev${PATH}?access_token=${SECRETS[2]}`,
      httpVersion: 'http/2.0',
      headers: [
        { name: 'Authorization', value: `Bearer ${SECRETS[0]}` },
        { name: 'Cookie', value: `FedAuth=${SECRETS[1]}` },
        { name: 'Content-Type', value: 'application/json' },
      ],
      cookies: [{ name: 'FedAuth', value: SECRETS[1] }],
      queryString: [{ name: 'access_token', value: SECRETS[2] }],
      ...(body !== undefined ? { postData: { mimeType: 'application/json', text: JSON.stringify(body) } } : {}),
      headersSize: -1,
      bodySize: -1,
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'http/2.0',
      headers: [{ name: 'set-cookie', value: `session=${SECRETS[3]}` }],
      cookies: [{ name: 'session', value: SECRETS[3] }],
      content: { size: 0, mimeType: 'application/json', text: '{}' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 0,
    },
    cache: {},
    timings: { blocked: 1, dns: -1, connect: -1, ssl: -1, send: 1, wait: 120, receive: 8 },
  };
}

const harOf = (...entries: object[]): string =>
  JSON.stringify({ log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, pages: [], entries } });

let receiver: Receiver;
/** The host the HAR's requests went to: explain must never contact it. */
let harHost: TestServer;
beforeAll(async () => {
  receiver = await startReceiver();
  harHost = await startServer((_req, res) => {
    res.end('{}');
  });
});
afterAll(async () => {
  await receiver.close();
  await harHost.close();
});

describe('npm run explain -- --har', () => {
  test("a browser's HAR: names the cause of its 400, shows no header, cookie or query value, never contacts its host", async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'explain-har-'));
    const five = fiveFieldBody(receiver.url, 'client-state');
    writeFileSync(
      join(cwd, 'session.har'),
      harOf(
        browserEntry(harHost.url, 200, undefined, '2026-11-20T10:00:00.000Z'),
        browserEntry(harHost.url, 400, five, '2026-11-20T10:00:01.000Z'),
      ),
    );
    const run = await runExplain(['--har', 'session.har'], cwd, { NOTIFICATION_URL: receiver.url });
    const out = `${run.stdout}\n${run.stderr}`;
    expect(run.code, out).toBe(0);
    expect(run.stdout).toContain(
      `input: session.har entry 2: POST ${harHost.url}/sites/dev${PATH} (query not shown), answered 400 at 2026-11-20T10:00:01.000Z`,
    );
    expect(run.stdout).toContain(
      'input: its headers and cookies: not shown, not sent; explain sends the token generated for the embedded reference instead',
    );
    expect(run.stdout).toContain(
      'Either changeType or resource makes it 400; remove both: the target rejects this body as long as it has either; without them it answers 201.',
    );
    expect(run.stdout).toContain('"Authorization: Bearer $ACCESS_TOKEN"');
    for (const secret of SECRETS) expect(out).not.toContain(secret);
    expect(harHost.hits).toHaveLength(0);
  }, 90_000);

  test("the probe's own exchanges.har, explained online (with and without the run's report as a hint) and offline with it", async () => {
    const probe = await runProbe({}, ['01-spec', '02-presence']);
    expect(probe.code, probe.stdout + probe.stderr).toBe(0);
    const har = JSON.parse(readFileSync(join(probe.reportDir, 'exchanges.har'), 'utf8')) as Har;
    const spec = har.log.entries.findIndex((e) => e._case === 'spec-4/observation-all-five');
    expect(har.log.entries[spec]?.response.status).toBe(400);
    const entry = String(spec + 1);

    // The matrix's 4xx requests are in it too: the spec's own observation is picked by its entry number.
    const listed = await runExplain(['--har', 'exchanges.har'], probe.reportDir);
    expect(listed.code).toBe(2);
    expect(listed.stderr).toContain(`  --entry ${entry}: 400 at `);
    const online = await runExplain(['--har', 'exchanges.har', '--entry', entry], probe.reportDir);
    expect(online.code, online.stdout + online.stderr).toBe(0);
    expect(online.stdout).toMatch(
      /^input: exchanges\.har entry \d+: POST http:\/\/127\.0\.0\.1:\d+\/_api\/v2\.0\/drive\/root\/subscriptions, answered 400 at /m,
    );
    expect(online.stdout).toContain('Either changeType or resource makes it 400; remove both');

    // The run's report as a hint: the same answer, in no more creates. (Not fewer here: the body's
    // notificationUrl is the finished run's receiver, so the prediction with the user's values is
    // rejected; it is the values step's own first question, asked either way.)
    const creates = (stdout: string): number => Number(/^Requests: \d+ of the budget of \d+ \((\d+) creates/m.exec(stdout)?.[1]);
    const hinted = await runExplain(['--har', 'exchanges.har', '--entry', entry, '--hint', 'behaviour-report.json'], probe.reportDir);
    expect(hinted.code, hinted.stdout + hinted.stderr).toBe(0);
    expect(hinted.stdout).toMatch(/^hint: behaviour-report\.json \(made [^)]+\) predicts: take out changeType and resource; asked first/m);
    expect(hinted.stdout).toContain('Either changeType or resource makes it 400; remove both');
    expect(hinted.stdout).toContain('The value of notificationUrl causes the 400 as well');
    expect(creates(hinted.stdout)).toBeLessThanOrEqual(creates(online.stdout));

    // Nothing listens on port 9: a request would fail the run.
    const offline = await runExplain(['--har', 'exchanges.har', '--entry', entry, '--report', 'behaviour-report.json'], probe.reportDir, {
      BASE_URL: 'http://127.0.0.1:9',
    });
    expect(offline.code, offline.stdout + offline.stderr).toBe(0);
    expect(offline.stdout).toContain('input: its headers and cookies: not shown; nothing is sent (--report)');
    expect(offline.stdout).toMatch(/take out changeType and resource/);
  }, 120_000);

  test('several 4xx requests: listed with entry, status and time, exit 2; --entry picks one', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'explain-har-'));
    const body = {
      notificationUrl: receiver.url,
      expirationDateTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      resource: '/me/drive/root',
    };
    writeFileSync(
      join(cwd, 'two.har'),
      harOf(
        browserEntry(harHost.url, 400, body, '2026-11-20T10:00:01.000Z'),
        browserEntry(harHost.url, 401, body, '2026-11-20T10:00:02.000Z'),
      ),
    );
    const listed = await runExplain(['--har', 'two.har'], cwd);
    expect(listed.code).toBe(2);
    expect(listed.stdout).toBe('');
    expect(listed.stderr).toBe(
      'explain: two.har: 2 requests to the operation got a 4xx; pick one with --entry N:\n  --entry 1: 400 at 2026-11-20T10:00:01.000Z\n  --entry 2: 401 at 2026-11-20T10:00:02.000Z\n',
    );
    const picked = await runExplain(['--har', 'two.har', '--entry', '2'], cwd, { NOTIFICATION_URL: receiver.url });
    expect(picked.code, picked.stdout + picked.stderr).toBe(0);
    expect(picked.stdout).toContain('input: two.har entry 2: POST');
    expect(picked.stdout).toContain('Cause: resource is refused in this body: this body is refused (400) while resource is present');
    expect(picked.stdout).toContain('Smallest change that gets a 2xx, of one field each: take out resource.');
    expect(harHost.hits).toHaveLength(0);
  }, 90_000);

  test.each([
    ['not JSON', 'bad.har', (cwd: string) => writeFileSync(join(cwd, 'bad.har'), 'GET / HTTP/1.1'), /^explain: bad\.har: not valid JSON/],
    [
      'not a HAR',
      'bad.har',
      (cwd: string) => writeFileSync(join(cwd, 'bad.har'), '{"entries":[]}'),
      /^explain: bad\.har: JSON but not a HAR/,
    ],
    [
      'no matching request',
      'bad.har',
      (cwd: string) => writeFileSync(join(cwd, 'bad.har'), harOf(browserEntry('https://x.example', 201, {}, ''))),
      /^explain: bad\.har: none of its 1 entries is a POST/,
    ],
    // A sparse file: its size is seen before anything is read.
    [
      'a 300 MB file',
      'huge.har',
      (cwd: string) => {
        writeFileSync(join(cwd, 'huge.har'), '');
        truncateSync(join(cwd, 'huge.har'), 300 * 1024 * 1024);
      },
      /^explain: huge\.har: 300 MB, over the 50 MB a HAR may have/,
    ],
    ['a missing file', 'absent.har', () => undefined, /^explain: absent\.har: cannot read it \(ENOENT\)/],
  ])(
    '%s: one line, exit 2',
    async (_, name, make, line) => {
      const cwd = mkdtempSync(join(tmpdir(), 'explain-har-'));
      make(cwd);
      const run = await runExplain(['--har', name], cwd);
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.stderr).toMatch(line);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stdout).toBe('');
    },
    60_000,
  );
});
