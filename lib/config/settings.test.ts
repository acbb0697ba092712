import { join } from 'node:path';
import { expect, test } from 'vitest';
import { loadSettings } from './load-config.js';
import { loadFlat } from '../../test/support/flat-settings.js';
import { SETTINGS } from './settings.js';
import { ConfigError } from '../errors.js';

const cwd = '/tmp/probe-defaults';

test('the defaults are the documented table', () => {
  const table = SETTINGS.map((s) => [s.name, s.key, s.default ?? '(unset)']);
  expect(table).toEqual([
    ['BASE_URL', 'baseUrl', '(unset)'],
    ['ACCESS_TOKEN', 'accessToken', '(unset)'],
    ['ACCESS_TOKEN_FILE', 'accessToken', '(unset)'],
    ['ALLOW_INSECURE_TOKEN', 'allowInsecureToken', 'false'],
    ['TOKEN_URL', 'tokenEndpoint', '(unset)'],
    ['TENANT_ID', 'tokenEndpoint', '(unset)'],
    ['CLIENT_ID', 'clientId', '(unset)'],
    ['SCOPE', 'scope', '(unset)'],
    ['CLIENT_SECRET', 'clientCredential', '(unset)'],
    ['CLIENT_SECRET_FILE', 'clientCredential', '(unset)'],
    ['CLIENT_CERTIFICATE_FILE', 'clientCredential', '(unset)'],
    ['CLIENT_ASSERTION_FILE', 'clientCredential', '(unset)'],
    ['ACTIONS_ID_TOKEN_REQUEST_URL', 'githubOidcUrl', '(unset)'],
    ['ACTIONS_ID_TOKEN_REQUEST_TOKEN', 'githubOidcToken', '(unset)'],
    ['REQUEST_TIMEOUT_MS', 'requestTimeoutMs', '10000'],
    ['REQUESTS_PER_SECOND', 'requestsPerSecond', '10'],
    ['CONCURRENCY', 'concurrency', '4'],
    ['MAX_REQUESTS', 'maxRequests', '2000'],
    ['MAX_RUN_SECONDS', 'maxRunTimeMs', '900'],
    ['MAX_RETRIES', 'maxRetries', '3'],
    ['RETRY_AFTER_DEFAULT_SECONDS', 'defaultRetryAfterMs', '2'],
    ['RETRY_AFTER_MAX_SECONDS', 'maxRetryAfterMs', '120'],
    ['MAX_RECORDED_BODY_BYTES', 'maxRecordedBodyBytes', '65536'],
    ['REPEATS', 'repeats', 'auto'],
    ['EXHAUSTIVE_MAX_FIELDS', 'exhaustiveMaxFields', '8'],
    ['EXPLORE_COMBINATIONS_PER_FIELD', 'exploreCombinationsPerField', '10'],
    ['SEED', 'seed', '(unset)'],
    ['PROPERTY_RUNS', 'propertyRuns', '20'],
    ['PROBE_WRITE_METHODS', 'probeWriteMethods', 'false'],
    ['OPERATION', 'operation', 'operations/drive-subscription-v2.json'],
    ['DELETE_PATH', 'deletePath', '(unset)'],
    ['KEEP_CREATED', 'keepCreated', 'false'],
    ['OPENAPI', 'openapi', '(unset)'],
    ['OPERATION_ID', 'operationId', '(unset)'],
    ['OPERATIONS', 'operations', '(unset)'],
    ['PATH_VALUES', 'pathValues', '(unset)'],
    ['ACCEPTED_FIELDS', 'acceptedFields', '(unset)'],
    ['ACCEPTED_BODY', 'acceptedBody', '(unset)'],
    ['HAR', 'har', '(unset)'],
    ['NOTIFICATION_URL', 'notificationUrl', '(unset)'],
    ['RECEIVER_PUBLIC_URL', 'receiverPublicUrl', '(unset)'],
    ['RECEIVER_PORT', 'receiverPort', '0'],
    ['NOTIFICATION_WAIT_SECONDS', 'notificationWaitMs', '30'],
    ['CHANGE_COMMAND', 'change', '(unset)'],
    ['CHANGE_REQUEST', 'change', '(unset)'],
    ['CHANGE_COMMAND_TIMEOUT_SECONDS', 'changeCommandTimeoutMs', '60'],
    ['SLOW_RECEIVER_SECONDS', 'slowReceiverMs', '6'],
    ['HANDSHAKE_DEADLINE_MAX_SECONDS', 'handshakeDeadlineMaxSeconds', '15'],
    ['REFERENCE_PROFILE', 'referenceProfile', 'default'],
    ['REPORT_DIR', 'reportDir', 'reports'],
    ['LEDGER_DIR', 'ledgerDir', '.ledger'],
    ['BASELINE', 'baseline', '(unset)'],
    ['EXPECTATIONS', 'expectations', '(unset)'],
    ['BASELINE_DIR', 'baselineDir', 'baselines'],
    ['TARGET_NAME', 'targetName', '(unset)'],
    ['HTTPS_PROXY', 'httpsProxy', '(unset)'],
    ['HTTP_PROXY', 'httpProxy', '(unset)'],
    ['NO_PROXY', 'noProxy', '(unset)'],
    ['TLS_CA_FILE', 'caFile', '(unset)'],
    ['NODE_EXTRA_CA_CERTS', 'nodeExtraCaCerts', '(unset)'],
    ['TLS_CLIENT_CERT_FILE', 'clientCertFile', '(unset)'],
    ['TLS_CLIENT_KEY_FILE', 'clientKeyFile', '(unset)'],
    ['TLS_INSECURE', 'insecure', 'false'],
    ['CI', 'inCi', 'false'],
    ['GITHUB_ACTIONS', 'githubActions', 'false'],
    ['GITHUB_STEP_SUMMARY', 'stepSummary', '(unset)'],
  ]);
});

test('an empty environment gives the defaults, every field of every group set', () => {
  expect(loadSettings({ env: {}, cwd, dotenvPath: false })).toStrictEqual({
    target: {
      baseUrl: undefined,
      referenceProfile: 'default',
      operation: expect.objectContaining({
        id: 'subscription-create',
        path: '/_api/v2.0/drive/root/subscriptions',
        source: 'operations/drive-subscription-v2.json',
      }),
      deletePath: undefined,
      keepCreated: false,
      openapi: undefined,
      operationId: undefined,
      operations: undefined,
      pathValues: undefined,
      acceptedFields: undefined,
      acceptedBody: undefined,
      probeWriteMethods: false,
    },
    credentials: {
      accessToken: undefined,
      tokenEndpoint: undefined,
      clientId: undefined,
      scope: undefined,
      clientCredential: undefined,
      githubOidcUrl: undefined,
      githubOidcToken: undefined,
      allowInsecureToken: false,
    },
    pacing: {
      requestTimeoutMs: 10_000,
      requestsPerSecond: 10,
      concurrency: 4,
      maxRequests: 2000,
      maxRunTimeMs: 900_000,
      maxRetries: 3,
      defaultRetryAfterMs: 2000,
      maxRetryAfterMs: 120_000,
      maxRecordedBodyBytes: 65_536,
    },
    exploration: {
      repeats: 'auto',
      exhaustiveMaxFields: 8,
      exploreCombinationsPerField: 10,
      seed: undefined,
      propertyRuns: 20,
      har: undefined,
    },
    receiver: {
      notificationUrl: undefined,
      receiverPublicUrl: undefined,
      receiverPort: 0,
      notificationWaitMs: 30_000,
      change: undefined,
      changeCommandTimeoutMs: 60_000,
      slowReceiverMs: 6_000,
      handshakeDeadlineMaxSeconds: 15,
    },
    reports: {
      reportDir: join(cwd, 'reports'),
      ledgerDir: join(cwd, '.ledger'),
      baseline: undefined,
      expectations: undefined,
      baselineDir: join(cwd, 'baselines'),
      targetName: undefined,
    },
    network: {
      httpsProxy: undefined,
      httpProxy: undefined,
      noProxy: undefined,
      caFile: undefined,
      nodeExtraCaCerts: undefined,
      clientCertFile: undefined,
      clientKeyFile: undefined,
      insecure: false,
    },
    ci: { inCi: false, githubActions: false, stepSummary: undefined },
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
      loadFlat(env, { cwd, dotenvPath: false });
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

test('CHANGE_COMMAND or CHANGE_REQUEST (not both) say how the events suite makes a change', () => {
  const load = (env: Record<string, string>) => loadFlat(env, { cwd, dotenvPath: false });
  const problems = (env: Record<string, string>): string[] => {
    try {
      load(env);
      return [];
    } catch (error) {
      return [...(error as ConfigError).problems];
    }
  };
  expect(load({ CHANGE_COMMAND: '  ./touch.sh --file probe.txt ' }).change).toEqual({
    kind: 'command',
    command: './touch.sh --file probe.txt',
  });
  expect(load({ CHANGE_REQUEST: 'put /_api/v2.0/drive/root:/p.txt:/content hello world' }).change).toEqual({
    kind: 'request',
    method: 'PUT',
    path: '/_api/v2.0/drive/root:/p.txt:/content',
    body: 'hello world',
  });
  expect(load({ CHANGE_REQUEST: 'POST /_reference/trigger' }).change).toEqual({
    kind: 'request',
    method: 'POST',
    path: '/_reference/trigger',
    body: undefined,
  });
  expect(problems({ CHANGE_COMMAND: 'x', CHANGE_REQUEST: 'POST /x' })).toEqual([
    expect.stringMatching(/^CHANGE_COMMAND and CHANGE_REQUEST: give one, not both/),
  ]);
  expect(problems({ CHANGE_REQUEST: '/only-a-path' })).toEqual([expect.stringMatching(/^CHANGE_REQUEST: must be "METHOD PATH \[body\]"/)]);
  expect(problems({ CHANGE_REQUEST: 'PUT drive/x' })).toEqual([
    expect.stringMatching(/^CHANGE_REQUEST: the path must start with a single \//),
  ]);
  expect(problems({ NOTIFICATION_WAIT_SECONDS: '0' })).toEqual([
    expect.stringMatching(/^NOTIFICATION_WAIT_SECONDS: must be a positive number/),
  ]);
  expect(problems({ SLOW_RECEIVER_SECONDS: '61' })).toEqual([expect.stringMatching(/^SLOW_RECEIVER_SECONDS: must be at most 60/)]);
});
