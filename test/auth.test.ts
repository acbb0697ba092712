/**
 * The probe gets its own token by client credentials and renews it. A real OAuth 2.0 server
 * runs on loopback (oauth2-mock-server, test/support/oauth-server.ts), and the target is the reference
 * with its optional token check on (issuer, audience, signature by the server's JWKS, expiry), so a token
 * that is wrong or expired is refused as a real service would refuse it. The probe runs as a child
 * process, as a user runs it.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestOAuthServer, type TestOAuthServer } from './support/oauth-server.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { startReferenceService, type ReferenceService } from '../reference/index.js';
import { runProbe, type ProbeRun } from './run-probe.js';
import { runTool } from './run-tool.js';

const RUN_MS = 240_000;
const FAST = { REQUESTS_PER_SECOND: '500', CONCURRENCY: '8', SEED: '13' };

let oauth: TestOAuthServer;
/** The client-secret run's report (long-lived token, fast): what the run with short-lived tokens must equal. */
let longLived: BehaviourReport | undefined;
const secretsDir = mkdtempSync(join(tmpdir(), 'auth-secrets-'));

beforeAll(async () => {
  oauth = await startTestOAuthServer();
});
afterAll(async () => {
  await oauth.close();
});

/** A target that takes only tokens of the test server (no fixed token at all). */
function startTarget(): Promise<ReferenceService> {
  return startReferenceService({ tokens: [], jwt: { issuer: oauth.issuer, audience: oauth.audience, jwksUrl: oauth.jwksUrl } });
}

function writeSecretFile(name: string, content: string): string {
  const path = join(secretsDir, name);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}

const clientCredentials = (target: ReferenceService): Record<string, string> => ({
  BASE_URL: target.url,
  TOKEN_URL: oauth.tokenEndpoint,
  CLIENT_ID: oauth.clientId,
  SCOPE: oauth.scope,
});

const read = (run: ProbeRun): BehaviourReport =>
  JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;

/** Every secret of the test: issued tokens, client secret, assertions received, a line of the private key. */
function secrets(): string[] {
  const keyLines = oauth.certificatePem.split('\n').filter((l) => /^[A-Za-z0-9+/=]{64}$/.test(l));
  return [...oauth.issuedTokens, oauth.clientSecret, ...oauth.receivedAssertions, ...keyLines.slice(-3)];
}

/** Console and every file of the report folder (gzipped ones opened: vitest's HTML report keeps its data so). */
function expectNoSecretIn(run: ProbeRun): void {
  const all = secrets();
  expect(all.length).toBeGreaterThan(2);
  const texts: [string, string][] = [['stdout+stderr', run.stdout + run.stderr]];
  for (const file of readdirSync(run.reportDir, { recursive: true, encoding: 'utf8' })) {
    const path = join(run.reportDir, file);
    if (!statSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    texts.push([file, (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')]);
  }
  for (const [where, text] of texts) {
    for (const secret of all) expect(text.includes(secret), `a secret in ${where}`).toBe(false);
  }
}

/** What a report says of the target (no times, ports or counts), as the fault drills compare it. */
function behaviour(report: BehaviourReport) {
  return {
    rule: report.rule.expression,
    roles: Object.fromEntries(Object.entries(report.fields).map(([field, f]) => [field, f.presence])),
    matrix: report.matrix.map((m) => `${m.present.join(',')}: ${m.outcome} ${m.status ?? '-'} ${m.errorCode ?? ''}`),
    values: Object.fromEntries(
      Object.entries(report.values).map(([field, v]) => [
        field,
        [...v.accepted, ...v.rejected, ...v.other]
          .map((c) => `${c.id}: ${c.outcome} ${c.status ?? '-'} ${c.errorCode ?? ''} ${c.verdict}`)
          .sort(),
      ]),
    ),
    cases: report.cases.map((c) => `${c.id}: ${c.verdict}`).sort(),
  };
}

describe('each credential gets a token and a probe run passes on it', () => {
  test.each([
    ['client secret', 'client-secret', 'CLIENT_SECRET', () => ({ CLIENT_SECRET: oauth.clientSecret }), 'secret'],
    [
      'certificate',
      'certificate',
      'CLIENT_CERTIFICATE_FILE',
      () => ({ CLIENT_CERTIFICATE_FILE: writeSecretFile('probe.pem', oauth.certificatePem) }),
      'certificate',
    ],
    [
      'federated assertion',
      'assertion-file',
      'CLIENT_ASSERTION_FILE',
      () => ({ CLIENT_ASSERTION_FILE: writeSecretFile('assertion.jwt', oauth.federatedAssertion()) }),
      'federated',
    ],
  ])(
    '%s',
    async (_name, credential, setting, env, method) => {
      const target = await startTarget();
      try {
        const asked = oauth.requests.length;
        // The client secret's run is whole (the renewal test below compares with its report); for the other two a
        // token they got carries the presence suite, which is what differs by credential: how the token is obtained.
        const suites = credential === 'client-secret' ? [] : ['02-presence'];
        const run = await runProbe({ ...FAST, ...clientCredentials(target), ...env() }, suites, RUN_MS);
        expect(run.code, run.stdout + run.stderr).toBe(0);
        expect(run.stdout).toContain(
          `token: client credentials from ${new URL(oauth.tokenEndpoint).host}, client ${oauth.clientId}, scope ${oauth.scope}`,
        );
        expect(oauth.requests.slice(asked).every((r) => r.method === method && r.refused === '')).toBe(true);
        const report = read(run);
        if (credential === 'client-secret') longLived = report;
        expect(report.rule.expression).toBe('notificationUrl && expirationDateTime && !changeType && !resource');
        expect(report.run.auth).toMatchObject({
          credential,
          credentialSetting: setting,
          tokenEndpointHost: new URL(oauth.tokenEndpoint).host,
          clientId: oauth.clientId,
          scope: oauth.scope,
          tokensObtained: 1,
        });
        expect(readFileSync(join(run.reportDir, 'behaviour-report.md'), 'utf8')).toContain(
          `client credentials from ${new URL(oauth.tokenEndpoint).host}`,
        );
        // Every request reached the target with a token it took: none was refused for an expired token.
        expect(target.stats().requests).toBeGreaterThan(credential === 'client-secret' ? 200 : 30);
        expect(target.stats().expiredTokens).toBe(0);
        expectNoSecretIn(run);
      } finally {
        await target.close();
      }
    },
    RUN_MS,
  );
});

test(
  'tokens living 5 s, a run of several times that: renewed before expiry, no token refused, the report equals a long-lived token run',
  async () => {
    const settings = { TOKEN_URL: oauth.tokenEndpoint, CLIENT_ID: oauth.clientId, SCOPE: oauth.scope, CLIENT_SECRET: oauth.clientSecret };
    const probe = async (
      lifetimeSeconds: number,
      rate: Record<string, string>,
    ): Promise<{ run: ProbeRun; report: BehaviourReport; expired: number; seconds: number }> => {
      oauth.setTokenLifetime(lifetimeSeconds);
      const target = await startTarget();
      try {
        const started = performance.now();
        const run = await runProbe({ ...settings, ...rate, BASE_URL: target.url }, [], RUN_MS);
        expect(run.code, run.stdout + run.stderr).toBe(0);
        return { run, report: read(run), expired: target.stats().expiredTokens, seconds: (performance.now() - started) / 1000 };
      } finally {
        await target.close();
      }
    };
    try {
      // The long-lived run may be fast (the client-secret run above, when it ran); the short-lived one is slow
      // enough to last several token lives whatever the machine's speed (about 250 requests at 15/s take 16 s
      // of pacing alone; at 20/s a fast machine finished in under 15 s). The same seed: the same random bodies.
      const long = longLived ?? (await probe(3600, FAST)).report;
      const short = await probe(5, { REQUESTS_PER_SECOND: '15', CONCURRENCY: '4', SEED: FAST.SEED });
      console.log(`token renewal: ${short.seconds.toFixed(1)} s run with 5 s tokens: ${JSON.stringify(short.report.run.auth)}`);
      expect(short.seconds).toBeGreaterThan(15);
      expect(short.expired, 'requests refused for an expired token').toBe(0);
      expect(short.report.run.auth?.renewalsBeforeExpiry).toBeGreaterThanOrEqual(2);
      expect(short.report.run.auth?.renewalsAfter401).toBe(0);
      expect(long.run.auth?.tokensObtained).toBe(1);
      expect(behaviour(short.report)).toEqual(behaviour(long));
      expectNoSecretIn(short.run);
    } finally {
      oauth.setTokenLifetime(3600);
    }
  },
  2 * RUN_MS,
);

describe('a token endpoint error stops the run before any request: one line, the setting, the code, exit 2', () => {
  test.each([
    [
      'a wrong client secret',
      () => ({ CLIENT_SECRET: 'nX4wq9ZvL1e2d3c4b' }),
      /^probe: token: 127\.0\.0\.1:\d+ refused the token request: HTTP 401 invalid_client AADSTS7000215 .*; check CLIENT_SECRET$/,
    ],
    [
      'a wrong scope',
      () => ({ CLIENT_SECRET: oauth.clientSecret, SCOPE: 'api://another-app/.default' }),
      /^probe: token: .* HTTP 400 invalid_scope AADSTS70011 .*; check SCOPE/,
    ],
    [
      'an unreachable token endpoint',
      () => ({ CLIENT_SECRET: oauth.clientSecret, TOKEN_URL: 'http://127.0.0.1:9/oauth2/v2.0/token' }),
      /^probe: token: no answer from 127\.0\.0\.1:9 \(connection failed\); check TOKEN_URL and the network$/,
    ],
    [
      'a token and client credentials both',
      () => ({ CLIENT_SECRET: oauth.clientSecret, ACCESS_TOKEN: 'tK7pQ2mWz7c6b5a49' }),
      /^config error: ACCESS_TOKEN and TOKEN_URL and CLIENT_ID and SCOPE and CLIENT_SECRET: give one token source, not both/,
    ],
    [
      'two credentials',
      () => ({ CLIENT_SECRET: oauth.clientSecret, CLIENT_ASSERTION_FILE: writeSecretFile('a2.jwt', oauth.federatedAssertion()) }),
      /^config error: CLIENT_SECRET and CLIENT_ASSERTION_FILE: give one, not both/,
    ],
  ])(
    '%s',
    async (_name, env, line) => {
      const target = await startTarget();
      try {
        const run = await runProbe({ ...FAST, ...clientCredentials(target), ...env() }, [], 60_000);
        expect(run.code, run.stdout + run.stderr).toBe(2);
        const lines = run.stderr.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(line);
        expect(target.stats().requests, 'requests that reached the target').toBe(0);
        for (const secret of ['nX4wq9ZvL1e2d3c4b', 'tK7pQ2mWz7c6b5a49', ...secrets()])
          expect(run.stdout + run.stderr).not.toContain(secret);
      } finally {
        await target.close();
      }
    },
    60_000,
  );
});

describe('explain and cleanup use the same token source', () => {
  test('explain gets a token by client credentials and explains the spec body', async () => {
    const target = await startTarget();
    try {
      const cwd = mkdtempSync(join(tmpdir(), 'auth-explain-'));
      const body = JSON.stringify({
        changeType: 'updated',
        notificationUrl: 'https://x.invalid/n',
        resource: 'me/drive/root',
        expirationDateTime: new Date(Date.now() + 86_400_000).toISOString(),
        clientState: 's',
      });
      const run = await runTool('explain', {
        cwd,
        env: { ...clientCredentials(target), CLIENT_CERTIFICATE_FILE: writeSecretFile('explain.pem', oauth.certificatePem), REPEATS: '1' },
        args: ['-'],
        stdin: body,
        timeoutMs: 60_000,
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain(`token: client credentials from ${new URL(oauth.tokenEndpoint).host}`);
      expect(run.stdout).toMatch(/changeType/);
      expect(target.stats().requests).toBeGreaterThan(0);
      // explain counts every request it sent, the GET that checked the target answers too.
      expect(run.stdout).toMatch(/^Requests: \d+: 1 GET to check that the target answers, then \d+ of the budget of 64 \(/m);
      expect(Number(/^Requests: (\d+)/m.exec(run.stdout)?.[1])).toBe(target.stats().requests);
      expect(target.stats().byStatus['401'] ?? 0).toBe(0);
      for (const secret of secrets()) expect(run.stdout + run.stderr).not.toContain(secret);
    } finally {
      await target.close();
    }
  }, 90_000);

  test('cleanup with a wrong secret stops with the same line, before any request', async () => {
    const target = await startTarget();
    try {
      const cwd = mkdtempSync(join(tmpdir(), 'auth-cleanup-'));
      const run = await runTool('cleanup', {
        cwd,
        env: { ...clientCredentials(target), CLIENT_SECRET: 'nX4wq9ZvL1e2d3c4b' },
        timeoutMs: 60_000,
      });
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toMatch(/^cleanup: token: .* invalid_client AADSTS7000215 .*; check CLIENT_SECRET$/);
      expect(target.stats().requests).toBe(0);
      const ok = await runTool('cleanup', {
        cwd,
        env: { ...clientCredentials(target), CLIENT_SECRET: oauth.clientSecret },
        args: ['--dry-run'],
        timeoutMs: 60_000,
      });
      expect(ok.code, ok.stdout + ok.stderr).toBe(0);
      expect(ok.stdout).toContain(`token: client credentials from ${new URL(oauth.tokenEndpoint).host}`);
    } finally {
      await target.close();
    }
  }, 90_000);
});
