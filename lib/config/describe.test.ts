import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { describeSettingsAtStart } from './describe.js';
import { loadSettings } from './load-config.js';

const cwd = '/tmp/probe-describe';

test('defaults: the embedded reference, no token', () => {
  expect(describeSettingsAtStart(loadSettings({ env: {}, cwd, dotenvPath: false }))).toEqual([
    'target: embedded reference service (profile "default")',
    'operation: subscription-create (operations/drive-subscription-v2.json): POST /_api/v2.0/drive/root/subscriptions, 5 fields',
    'token: not set',
    'limits: 10 requests/s, concurrency 4, budget 2000 requests, max run time 900 s, request timeout 10000 ms',
    'retries: up to 3 per exchange; wait 2 s without Retry-After, at most 120 s',
    'repeats: each combination once, asked again where a finding rests on its answer alone, and a sample of the rest',
    "notification URL: the probe's own receiver, a path of its own for each create",
    "events: the embedded reference's trigger makes the change; wait up to 30 s for a notification",
    'reports: /tmp/probe-describe/reports',
    'cleanup ledger: /tmp/probe-describe/.ledger',
  ]);
});

test('a target with a token from a file: says where the token came from, never the token', () => {
  const dir = mkdtempSync(join(tmpdir(), 'probe-describe-'));
  try {
    const sentinel = 'SENTINEL-7c1e55aa09';
    writeFileSync(join(dir, 'token'), sentinel);
    const config = loadSettings({
      env: { BASE_URL: 'https://t.sharepoint.com/sites/x/', ACCESS_TOKEN_FILE: 'token', REPEATS: '1' },
      cwd: dir,
      dotenvPath: false,
    });
    const lines = describeSettingsAtStart(config);
    expect(lines.slice(0, 3)).toEqual([
      'target: POST https://t.sharepoint.com/sites/x/_api/v2.0/drive/root/subscriptions',
      'operation: subscription-create (operations/drive-subscription-v2.json): POST /_api/v2.0/drive/root/subscriptions, 5 fields',
      'token: set (from ACCESS_TOKEN_FILE)',
    ]);
    expect(lines).toContain('repeats: 1 per combination (an unstable answer cannot be detected with fewer than 2)');
    expect(lines.join('\n')).not.toContain(sentinel);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('warns when ALLOW_INSECURE_TOKEN lets the token go over plain http', () => {
  const config = loadSettings({
    env: { BASE_URL: 'http://staging.example.com', ACCESS_TOKEN: 'tok-abc', ALLOW_INSECURE_TOKEN: 'true' },
    cwd,
    dotenvPath: false,
  });
  expect(describeSettingsAtStart(config)).toContain(
    'WARNING: the token is sent over plain http to staging.example.com (ALLOW_INSECURE_TOKEN=true)',
  );
});

test('a receiver behind a tunnel: says the public URL and the local port', () => {
  const config = loadSettings({
    env: { RECEIVER_PUBLIC_URL: 'https://tunnel.example.net/hook', RECEIVER_PORT: '8787' },
    cwd,
    dotenvPath: false,
  });
  expect(describeSettingsAtStart(config)).toContain(
    "notification URL: the probe's own receiver, as https://tunnel.example.net/hook (forwarded to loopback port 8787), a path of its own for each create",
  );
});

test('events on an operation whose body carries no URL for the target to call: the suite does not apply, said once', () => {
  const settings = loadSettings({ env: {}, cwd, dotenvPath: false });
  const fields = settings.target.operation.fields.filter((f) => f.name !== 'notificationUrl');
  const operation = { ...settings.target.operation, id: 'createFolder', fields };
  const lines = describeSettingsAtStart({ ...settings, target: { ...settings.target, operation } });
  expect(lines.filter((l) => l.startsWith('events:'))).toEqual([
    "events: not a subscription-create operation: no field of the createFolder body carries a URL for the target to call (the events cases put the probe's receiver there); its cases are skipped",
  ]);
});

test('events on a configured target: how the change is made, never the command or the body', () => {
  const target = { BASE_URL: 'https://t.sharepoint.com/sites/x' };
  const line = (env: Record<string, string>): string | undefined =>
    describeSettingsAtStart(loadSettings({ env: { ...target, ...env }, cwd, dotenvPath: false })).find((l) => l.startsWith('events:'));
  expect(line({})).toBe('events: no CHANGE_COMMAND or CHANGE_REQUEST, so the notification cases are skipped');
  expect(line({ CHANGE_COMMAND: 'curl -H "Authorization: Bearer SECRET-abc" https://x', NOTIFICATION_WAIT_SECONDS: '90' })).toBe(
    'events: CHANGE_COMMAND makes the change (at most 60 s); wait up to 90 s for a notification',
  );
  expect(line({ CHANGE_REQUEST: 'put /drive/root:/a.txt:/content secret-body' })).toBe(
    'events: CHANGE_REQUEST PUT /drive/root:/a.txt:/content (with a body) makes the change; wait up to 30 s for a notification',
  );
});

test('a token shorter than 8 characters is a warning at the start: it is redacted only where it stands alone', () => {
  const lines = describeSettingsAtStart(loadSettings({ env: { ACCESS_TOKEN: 'tok' }, cwd, dotenvPath: false }));
  expect(lines).toContain(
    'WARNING: the access token (ACCESS_TOKEN) is shorter than 8 characters: it is redacted only where it stands as a value of its own, not inside a longer word; a real one is longer, check ACCESS_TOKEN',
  );
  expect(
    describeSettingsAtStart(loadSettings({ env: { ACCESS_TOKEN: 'a-real-token-0123' }, cwd, dotenvPath: false })).join('\n'),
  ).not.toContain('WARNING');
});

test('the expectations file in use is named at the start, as the baseline is', () => {
  const dir = mkdtempSync(join(tmpdir(), 'probe-describe-'));
  try {
    writeFileSync(join(dir, 'staging.yaml'), 'expectations: []\n');
    const lines = describeSettingsAtStart(loadSettings({ env: { EXPECTATIONS: 'staging.yaml' }, cwd: dir, dotenvPath: false }));
    expect(lines).toContain(
      `expectations: ${join(dir, 'staging.yaml')} (the deviations it names, each with its reason, do not fail the run)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
