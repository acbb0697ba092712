/**
 * `npm run explain` end to end, as a user runs it: a child process from a fresh working folder with a
 * clean environment, against the embedded reference service (default profile).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { observe } from './support/observe.js';
import { startReceiver, type Receiver } from '../lib/receiver/server.js';
import { runTool, type ToolRun } from './run-tool.js';
import { fiveFieldBody } from './support/five-field-body.js';

const PASTED_TOKEN = 'eyJ0eXAiOi-PASTED-SENTINEL-31f7';
const CONFIGURED_TOKEN = 'configured-SENTINEL-a9d2e4';

function runExplain(
  args: string[],
  env: Record<string, string>,
  stdin?: string,
  cwd = mkdtempSync(join(tmpdir(), 'explain-')),
): Promise<ToolRun> {
  return runTool('explain', { cwd, env, args, stdin: stdin ?? '', timeoutMs: 60_000 });
}

let receiver: Receiver;
beforeAll(async () => {
  // The user's own receiver, named in NOTIFICATION_URL and in the pasted body: the reference's
  // handshake reaches it, so the notificationUrl value is fine and only presence is at fault.
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

describe('npm run explain', () => {
  test("the spec's five-field body pasted as cURL: changeType and resource, the body without them, no token printed", async () => {
    // Arrange
    const body = fiveFieldBody(receiver.url);
    const paste = `$ curl -sS -X POST 'https://contoso-my.sharepoint.com/personal/a_contoso_com/_api/v2.0/drive/root/subscriptions' \\
    -H 'Content-Type: application/json' \\
    -H 'Authorization: Bearer ${PASTED_TOKEN}' \\
    --data-raw '${JSON.stringify(body)}' | jq .`;
    // Act
    const run = await runExplain(['-'], { ACCESS_TOKEN: CONFIGURED_TOKEN, NOTIFICATION_URL: receiver.url }, paste);
    // Assert
    const out = `${run.stdout}\n${run.stderr}`;
    expect(run.code, out).toBe(0);
    expect(out).not.toContain(PASTED_TOKEN);
    expect(out).not.toContain(CONFIGURED_TOKEN);
    expect(run.stdout).toContain(
      'input: its Authorization header held a credential: not shown, not sent; explain sends the configured token (ACCESS_TOKEN) instead',
    );
    expect(run.stdout).toContain(
      'Either changeType or resource makes it 400; remove both: the target rejects this body as long as it has either; without them it answers 201.',
    );
    expect(run.stdout).toContain('Smallest change that gets a 2xx: take out changeType and resource.');
    expect(run.stdout).toContain('"Authorization: Bearer $ACCESS_TOKEN"');
    // The cURL command was sent to another service: the conclusion says which target it is about.
    expect(run.stdout).toMatch(
      /^about: the embedded reference service .*\(http:\/\/127\.0\.0\.1:\d+\), which explain asked; not https:\/\/contoso-my\.sharepoint\.com\/personal\/a_contoso_com, where the cURL command was sent$/m,
    );
    const printed = /Body without changeType and resource:\n(\{[\s\S]*?\n\})/.exec(run.stdout)?.[1];
    expect(printed, run.stdout).toBeDefined();
    expect(JSON.parse(printed ?? '{}')).toEqual({
      notificationUrl: receiver.url,
      expirationDateTime: body.expirationDateTime,
      clientState: body.clientState,
    });
    const requests = Number(/Requests: (\d+) of the budget of 64/.exec(run.stdout)?.[1]);
    // 7 requests to find and show it (5 creates, 2 deletes), 7 more to ask each deciding question again.
    expect(requests).toBeLessThanOrEqual(14);
    console.log(`explain on the spec's five-field body: ${requests} requests`);
  }, 90_000);

  // Without repeats the five-field body costs four creates: as sent, changeType and resource (what its refusal names)
  // each taken out alone (refused), and the description's reported-accepted body (201), whose difference put back field by
  // field was asked already; the other changes of one field keep both as sent and are listed as not asked. That is the
  // least that shows both needed, whichever way the target words or shapes its rejection. A target that takes changeType
  // only with resource has two fixes of one field, the one that keeps the user's fields first.
  test.each([
    [
      'default',
      'five',
      400,
      'Either changeType or resource makes it 400; remove both: the target rejects this body as long as it has either',
      'Smallest change that gets a 2xx: take out changeType and resource.',
      4,
    ],
    [
      'fastapi-like',
      'five',
      422,
      'Either changeType or resource makes it 422; remove both: the target rejects this body as long as it has either',
      'Smallest change that gets a 2xx: take out changeType and resource.',
      4,
    ],
    [
      'v2-together',
      'five',
      400,
      'Cause: changeType and resource are not taken together: this body is refused (400) while changeType and resource are present',
      'Smallest changes that get a 2xx, of one field each: take out changeType; or take out resource.',
      6,
    ],
    [
      'v2-change-needs-resource',
      'changeType without resource',
      400,
      'Cause: changeType needs resource: this body is refused (400) while changeType is present and resource is absent',
      'Smallest changes that get a 2xx, of one field each: add resource (at a known-good value); or take out changeType.',
      6,
    ],
  ])(
    'REPEATS=1, profile %s, the %s body: its %i explained, each fix asked, within the creates measured',
    async (profile, which, status, cause, change, creates) => {
      // Arrange
      const five = fiveFieldBody(receiver.url);
      const body =
        which === 'five'
          ? five
          : { changeType: five.changeType, notificationUrl: five.notificationUrl, expirationDateTime: five.expirationDateTime };
      // Act
      const run = await runExplain(
        ['-'],
        { REFERENCE_PROFILE: profile, REPEATS: '1', NOTIFICATION_URL: receiver.url },
        JSON.stringify(body),
      );
      // Assert
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain(`The request got ${status} `);
      expect(run.stdout).toContain(cause);
      expect(run.stdout).toContain(change);
      expect(run.stdout).not.toMatch(/replace the value/);
      const counts = /Requests: \d+ of the budget of 64 \((\d+) creates, (\d+) deletes?\)\./.exec(run.stdout);
      expect(counts, run.stdout).not.toBeNull();
      expect(Number(counts?.[1])).toBeLessThanOrEqual(creates);
      // Each fix is shown by its own request: one cURL after each.
      const fixes = change.includes('; or ') ? change.split('; or ').length : 0;
      if (fixes > 0) expect(run.stdout.match(/^After "/gm)).toHaveLength(fixes);
    },
    90_000,
  );

  test('a value the reference refuses, from a JSON file, with the receiver explain starts itself', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'explain-'));
    writeFileSync(
      join(cwd, 'body.json'),
      JSON.stringify({
        notificationUrl: 'https://contoso.example/hook',
        expirationDateTime: new Date(Date.now() + 200 * 86_400_000).toISOString(),
      }),
    );
    const run = await runExplain(['body.json'], {}, undefined, cwd);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('The values of notificationUrl and expirationDateTime cause the 400');
  }, 90_000);

  test('input that is neither JSON nor cURL: one line, exit 2', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'explain-'));
    writeFileSync(join(cwd, 'notes.txt'), 'the request failed again');
    const run = await runExplain(['notes.txt'], {}, undefined, cwd);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('explain: notes.txt: not JSON and not a cURL command\n');
    expect(run.stdout).toBe('');
  }, 60_000);

  test('--budget below 2 is a usage error', async () => {
    const run = await runExplain(['--budget', '1', '-'], {}, '{}');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^explain: --budget: /);
  }, 60_000);

  test('--report explains from a recorded report and sends nothing', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'explain-'));
    const fields = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];
    const matrix = observe(fields, 'notificationUrl && expirationDateTime && !changeType && !resource', () => ({
      status: 400,
      errorCode: 'invalidRequest',
    }));
    writeFileSync(
      join(cwd, 'report.json'),
      JSON.stringify({ run: { target: 'http://example', startedAt: '2026-01-01T00:00:00Z' }, operation: { fields }, matrix }),
    );
    writeFileSync(
      join(cwd, 'body.json'),
      JSON.stringify({ changeType: 'updated', notificationUrl: 'x', resource: 'y', expirationDateTime: 'z' }),
    );
    // Nothing listens on port 9: a request would fail the run.
    const run = await runExplain(['--report', 'report.json', 'body.json'], { BASE_URL: 'http://127.0.0.1:9' }, undefined, cwd);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('nothing is sent');
    expect(run.stdout).toContain(
      'Nearest accepted combination: notificationUrl, expirationDateTime (accepted 201): take out changeType and resource.',
    );
  }, 60_000);

  describe("--hint REPORT: online, the report's predicted change asked first", () => {
    // A probe's report of the default reference profile, of the same operation (the embedded reference
    // listens on another port at each run: its profile is what makes it the same target).
    const FIXTURE = join(new URL('.', import.meta.url).pathname, 'fixtures', 'drive-subscription-v2.before.behaviour-report.json');
    const counts = (stdout: string) =>
      /Requests: \d+ of the budget of 64 \((\d+) creates?, (\d+) deletes?\)\./.exec(stdout)?.slice(1).map(Number);

    test('a report of the same reference: the same cause as without it, in 4 creates', async () => {
      const body = JSON.stringify(fiveFieldBody(receiver.url));
      const run = await runExplain(['--hint', FIXTURE, '-'], { REPEATS: '1', NOTIFICATION_URL: receiver.url }, body);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(
        /^hint: .*drive-subscription-v2\.before\.behaviour-report\.json \(made [^)]*\) predicts: take out changeType and resource; asked first/m,
      );
      expect(run.stdout).toContain(
        'Either changeType or resource makes it 400; remove both: the target rejects this body as long as it has either; without them it answers 201.',
      );
      expect(counts(run.stdout), run.stdout).toEqual([4, 1]);
    }, 90_000);

    test("a report of another profile is not used, in one line; the answer is that profile's", async () => {
      const body = JSON.stringify(fiveFieldBody(receiver.url));
      const run = await runExplain(
        ['--hint', FIXTURE, '-'],
        { REFERENCE_PROFILE: 'v2-together', REPEATS: '1', NOTIFICATION_URL: receiver.url },
        body,
      );
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(
        /^hint: \S+ not used: it was made against the embedded reference \(profile default\), not the embedded reference \(profile v2-together\), which explain asks$/m,
      );
      expect(run.stdout).toContain('Cause: changeType and resource are not taken together');
    }, 90_000);

    test('a report of another operation is not used, in one line', async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'explain-'));
      const report = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { operation: { path: string } };
      report.operation.path = '/v1.0/subscriptions';
      writeFileSync(join(cwd, 'other.json'), JSON.stringify(report));
      const run = await runExplain(
        ['--hint', 'other.json', '-'],
        { REPEATS: '1', NOTIFICATION_URL: receiver.url },
        JSON.stringify(fiveFieldBody(receiver.url)),
        cwd,
      );
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain(
        'hint: other.json not used: it is of POST /v1.0/subscriptions, not POST /_api/v2.0/drive/root/subscriptions, the operation explained\n',
      );
      expect(run.stdout).toContain('Either changeType or resource makes it 400; remove both');
      // Not used, the report saves nothing: as without it, the named fields taken out alone and the description's
      // reported-accepted body.
      expect(counts(run.stdout)).toEqual([4, 1]);
    }, 90_000);

    test('--hint and --report together, or a hint that is no report: one line, exit 2, nothing sent', async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'explain-'));
      writeFileSync(join(cwd, 'notes.txt'), 'not a report');
      const both = await runExplain(['--hint', 'r.json', '--report', 'r.json', '-'], { BASE_URL: 'http://127.0.0.1:9' }, '{}', cwd);
      expect(both.code).toBe(2);
      expect(both.stderr).toMatch(/^explain: --report explains offline and --hint online: give one/);
      const notReport = await runExplain(['--hint', 'notes.txt', '-'], { BASE_URL: 'http://127.0.0.1:9' }, '{}', cwd);
      expect(notReport.code).toBe(2);
      expect(notReport.stderr).toBe('explain: --hint notes.txt: not JSON; give reports/behaviour-report.json of a probe run\n');
    }, 60_000);
  });
});
