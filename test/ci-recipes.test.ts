/**
 * The CI recipes as shipped: they hold no long-lived token, run with only their required variables set,
 * and never go green on part of a run or without the baseline they check. The nightly GitHub workflow authenticates with the
 * job's OIDC token (federated credential), the GitLab example with its id_tokens; neither passes a token.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { PARTIAL_SARIF_FILE, SARIF_FILE } from '../lib/report/report-outputs.js';
import { runProbe } from './run-probe.js';

const ROOT = new URL('..', import.meta.url);
const read = (path: string): { text: string; doc: Record<string, unknown> } => {
  const text = readFileSync(new URL(path, ROOT), 'utf8');
  return { text, doc: parse(text) as Record<string, unknown> };
};
/** The YAML without comments: what CI runs. */
const live = (text: string): string =>
  text
    .split('\n')
    .filter((l) => !l.trim().startsWith('#'))
    .join('\n');

test('the nightly workflow gets its token by workload identity federation: id-token: write, ids as variables, no token secret', () => {
  const { text, doc } = read('.github/workflows/nightly-conformance.yml');
  expect(doc.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
  const probe = (doc.jobs as Record<string, { env?: Record<string, string> }>).probe;
  expect(probe?.env).toMatchObject({ TENANT_ID: '${{ vars.TENANT_ID }}', CLIENT_ID: '${{ vars.CLIENT_ID }}', SCOPE: '${{ vars.SCOPE }}' });
  const running = live(text);
  expect(running).not.toMatch(/ACCESS_TOKEN|CLIENT_SECRET/);
  // The only secret left is where the service is.
  expect([...running.matchAll(/secrets\.(\w+)/g)].map((m) => m[1])).toEqual(['STAGING_BASE_URL']);
  // The certificate variant is documented beside it.
  expect(text).toMatch(/# .*CLIENT_CERTIFICATE_FILE/);
});

test("the GitLab example uses the job's id_tokens with Entra's audience as the client assertion", () => {
  const { text, doc } = read('ci/gitlab-ci.example.yml');
  const probe = doc.probe as { id_tokens?: Record<string, { aud?: string }>; variables?: Record<string, string> };
  expect(Object.values(probe.id_tokens ?? {}).map((t) => t.aud)).toEqual(['api://AzureADTokenExchange']);
  expect(probe.variables?.CLIENT_ASSERTION_FILE).toBeDefined();
  expect(live(text)).not.toMatch(/ACCESS_TOKEN|CLIENT_SECRET/);
});

/** A runner's view of `${{ ... }}`: an undefined variable is an empty string; `a || 'b'` falls back to 'b'. */
function asRunner(value: string, given: Record<string, string>): string {
  return value.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expression: string) => {
    const [left, fallback] = expression.split('||').map((p) => p.trim());
    const name = /^(?:vars|secrets)\.(\w+)$/.exec(left ?? '')?.[1];
    const found = name === undefined ? undefined : given[name];
    if (found !== undefined && found !== '') return found;
    return fallback === undefined ? '' : fallback.replace(/^'(.*)'$/, '$1');
  });
}

/** Only what the workflow says is required: the rest of its variables are left undefined. */
const REQUIRED = {
  STAGING_BASE_URL: 'https://staging.example.com',
  TENANT_ID: 'contoso.onmicrosoft.com',
  CLIENT_ID: '11111111-2222-3333-4444-555555555555',
  SCOPE: 'https://contoso.sharepoint.com/.default',
};

test('the nightly workflow runs as shipped with only its required variables set: undefined optional ones stay unset', async () => {
  const { loadFlat } = await import('../lib/config/test-settings.js');
  const { doc } = read('.github/workflows/nightly-conformance.yml');
  const jobs = doc.jobs as Record<string, { env?: Record<string, string> }>;
  const env: Record<string, string> = {
    ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.actions.githubusercontent.com/abc',
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'runner-token',
  };
  for (const [name, value] of Object.entries({ ...(doc.env as Record<string, string>), ...jobs.probe?.env }))
    env[name] = asRunner(String(value), REQUIRED);
  expect(Object.values(env)).toContain(''); // the optional variables are there, empty, as a runner passes them
  const config = loadFlat(env, { dotenvPath: false });
  expect(config.baseUrl).toBe('https://staging.example.com');
  expect(config.notificationUrl).toBeUndefined();
  expect(config.targetName).toBe('staging');
});

describe('the merge step, run as the runner runs it (bash -e), with npm stubbed', () => {
  const { doc } = read('.github/workflows/nightly-conformance.yml');
  const steps = (doc.jobs as Record<string, { steps: { name?: string; run?: string }[] }>).report?.steps ?? [];
  const script = steps.find((s) => s.name?.startsWith('merge shards'))?.run ?? '';
  const dir = mkdtempSync(join(tmpdir(), 'merge-step-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'bin', 'npm'), '#!/bin/sh\necho "npm $*" >> "$NPM_LOG"\n', { mode: 0o755 });
  const run = (env: Record<string, string>): { code: number; calls: string; out: string } => {
    const log = join(dir, `npm-${Math.random().toString(36).slice(2)}.log`);
    writeFileSync(log, '');
    const result = spawnSync('bash', ['-e', '-c', script], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}`, NPM_LOG: log, TARGET_NAME: 'staging', ...env },
    });
    return { code: result.status ?? -1, calls: readFileSync(log, 'utf8'), out: result.stdout };
  };

  test('without the baseline it fails, saying how to write one', () => {
    const { code, out } = run({});
    expect(code).toBe(1);
    expect(out).toMatch(/::error::no baselines\/staging\.json: .*npm run baseline/);
  });

  test('with BASELINE_OPTIONAL it merges without a drift check, with a warning', () => {
    const { code, calls, out } = run({ BASELINE_OPTIONAL: 'true' });
    expect(code).toBe(0);
    expect(calls).toBe('npm run probe -- --merge-reports\n');
    expect(out).toMatch(/::warning::/);
  });

  test('with the baseline it merges and checks drift against it', () => {
    mkdirSync(join(dir, 'baselines'), { recursive: true });
    writeFileSync(join(dir, 'baselines', 'staging.json'), '{}');
    expect(run({}).calls).toBe('npm run probe -- --merge-reports --baseline baselines/staging.json\n');
  });

  test("with the target's expectations file committed, the merge applies it", () => {
    mkdirSync(join(dir, 'expectations'), { recursive: true });
    writeFileSync(join(dir, 'expectations', 'staging.yaml'), 'expectations: []\n');
    try {
      expect(run({}).calls).toBe(
        'npm run probe -- --merge-reports --baseline baselines/staging.json --expectations expectations/staging.yaml\n',
      );
    } finally {
      rmSync(join(dir, 'expectations'), { recursive: true });
    }
  });
});

test('the merge job uploads results.sarif to code scanning, with the one permission that needs and no token', () => {
  const { doc } = read('.github/workflows/nightly-conformance.yml');
  const report = (
    doc.jobs as Record<
      string,
      { permissions?: Record<string, string>; steps: { uses?: string; if?: string; with?: Record<string, string> }[] }
    >
  ).report;
  expect(report?.permissions).toEqual({ contents: 'read', 'security-events': 'write', actions: 'read' });
  const upload = report?.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@') === true);
  expect(upload?.with).toEqual({ sarif_file: 'reports/results.sarif' });
  // After the merge step, whether it failed or not, when the merge wrote the file.
  expect(upload?.if).toBe("always() && hashFiles('reports/results.sarif') != ''");
  const steps = report?.steps ?? [];
  // A partial run's SARIF has its own name (lib/run/sarif-step.ts): no step uploads it to code scanning, where the
  // cases it did not run would read as fixed (test/interrupt.test.ts checks a stopped run writes only that name).
  const uploads = steps.filter((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@') === true);
  expect(uploads.map((s) => s.with?.sarif_file)).toEqual([`reports/${SARIF_FILE}`]);
  expect(JSON.stringify(doc)).not.toContain(PARTIAL_SARIF_FILE);
  // The README's nightly section shows the same step and permissions.
  const readme = readFileSync(new URL('README.md', ROOT), 'utf8');
  const nightly = readme.slice(readme.indexOf('## Nightly'), readme.indexOf('\n## ', readme.indexOf('## Nightly') + 1));
  expect(nightly).toContain(`uses: ${upload?.uses ?? '?'}`);
  expect(nightly).toContain('security-events: write');
  expect(nightly).toMatch(/expectations:.*\n\s+- case: /);
  expect(steps.indexOf(upload ?? {})).toBeGreaterThan(steps.findIndex((s) => (s as { name?: string }).name?.startsWith('merge shards')));
});

describe('a merge of part of a run', () => {
  test.each([
    ['no blob at all', [] as string[], /no shard blob in/],
    ['a shard missing', ['blob-2-2.json'], /shard 1\/2 missing/],
  ])(
    '%s exits 2 with one line',
    async (_, blobs, line) => {
      const reportDir = mkdtempSync(join(tmpdir(), 'merge-part-'));
      try {
        if (blobs.length > 0) mkdirSync(join(reportDir, 'blob'));
        for (const blob of blobs) writeFileSync(join(reportDir, 'blob', blob), '{}');
        const run = await runProbe({ REPORT_DIR: reportDir }, ['--merge-reports']);
        expect(run.code, run.stdout + run.stderr).toBe(2);
        const lines = run.stderr.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(line);
      } finally {
        rmSync(reportDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
