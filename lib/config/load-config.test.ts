import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { loadSettings } from './load-config.js';
import { flatSettings, loadFlat, type FlatSettings } from '../../test/support/flat-settings.js';
import { ConfigError } from '../errors.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'probe-config-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Loads with the temp folder as cwd, so its .env (if any) is the one read. */
const load = (env: Record<string, string | undefined>): FlatSettings => flatSettings(loadSettings({ env, cwd: dir }));

function problemsOf(env: Record<string, string | undefined>): readonly string[] {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const configError = error as ConfigError;
    expect(configError.code).toBe('CONFIG_INVALID');
    return configError.problems;
  }
  throw new Error('expected a ConfigError');
}

describe('one bad value gives exactly one line naming the setting', () => {
  test.each([
    ['REQUESTS_PER_SECOND', '-3', 'REQUESTS_PER_SECOND: must be a positive number, got "-3"'],
    ['REQUESTS_PER_SECOND', '0', 'REQUESTS_PER_SECOND: must be a positive number, got "0"'],
    ['REQUESTS_PER_SECOND', 'fast', 'REQUESTS_PER_SECOND: must be a positive number, got "fast"'],
    ['REQUESTS_PER_SECOND', 'NaN', 'REQUESTS_PER_SECOND: must be a positive number, got "NaN"'],
    ['REQUESTS_PER_SECOND', 'Infinity', 'REQUESTS_PER_SECOND: must be a positive number, got "Infinity"'],
    ['REQUESTS_PER_SECOND', '0x10', 'REQUESTS_PER_SECOND: must be a positive number, got "0x10"'],
    ['REQUESTS_PER_SECOND', '5000', 'REQUESTS_PER_SECOND: must be at most 1000, got "5000"'],
    ['REQUEST_TIMEOUT_MS', '1.5', 'REQUEST_TIMEOUT_MS: must be a positive integer, got "1.5"'],
    ['REQUEST_TIMEOUT_MS', '3600001', 'REQUEST_TIMEOUT_MS: must be at most 3600000 (1 hour), got "3600001"'],
    ['CONCURRENCY', '0', 'CONCURRENCY: must be a positive integer, got "0"'],
    ['CONCURRENCY', '10000', 'CONCURRENCY: must be at most 256, got "10000"'],
    ['MAX_REQUESTS', '-1', 'MAX_REQUESTS: must be a positive integer, got "-1"'],
    ['MAX_RUN_SECONDS', '0', 'MAX_RUN_SECONDS: must be a positive number, got "0"'],
    ['MAX_RUN_SECONDS', '100000', 'MAX_RUN_SECONDS: must be at most 86400 (24 hours), got "100000"'],
    ['MAX_RETRIES', '-1', 'MAX_RETRIES: must be a non-negative integer, got "-1"'],
    ['MAX_RETRIES', '2.5', 'MAX_RETRIES: must be a non-negative integer, got "2.5"'],
    ['RETRY_AFTER_DEFAULT_SECONDS', '-2', 'RETRY_AFTER_DEFAULT_SECONDS: must be a non-negative number, got "-2"'],
    ['RETRY_AFTER_DEFAULT_SECONDS', '121', 'RETRY_AFTER_DEFAULT_SECONDS: must not exceed RETRY_AFTER_MAX_SECONDS (120), got 121'],
    ['RETRY_AFTER_MAX_SECONDS', '1', 'RETRY_AFTER_DEFAULT_SECONDS: must not exceed RETRY_AFTER_MAX_SECONDS (1), got 2'],
    ['RETRY_AFTER_MAX_SECONDS', 'soon', 'RETRY_AFTER_MAX_SECONDS: must be a non-negative number, got "soon"'],
    ['MAX_RECORDED_BODY_BYTES', '0', 'MAX_RECORDED_BODY_BYTES: must be a positive integer, got "0"'],
    ['MAX_RECORDED_BODY_BYTES', '67108864', 'MAX_RECORDED_BODY_BYTES: must be at most 524288 (512 KiB), got "67108864"'],
    ['REPEATS', '0', 'REPEATS: must be a positive integer, got "0"'],
    ['REPEATS', '2.5', 'REPEATS: must be a positive integer, got "2.5"'],
    ['ALLOW_INSECURE_TOKEN', 'maybe', 'ALLOW_INSECURE_TOKEN: must be true or false (also 1/0, yes/no), got "maybe"'],
    ['BASE_URL', 'staging', 'BASE_URL: not an absolute http(s) URL: "staging"'],
    ['BASE_URL', 'localhost:3000', 'BASE_URL: not an absolute http(s) URL: "localhost:3000"'],
    ['BASE_URL', 'ftp://example.com', 'BASE_URL: not an absolute http(s) URL: "ftp://example.com"'],
    ['BASE_URL', 'https://example.com/?a=1', 'BASE_URL: must not contain a query or fragment: "https://example.com/?a=1"'],
    ['BASE_URL', 'https://example.com/#x', 'BASE_URL: must not contain a query or fragment: "https://example.com/#x"'],
    ['BASE_URL', 'https://user:pw@example.com', 'BASE_URL: must not contain a user name or password (value not shown)'],
    [
      'BASE_URL',
      'https://example.com/_api/v2.0/drive/root/subscriptions',
      'BASE_URL: give the service root; the probe appends /_api/v2.0/drive/root/subscriptions: "https://example.com/_api/v2.0/drive/root/subscriptions"',
    ],
    [
      'BASE_URL',
      '',
      'BASE_URL: is set but empty; remove it to get the default (unset: start the embedded reference service (also spelt BASE_URL=embedded))',
    ],
    ['NOTIFICATION_URL', 'hooks.example.com', 'NOTIFICATION_URL: not an absolute http(s) URL: "hooks.example.com"'],
    [
      'REFERENCE_PROFILE',
      'no spaces',
      'REFERENCE_PROFILE: must be an identifier (letters, digits, ".", "_", "-"; at most 64), got "no spaces"',
    ],
    [
      'ACCEPTED_FIELDS',
      'notificationUrl,bogus',
      'ACCEPTED_FIELDS: unknown field(s) "bogus"; known: changeType, notificationUrl, resource, expirationDateTime, clientState',
    ],
    [
      'ACCEPTED_BODY',
      '{"notificationUrl":"https://h.example.com","bogus":1}',
      'ACCEPTED_BODY: unknown field(s) "bogus"; known: changeType, notificationUrl, resource, expirationDateTime, clientState',
    ],
    ['ACCEPTED_BODY', '[1]', 'ACCEPTED_BODY: should be a JSON object, got an array'],
    ['ACCEPTED_BODY', 'null', 'ACCEPTED_BODY: should be a JSON object, got null'],
    ['SEED', '-1', 'SEED: must be a non-negative integer, got "-1"'],
    [
      'DELETE_PATH',
      'subscriptions/{id}',
      'DELETE_PATH: must be a path below BASE_URL starting with "/", e.g. /subscriptions/{id}, got "subscriptions/{id}"',
    ],
    [
      'DELETE_PATH',
      '/subscriptions',
      'DELETE_PATH: must hold {id} exactly once (where the created id goes), e.g. /subscriptions/{id}, got "/subscriptions"',
    ],
    ['DELETE_PATH', '/a/../{id}', 'DELETE_PATH: must not leave the place it names: the path contains a dot segment, got "/a/../{id}"'],
    ['KEEP_CREATED', 'maybe', 'KEEP_CREATED: must be true or false (also 1/0, yes/no), got "maybe"'],
    ['CONCURRENCY', 'a\nb', 'CONCURRENCY: must be a positive integer, got "a\\nb"'],
  ])('%s=%j', (name, value, line) => {
    expect(problemsOf({ [name]: value })).toEqual([line]);
  });
});

test('the bodies the requests in flight may record are bounded: MAX_RECORDED_BODY_BYTES x CONCURRENCY at most 16 MiB', () => {
  expect(problemsOf({ MAX_RECORDED_BODY_BYTES: '524288', CONCURRENCY: '40' })).toEqual([
    'MAX_RECORDED_BODY_BYTES x CONCURRENCY must be at most 16777216 (16 MiB), got 524288 x 40; lower one (e.g. CONCURRENCY=32)',
  ]);
  expect(load({ MAX_RECORDED_BODY_BYTES: '524288', CONCURRENCY: '32' }).concurrency).toBe(32);
  expect(load({ CONCURRENCY: '256' }).concurrency).toBe(256); // the default 64 KiB allows the most concurrency
});

test('several bad values give one line each, all of them', () => {
  const problems = problemsOf({ REQUESTS_PER_SECOND: '-3', CONCURRENCY: 'x', BASE_URL: 'staging', REPEATS: '0' });
  expect(problems).toEqual([
    'BASE_URL: not an absolute http(s) URL: "staging"',
    'REQUESTS_PER_SECOND: must be a positive number, got "-3"',
    'CONCURRENCY: must be a positive integer, got "x"',
    'REPEATS: must be a positive integer, got "0"',
  ]);
  for (const line of problems) expect(line).not.toContain('\n');
});

test('the ConfigError message lists every problem', () => {
  expect(() => load({ CONCURRENCY: 'x', REPEATS: '0' })).toThrowErrorMatchingInlineSnapshot(`
    [ConfigError: Invalid configuration (2 problems):
      - CONCURRENCY: must be a positive integer, got "x"
      - REPEATS: must be a positive integer, got "0"]
  `);
});

describe('valid values', () => {
  test('numbers, seconds and booleans are converted', () => {
    const config = load({
      REQUESTS_PER_SECOND: '0.5',
      CONCURRENCY: ' 8 ',
      MAX_REQUESTS: '1e3',
      MAX_RUN_SECONDS: '1.5',
      RETRY_AFTER_DEFAULT_SECONDS: '0',
      RETRY_AFTER_MAX_SECONDS: '30',
      MAX_RETRIES: '0',
      REPEATS: '1',
      ALLOW_INSECURE_TOKEN: 'YES',
    });
    expect(config).toMatchObject({
      requestsPerSecond: 0.5,
      concurrency: 8,
      maxRequests: 1000,
      maxRunTimeMs: 1500,
      defaultRetryAfterMs: 0,
      maxRetryAfterMs: 30_000,
      maxRetries: 0,
      repeats: 1,
      allowInsecureToken: true,
    });
  });

  test.each([
    ['true', true],
    ['FALSE', false],
    ['1', true],
    ['0', false],
    ['Yes', true],
    ['no', false],
  ])('ALLOW_INSECURE_TOKEN=%s', (raw, value) => {
    expect(load({ ALLOW_INSECURE_TOKEN: raw }).allowInsecureToken).toBe(value);
  });

  test.each([
    ['https://example.com/', 'https://example.com'],
    ['https://example.com', 'https://example.com'],
    ['https://t.sharepoint.com/sites/x/', 'https://t.sharepoint.com/sites/x'],
    ['HTTPS://EXAMPLE.com:443//', 'https://example.com'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
  ])('BASE_URL %s becomes %s', (raw, baseUrl) => {
    expect(load({ BASE_URL: raw }).baseUrl).toBe(baseUrl);
  });

  test('NOTIFICATION_URL is kept as given', () => {
    expect(load({ NOTIFICATION_URL: 'https://hooks.example.com/drive?k=1' }).notificationUrl).toBe('https://hooks.example.com/drive?k=1');
  });

  test('REPORT_DIR is resolved against cwd', () => {
    expect(load({ REPORT_DIR: 'out/r' }).reportDir).toBe(join(dir, 'out/r'));
    expect(load({ REPORT_DIR: '/var/reports' }).reportDir).toBe('/var/reports');
  });
});

describe('the token', () => {
  test('from ACCESS_TOKEN, trimmed', () => {
    const config = load({ ACCESS_TOKEN: ' abc.def-ghi \n' });
    expect(config.accessToken?.reveal()).toBe('abc.def-ghi');
    expect(config.accessTokenSource).toBe('ACCESS_TOKEN');
  });

  test('from ACCESS_TOKEN_FILE, content trimmed, path relative to cwd', () => {
    writeFileSync(join(dir, 'token.txt'), '\ufefftok-123\n\n');
    const config = load({ ACCESS_TOKEN_FILE: 'token.txt' });
    expect(config.accessToken?.reveal()).toBe('tok-123');
    expect(config.accessTokenSource).toBe('ACCESS_TOKEN_FILE');
  });

  test('none: undefined, no source', () => {
    const config = load({});
    expect(config.accessToken).toBeUndefined();
    expect('accessTokenSource' in config).toBe(false);
  });

  test('both forms: one line naming both', () => {
    writeFileSync(join(dir, 'token.txt'), 'tok-123');
    expect(problemsOf({ ACCESS_TOKEN: 'tok-abc', ACCESS_TOKEN_FILE: 'token.txt' })).toEqual([
      'ACCESS_TOKEN and ACCESS_TOKEN_FILE: give one, not both; got ACCESS_TOKEN (from the environment), ACCESS_TOKEN_FILE (from the environment)',
    ]);
  });

  test('both forms, one of them from .env: still one line, saying where each came from', () => {
    writeFileSync(join(dir, '.env'), 'ACCESS_TOKEN_FILE=token.txt\n');
    expect(problemsOf({ ACCESS_TOKEN: 'tok-abc' })).toEqual([
      'ACCESS_TOKEN and ACCESS_TOKEN_FILE: give one, not both; got ACCESS_TOKEN (from the environment), ACCESS_TOKEN_FILE (from .env)',
    ]);
  });

  test('missing file: names the path', () => {
    const path = join(dir, 'nope.txt');
    expect(problemsOf({ ACCESS_TOKEN_FILE: 'nope.txt' })).toEqual([
      `ACCESS_TOKEN_FILE: cannot read ${JSON.stringify(path)}: no such file (ENOENT)`,
    ]);
  });

  test('missing file under a long path: the line keeps the start of the path and its file name', () => {
    const deep = `${'a-long-folder-name/'.repeat(6)}token.txt`;
    const [problem] = problemsOf({ ACCESS_TOKEN_FILE: deep });
    const quoted = JSON.parse(
      /^ACCESS_TOKEN_FILE: cannot read (".*"): no such file \(ENOENT\)$/.exec(problem ?? '')?.[1] ?? '""',
    ) as string;
    expect(quoted).toHaveLength(80);
    expect(quoted.startsWith(join(dir, deep).slice(0, 37))).toBe(true);
    expect(quoted).toMatch(/\.\.\..*\/a-long-folder-name\/token\.txt$/);
  });

  test('a folder instead of a file: names the path', () => {
    mkdirSync(join(dir, 'secrets'));
    expect(problemsOf({ ACCESS_TOKEN_FILE: 'secrets' })).toEqual([
      `ACCESS_TOKEN_FILE: cannot read ${JSON.stringify(join(dir, 'secrets'))}: is a folder`,
    ]);
  });

  test.skipIf(process.getuid?.() === 0)('unreadable file: names the path, not the content', async () => {
    const { chmodSync } = await import('node:fs');
    const path = join(dir, 'locked.txt');
    writeFileSync(path, 'tok-locked-content');
    chmodSync(path, 0o000);
    const problems = problemsOf({ ACCESS_TOKEN_FILE: path });
    expect(problems).toEqual([`ACCESS_TOKEN_FILE: cannot read ${JSON.stringify(path)}: permission denied (EACCES)`]);
  });

  test('empty file', () => {
    writeFileSync(join(dir, 'empty.txt'), ' \n');
    expect(problemsOf({ ACCESS_TOKEN_FILE: 'empty.txt' })).toEqual([
      `ACCESS_TOKEN_FILE: ${JSON.stringify(join(dir, 'empty.txt'))} is empty`,
    ]);
  });

  test('empty ACCESS_TOKEN', () => {
    expect(problemsOf({ ACCESS_TOKEN: '  ' })).toEqual([
      'ACCESS_TOKEN: is set but empty; remove it to get the default (unset: no token; the embedded reference generates its own)',
    ]);
  });

  test('a token with "Bearer " or inner whitespace is refused without being shown', () => {
    const secret = 'SENTINEL-token-0123456789';
    writeFileSync(join(dir, 'two-lines.txt'), `${secret}\nsecond line`);
    const problems = [
      ...problemsOf({ ACCESS_TOKEN: `Bearer ${secret}` }),
      ...problemsOf({ ACCESS_TOKEN: `${secret} x` }),
      ...problemsOf({ ACCESS_TOKEN_FILE: 'two-lines.txt' }),
    ];
    expect(problems).toEqual([
      'ACCESS_TOKEN: the token starts with "Bearer "; give the token alone (value not shown)',
      'ACCESS_TOKEN: the token contains spaces, line breaks or characters not allowed in an HTTP header (value not shown)',
      `ACCESS_TOKEN_FILE: the content of ${JSON.stringify(join(dir, 'two-lines.txt'))} contains spaces, line breaks or characters not allowed in an HTTP header (value not shown)`,
    ]);
  });

  test('a token put in ACCESS_TOKEN_FILE by mistake is not echoed', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJTRU5USU5FTCJ9.c2lnbmF0dXJl';
    expect(problemsOf({ ACCESS_TOKEN_FILE: jwt })).toEqual([
      'ACCESS_TOKEN_FILE: no such file, and the value looks like a token: put the token in ACCESS_TOKEN instead (value not shown)',
    ]);
  });
});

describe('the token is not sent over plain http to a host that is not loopback', () => {
  test.each([
    ['http://127.0.0.1:3000'],
    ['http://127.0.0.2'],
    ['http://localhost:8080/sites/x'],
    ['http://[::1]:8080'],
    ['https://staging.example.com'],
  ])('allowed: %s', (baseUrl) => {
    expect(load({ BASE_URL: baseUrl, ACCESS_TOKEN: 'tok-abc' }).baseUrl).toBeDefined();
  });

  test.each([
    ['http://staging.example.com', 'staging.example.com'],
    ['http://10.0.0.5:8080', '10.0.0.5'],
    ['http://[fe80::1]', '[fe80::1]'],
    ['http://localhost.evil.example', 'localhost.evil.example'],
    ['http://128.0.0.1', '128.0.0.1'],
  ])('refused: %s', (baseUrl, host) => {
    expect(problemsOf({ BASE_URL: baseUrl, ACCESS_TOKEN: 'tok-abc' })).toEqual([
      `BASE_URL: refusing to send ACCESS_TOKEN over plain http to ${host}; use https or set ALLOW_INSECURE_TOKEN=true`,
    ]);
  });

  test('names ACCESS_TOKEN_FILE when the token came from a file', () => {
    writeFileSync(join(dir, 'token.txt'), 'tok-123');
    expect(problemsOf({ BASE_URL: 'http://staging.example.com', ACCESS_TOKEN_FILE: 'token.txt' })).toEqual([
      'BASE_URL: refusing to send ACCESS_TOKEN_FILE over plain http to staging.example.com; use https or set ALLOW_INSECURE_TOKEN=true',
    ]);
  });

  test('ALLOW_INSECURE_TOKEN=true lifts the rule', () => {
    const config = load({ BASE_URL: 'http://staging.example.com', ACCESS_TOKEN: 'tok-abc', ALLOW_INSECURE_TOKEN: 'true' });
    expect(config.allowInsecureToken).toBe(true);
  });

  test('without a token there is nothing to protect', () => {
    expect(load({ BASE_URL: 'http://staging.example.com' }).baseUrl).toBe('http://staging.example.com');
  });
});

describe('.env', () => {
  test('is read, and the real environment wins key by key', () => {
    writeFileSync(join(dir, '.env'), 'CONCURRENCY=7\nREPEATS=5\n# MAX_REQUESTS=1\n');
    const config = load({ REPEATS: '3' });
    expect(config.concurrency).toBe(7);
    expect(config.repeats).toBe(3);
    expect(config.maxRequests).toBe(2000);
  });

  test('does not touch process.env', () => {
    writeFileSync(join(dir, '.env'), 'PROBE_CONFIG_TEST_MARKER=1\n');
    load({});
    expect(process.env['PROBE_CONFIG_TEST_MARKER']).toBeUndefined();
  });

  test('a missing .env is fine', () => {
    expect(load({}).concurrency).toBe(4);
  });

  test('an unreadable .env is a problem, not silently skipped', () => {
    mkdirSync(join(dir, '.env'));
    expect(problemsOf({})).toEqual([`.env: cannot read ${JSON.stringify(join(dir, '.env'))}: is a folder (EISDIR)`]);
  });

  test('a bad value from .env says so', () => {
    writeFileSync(join(dir, '.env'), 'CONCURRENCY=-1\n');
    expect(problemsOf({})).toEqual(['CONCURRENCY: must be a positive integer, got "-1" (from .env)']);
  });

  test('a misspelt setting in .env is reported instead of silently ignored', () => {
    writeFileSync(join(dir, '.env'), 'MAX_REQUEST=10\nrepeats=3\nSOMETHING_ELSE=1\n');
    expect(problemsOf({})).toEqual([
      'MAX_REQUEST (from .env): not a known setting; did you mean MAX_REQUESTS?',
      'repeats (from .env): not a known setting; did you mean REPEATS?',
    ]);
  });

  test('a limit of the pace under a longer name is named with the setting it holds, unless that one is given', () => {
    writeFileSync(join(dir, '.env'), 'MAX_REQUESTS_PER_SECOND=2\nAPI_BASE_URL=https://app.example.com\nMAX_CONCURRENCY=2\n');
    expect(problemsOf({})).toEqual([
      "MAX_REQUESTS_PER_SECOND (from .env): not a known setting; did you mean REQUESTS_PER_SECOND? (another tool's variable: give REQUESTS_PER_SECOND too, and this one is left alone)",
      "MAX_CONCURRENCY (from .env): not a known setting; did you mean CONCURRENCY? (another tool's variable: give CONCURRENCY too, and this one is left alone)",
    ]);
    writeFileSync(join(dir, '.env'), 'MAX_REQUESTS_PER_SECOND=2\nREQUESTS_PER_SECOND=3\n');
    expect(load({}).requestsPerSecond).toBe(3);
  });

  test('dotenvPath picks another file; false reads none', () => {
    writeFileSync(join(dir, 'probe.env'), 'CONCURRENCY=9\n');
    writeFileSync(join(dir, '.env'), 'CONCURRENCY=7\n');
    expect(loadFlat({}, { cwd: dir, dotenvPath: 'probe.env' }).concurrency).toBe(9);
    expect(loadFlat({}, { cwd: dir, dotenvPath: false }).concurrency).toBe(4);
  });
});

test('a sentinel token never shows in errors, JSON or the config object', () => {
  const sentinel = 'SENTINEL-d1f0c3a9b7e2';
  // Also pasted into the wrong variables, where a parser would echo it.
  const problems = problemsOf({ ACCESS_TOKEN: sentinel, BASE_URL: sentinel, CONCURRENCY: sentinel, NOTIFICATION_URL: `x${sentinel}` });
  expect(problems).toHaveLength(3);
  for (const line of problems) expect(line).not.toContain(sentinel);

  writeFileSync(join(dir, 'token.txt'), sentinel);
  const fromFile = problemsOf({ ACCESS_TOKEN_FILE: 'token.txt', REPORT_DIR: `\u0001${sentinel}` });
  expect(fromFile.join('\n')).not.toContain(sentinel);

  const config = load({ ACCESS_TOKEN: sentinel, BASE_URL: 'https://example.com' });
  expect(JSON.stringify(config)).not.toContain(sentinel);
  expect(String(config.accessToken)).not.toContain(sentinel);
  expect(config.accessToken?.reveal()).toBe(sentinel);
});

describe('an empty value, as a CI runner gives an undefined variable', () => {
  test('of an optional setting is unset: its default holds, and a value in .env is used', () => {
    const config = load({ NOTIFICATION_URL: '', RECEIVER_PUBLIC_URL: ' ', TARGET_NAME: '', REPORT_DIR: '  ', CHANGE_COMMAND: '' });
    expect(config.notificationUrl).toBeUndefined();
    expect(config.targetName).toBeUndefined();
    expect(config.reportDir).toBe(join(dir, 'reports'));
    writeFileSync(join(dir, 'ci.env'), 'CONCURRENCY=7\n');
    expect(loadFlat({ CONCURRENCY: '' }, { cwd: dir, dotenvPath: 'ci.env' }).concurrency).toBe(7);
  });

  test('of the target or a credential is a mistake, named: a missing secret must not switch targets', () => {
    expect(problemsOf({ BASE_URL: '' })[0]).toMatch(/^BASE_URL: is set but empty/);
    expect(
      problemsOf({ BASE_URL: 'https://staging.example.com', CLIENT_ID: '', TENANT_ID: 't', SCOPE: 's', CLIENT_SECRET: 'x' }).join('\n'),
    ).toMatch(/CLIENT_ID: is set but empty/);
  });
});

describe('a setting misspelt in the shell environment', () => {
  test('is named with the setting it was likely meant to be, as in .env', () => {
    expect(problemsOf({ BASE_URLL: 'https://staging.example.com' })).toEqual([
      'BASE_URLL (from the environment): not a known setting; did you mean BASE_URL?',
    ]);
  });

  test("a name near a setting that is given too is some other tool's variable", () => {
    expect(load({ REPORT_DIR: 'out', REPORT_DIRS: 'a:b' }).reportDir).toBe(join(dir, 'out'));
  });
});
