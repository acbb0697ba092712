import { join } from 'node:path';
import { expect, test } from 'vitest';
import { loadConfig } from './load-config.js';
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
    ['REFERENCE_PROFILE', 'referenceProfile', 'default'],
    ['REPORT_DIR', 'reportDir', 'reports'],
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
    referenceProfile: 'default',
    reportDir: join(cwd, 'reports'),
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
