import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { SETTING_NAMES } from '../lib/config/settings.js';
import { COMMANDS, parseCommandLine, PROBE_NODE_FLAGS } from './cli.js';

const USAGE = 'usage';

describe('parseCommandLine: one command, settings as flags', () => {
  test('a setting given as a flag becomes the setting, in both spellings; the rest is left to the command', () => {
    expect(
      parseCommandLine(['probe', '--base-url', 'https://staging.example', '--requests-per-second=2', 'presence', '--shard=1/2'], USAGE),
    ).toEqual({
      kind: 'run',
      command: 'probe',
      env: { BASE_URL: 'https://staging.example', REQUESTS_PER_SECOND: '2' },
      args: ['presence', '--shard=1/2'],
    });
  });

  test('the short names: --rate, --timeout, --profile', () => {
    expect(parseCommandLine(['probe', '--rate', '2', '--timeout=5000', '--profile', 'graph-like'], USAGE)).toMatchObject({
      env: { REQUESTS_PER_SECOND: '2', REQUEST_TIMEOUT_MS: '5000', REFERENCE_PROFILE: 'graph-like' },
      args: [],
    });
  });

  test('ui is the probe with --ui; after -- nothing is read as a setting', () => {
    expect(parseCommandLine(['ui', '--', '--max-requests', '5'], USAGE)).toMatchObject({
      kind: 'run',
      args: ['--ui', '--', '--max-requests', '5'],
      env: {},
    });
  });

  test("a command's own flag of a setting's name is the command's: reference's --seed seeds its faults, not the probe's SEED", () => {
    expect(parseCommandLine(['reference', '--seed', '7', '--rate', '2'], USAGE)).toMatchObject({
      env: { REQUESTS_PER_SECOND: '2' },
      args: ['--seed', '7'],
    });
    expect(parseCommandLine(['probe', '--seed', '7'], USAGE)).toMatchObject({ env: { SEED: '7' }, args: [] });
    expect(parseCommandLine(['baseline', '--baseline=b.json'], USAGE)).toMatchObject({ env: {}, args: ['--baseline=b.json'] });
  });

  test("each command's list of own flags is every flag its parseArgs declares that shares a setting's name", () => {
    const settingFlags = new Set([...SETTING_NAMES.map((n) => n.toLowerCase().replaceAll('_', '-')), 'rate', 'timeout', 'profile']);
    for (const command of Object.values(COMMANDS)) {
      const source = readFileSync(new URL(`./${command.script}.ts`, import.meta.url), 'utf8');
      const declared = [...source.matchAll(/'?([a-z][a-z0-9-]*)'?: \{ type: '(?:string|boolean)'/g)].map((m) => m[1] ?? '');
      expect(declared.length).toBeGreaterThan(0);
      expect([...(command.own ?? [])].sort()).toEqual(declared.filter((flag) => settingFlags.has(flag)).sort());
    }
  });

  test('a secret is refused as a flag, with where to give it instead', () => {
    for (const flag of ['--access-token', '--client-secret=abc']) {
      const parsed = parseCommandLine(['probe', flag, 'abc'], USAGE);
      expect(parsed).toMatchObject({
        kind: 'error',
        message: expect.stringMatching(/is a secret and is not taken from the command line.*_FILE$/),
      });
      expect(JSON.stringify(parsed)).not.toContain('abc');
    }
  });

  test('an unknown command is named with the one likely meant; a setting flag without its value says so', () => {
    expect(parseCommandLine(['prboe'], USAGE)).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/^unknown command "prboe"; did you mean probe\?/),
    });
    expect(parseCommandLine(['xyzzy'], USAGE)).toMatchObject({ kind: 'error', message: expect.not.stringContaining('did you mean') });
    expect(parseCommandLine(['probe', '--max-requests'], USAGE)).toEqual({
      kind: 'error',
      message: '--max-requests needs a value (the setting MAX_REQUESTS)',
    });
  });

  test('no command, help, version and the settings list print', () => {
    expect(parseCommandLine([], USAGE)).toEqual({ kind: 'print', text: USAGE });
    expect(parseCommandLine(['--help'], USAGE)).toEqual({ kind: 'print', text: USAGE });
    expect(parseCommandLine(['--version'], USAGE)).toMatchObject({
      kind: 'print',
      text: expect.stringMatching(/^subscription-conformance \d+\.\d+\.\d+$/),
    });
    expect(parseCommandLine(['--settings'], USAGE)).toMatchObject({
      kind: 'print',
      text: expect.stringContaining('--max-requests, MAX_REQUESTS'),
    });
  });
});

describe('the package command', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    bin: Record<string, string>;
    scripts: Record<string, string>;
  };

  test("every command's npm script runs the package's command, so both start the same way (compiled when fresh, the probe's node flags)", () => {
    for (const [name, command] of Object.entries(COMMANDS)) {
      expect(pkg.scripts[name]).toBe(`node ${pkg.bin['subscription-conformance']} ${name}`);
      expect(readFileSync(new URL(`./${command.script}.ts`, import.meta.url), 'utf8').length).toBeGreaterThan(0);
    }
    expect(COMMANDS['probe']?.node).toEqual(PROBE_NODE_FLAGS);
  });

  test("the bin file starts, prints its version and a command's help with the settings, and a usage error exits 2 with one line", () => {
    const bin = fileURLToPath(new URL(`../${pkg.bin['subscription-conformance'] ?? ''}`, import.meta.url));
    const ok = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8', timeout: 30_000 });
    expect([ok.status, ok.stdout.trim()]).toEqual([0, expect.stringMatching(/^subscription-conformance /)]);
    const help = spawnSync(process.execPath, [bin, 'probe', '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('npm run probe');
    expect(help.stdout).toMatch(/^Settings \(from the environment and \.env/m);
    expect(help.stdout).toContain('MAX_REQUESTS');
    const bad = spawnSync(process.execPath, [bin, 'probe', '--access-token', 'not-printed'], { encoding: 'utf8', timeout: 30_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).not.toContain('not-printed');
  });
});
