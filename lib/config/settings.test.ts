import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './load-config.js';
import { SETTINGS } from './settings.js';

const cwd = '/tmp/probe-defaults';

test('the defaults are the documented table', () => {
  const table = SETTINGS.map((s) => [s.name, s.field, s.default ?? '(unset)']);
  expect(table).toEqual([
    ['BASE_URL', 'baseUrl', '(unset)'],
    ['ACCESS_TOKEN', 'accessToken', '(unset)'],
    ['ACCESS_TOKEN_FILE', 'accessToken', '(unset)'],
    ['ALLOW_INSECURE_TOKEN', 'allowInsecureToken', 'false'],
    ['REQUEST_TIMEOUT_MS', 'requestTimeoutMs', '10000'],
    ['REQUESTS_PER_SECOND', 'requestsPerSecond', '10'],
    ['CONCURRENCY', 'concurrency', '4'],
    ['MAX_REQUESTS', 'maxRequests', '2000'],
    ['MAX_RUN_SECONDS', 'maxRunTimeMs', '900'],
    ['MAX_RETRIES', 'maxRetries', '3'],
    ['RETRY_AFTER_DEFAULT_SECONDS', 'defaultRetryAfterMs', '2'],
    ['RETRY_AFTER_MAX_SECONDS', 'maxRetryAfterMs', '120'],
    ['MAX_RECORDED_BODY_BYTES', 'maxRecordedBodyBytes', '65536'],
    ['REPEATS', 'repeats', '2'],
    ['SEED', 'seed', '(unset)'],
    ['PROPERTY_RUNS', 'propertyRuns', '20'],
    ['ACCEPTED_FIELDS', 'acceptedFields', '(unset)'],
    ['NOTIFICATION_URL', 'notificationUrl', '(unset)'],
    ['RECEIVER_PUBLIC_URL', 'receiverPublicUrl', '(unset)'],
    ['RECEIVER_PORT', 'receiverPort', '0'],
    ['REFERENCE_PROFILE', 'referenceProfile', 'default'],
    ['REPORT_DIR', 'reportDir', 'reports'],
    ['LEDGER_DIR', 'ledgerDir', '.ledger'],
  ]);
});

test('an empty environment gives the defaults, every ProbeConfig field set', () => {
  expect(loadConfig({}, { cwd, dotenvPath: false })).toStrictEqual({
    baseUrl: undefined,
    accessToken: undefined,
    allowInsecureToken: false,
    requestTimeoutMs: 10_000,
    requestsPerSecond: 10,
    concurrency: 4,
    maxRequests: 2000,
    maxRunTimeMs: 900_000,
    maxRetries: 3,
    defaultRetryAfterMs: 2000,
    maxRetryAfterMs: 120_000,
    maxRecordedBodyBytes: 65_536,
    repeats: 2,
    seed: undefined,
    propertyRuns: 20,
    acceptedFields: undefined,
    notificationUrl: undefined,
    receiverPublicUrl: undefined,
    receiverPort: 0,
    referenceProfile: 'default',
    reportDir: join(cwd, 'reports'),
    ledgerDir: join(cwd, '.ledger'),
  });
});

test('every setting has a one-line description, and a default or a note on what unset means', () => {
  for (const s of SETTINGS) {
    expect(s.description, s.name).not.toMatch(/\n/);
    expect(s.default !== undefined || s.whenUnset !== undefined, s.name).toBe(true);
    expect(s.name).toMatch(/^[A-Z][A-Z0-9_]*$/);
  }
  expect(new Set(SETTINGS.map((s) => s.name)).size).toBe(SETTINGS.length);
});

test('RECEIVER_PUBLIC_URL needs RECEIVER_PORT and excludes NOTIFICATION_URL', () => {
  const problems = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env, { cwd, dotenvPath: false });
      return [];
    } catch (error) {
      return [...(error as ConfigError).problems];
    }
  };
  const tunnel = 'https://probe-receiver.example.net/notifications';
  expect(problems({ RECEIVER_PUBLIC_URL: tunnel, RECEIVER_PORT: '8787' })).toEqual([]);
  expect(problems({ RECEIVER_PUBLIC_URL: tunnel })).toEqual([expect.stringMatching(/^RECEIVER_PUBLIC_URL: needs RECEIVER_PORT/)]);
  expect(problems({ RECEIVER_PUBLIC_URL: tunnel, RECEIVER_PORT: '8787', NOTIFICATION_URL: 'https://hooks.example.com/x' })).toEqual([
    expect.stringMatching(/^RECEIVER_PUBLIC_URL: not with NOTIFICATION_URL/),
  ]);
  expect(problems({ RECEIVER_PORT: '70000' })).toEqual([expect.stringMatching(/^RECEIVER_PORT: must be at most 65535/)]);
});
