import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { COMMANDS, parseCommandLine } from './cli.js';
import { readCommandLine, settingsHelp } from './support/cli.js';

const USAGE = 'usage';

describe('parseCommandLine: the launcher picks the command and hands it its arguments as given', () => {
  test('settings given as flags stay on the command line: the command reads them itself, nothing travels in the environment', () => {
    expect(parseCommandLine(['probe', '--base-url', 'https://staging.example', '--rate=2', 'presence'], USAGE)).toEqual({
      kind: 'run',
      command: 'probe',
      args: ['--base-url', 'https://staging.example', '--rate=2', 'presence'],
    });
    expect(parseCommandLine(['ui', '--', '--max-requests', '5'], USAGE)).toEqual({
      kind: 'run',
      command: 'ui',
      args: ['--ui', '--', '--max-requests', '5'],
    });
  });

  test('an unknown command is named with the one likely meant; no command, help, version and --settings', () => {
    expect(parseCommandLine(['prboe'], USAGE)).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/^unknown command "prboe"; did you mean probe\?/),
    });
    expect(parseCommandLine(['xyzzy'], USAGE)).toMatchObject({ kind: 'error', message: expect.not.stringContaining('did you mean') });
    expect(parseCommandLine([], USAGE)).toEqual({ kind: 'print', text: USAGE });
    expect(parseCommandLine(['--help'], USAGE)).toEqual({ kind: 'print', text: USAGE });
    expect(parseCommandLine(['--version'], USAGE)).toMatchObject({
      kind: 'print',
      text: expect.stringMatching(/^subscription-conformance \d+\.\d+\.\d+$/),
    });
    expect(parseCommandLine(['--settings', '--rate', '2'], USAGE)).toEqual({
      kind: 'run',
      command: 'probe',
      args: ['--settings', '--rate', '2'],
    });
  });
});

describe("readCommandLine: a command's own flags, and the settings it reads as flags", () => {
  const probe = { allowPositionals: true, options: { shard: { type: 'string' }, help: { type: 'boolean' } } } as const;

  test("a setting given as a flag becomes the setting, in both spellings and by its short name; the rest is the command's", () => {
    const read = readCommandLine('probe', probe, [
      '--base-url',
      'https://staging.example',
      '--requests-per-second=2',
      '--timeout',
      '500',
      'presence',
      '--shard=1/2',
    ]);
    expect(read).toMatchObject({
      kind: 'run',
      line: {
        settingFlags: { BASE_URL: 'https://staging.example', REQUESTS_PER_SECOND: '2', REQUEST_TIMEOUT_MS: '500' },
        args: { values: { shard: '1/2' }, positionals: ['presence'] },
        showSettings: false,
      },
    });
    expect(readCommandLine('probe', probe, ['--settings'])).toMatchObject({ kind: 'run', line: { showSettings: true, settingFlags: {} } });
  });

  test("a command's own flag of a setting's name is the command's: reference's --seed seeds its faults, not the probe's SEED", () => {
    const reference = { options: { seed: { type: 'string' } } } as const;
    expect(readCommandLine('reference', reference, ['--seed', '7'])).toMatchObject({
      kind: 'run',
      line: { settingFlags: {}, args: { values: { seed: '7' } } },
    });
    expect(readCommandLine('probe', probe, ['--seed', '7'])).toMatchObject({ kind: 'run', line: { settingFlags: { SEED: '7' } } });
  });

  test('a setting the command does not read is refused by name: an offline command says so instead of ignoring it', () => {
    expect(readCommandLine('infer', { allowPositionals: true, options: {} }, ['--rate', '2', 'x.har'])).toEqual({
      kind: 'error',
      message: '--rate: infer does not read REQUESTS_PER_SECOND',
    });
  });

  test('a secret is refused as a flag, with where to give it instead, and is never echoed', () => {
    for (const flag of ['--access-token', '--client-secret=abc']) {
      const read = readCommandLine('probe', probe, [flag, 'abc']);
      expect(read).toMatchObject({
        kind: 'error',
        message: expect.stringMatching(/is a secret and is not taken from the command line.*_FILE$/),
      });
      expect(JSON.stringify(read)).not.toContain('abc');
    }
  });

  test("a mistyped flag is named with the flag likely meant, the settings' flags included; a setting flag without its value says so", () => {
    expect(readCommandLine('probe', probe, ['--max-request', '5'])).toEqual({
      kind: 'error',
      message: 'unknown option --max-request; did you mean --max-requests?',
    });
    expect(readCommandLine('probe', probe, ['--shrad=1/2'])).toEqual({
      kind: 'error',
      message: 'unknown option --shrad; did you mean --shard?',
    });
    expect(readCommandLine('probe', probe, ['--max-requests'])).toEqual({
      kind: 'error',
      message: '--max-requests needs a value (the setting MAX_REQUESTS)',
    });
    // A short alias is a flag too, and of flags as near the one the typed name begins is meant: --rat is --rate,
    // not --har (two edits away as well).
    expect(readCommandLine('probe', probe, ['--rat', '2'])).toEqual({
      kind: 'error',
      message: 'unknown option --rat; did you mean --rate?',
    });
    // A secret is never suggested as a flag: it is refused as one.
    expect(readCommandLine('probe', probe, ['--access-toke', 'x'])).toEqual({ kind: 'error', message: 'unknown option --access-toke' });
  });

  test('--help asks for the usage; the usage lists only the settings the command reads', () => {
    expect(readCommandLine('probe', probe, ['--help'])).toEqual({ kind: 'help' });
    expect(settingsHelp('infer')).toContain('--operation');
    expect(settingsHelp('infer')).not.toContain('--max-requests');
    expect(settingsHelp('probe')).toContain('--max-requests');
    // Secrets, and what only the environment sets, are named as variables, never offered as flags.
    expect(settingsHelp('probe')).not.toMatch(/--access-token[,\s]|--client-secret[,\s]|--actions-id-token/);
    expect(settingsHelp('probe')).toMatch(/\bACCESS_TOKEN, --access-token-file\b/);
    expect(settingsHelp('probe')).toContain('CLIENT_SECRET, --client-secret-file');
    expect(settingsHelp('probe')).not.toContain('(set by the CI runner)');
  });
});

describe('the package command', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    bin: Record<string, string>;
    scripts: Record<string, string>;
  };

  test("every command's npm script runs the package's command, so both start the same way (compiled when fresh)", () => {
    for (const [name, command] of Object.entries(COMMANDS)) {
      expect(pkg.scripts[name]).toBe(`node ${pkg.bin['subscription-conformance']} ${name}`);
      expect(readFileSync(new URL(`./${command.script}.ts`, import.meta.url), 'utf8').length).toBeGreaterThan(0);
    }
  });

  test("the bin file starts, prints its version and a command's help with the settings, and a usage error exits 2 with one line", () => {
    const bin = fileURLToPath(new URL(`../${pkg.bin['subscription-conformance'] ?? ''}`, import.meta.url));
    const ok = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8', timeout: 30_000 });
    expect([ok.status, ok.stdout.trim()]).toEqual([0, expect.stringMatching(/^subscription-conformance /)]);
    const help = spawnSync(process.execPath, [bin, 'probe', '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('npx subscription-conformance probe');
    expect(help.stdout).toMatch(/^Settings it reads \(defaults < \.env < the environment < these flags/m);
    expect(help.stdout).toContain('--max-requests');
    const bad = spawnSync(process.execPath, [bin, 'probe', '--access-token', 'not-printed'], { encoding: 'utf8', timeout: 30_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).not.toContain('not-printed');
  });
});

/** The tool's modules a module imports for their values (a type-only import loads nothing), as paths from the tool's root. */
function valueImports(file: string): string[] {
  const text = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
  return [...text.matchAll(/^import (?!type\b)[^'"]*['"](\.{1,2}\/[^'"]+)['"]/gm)].map((m) =>
    fileURLToPath(new URL(m[1] ?? '', new URL(`../${file}`, import.meta.url)))
      .slice(fileURLToPath(new URL('..', import.meta.url)).length)
      .replace(/\.js$/, '.ts'),
  );
}

/** The packages a module imports for their values at its top (not `node:` built-ins, not a later `await import()`). */
function packageImports(file: string): string[] {
  const text = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
  return [...text.matchAll(/^import (?!type\b)[^'"]*['"]([^.'"][^'"]*)['"]/gm)].flatMap((m) =>
    m[1]?.startsWith('node:') ? [] : [m[1] ?? ''],
  );
}

/** Every module of the tool the entries load before they run, following static value imports: the modules and the packages. */
function staticallyReached(...entries: string[]): { modules: string[]; packages: string[] } {
  const reached = new Set<string>(entries);
  const queue = [...entries];
  for (let i = 0; i < queue.length && i < 1_000; i += 1)
    for (const next of valueImports(queue[i] ?? ''))
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
  return { modules: [...reached].sort(), packages: [...new Set(queue.flatMap(packageImports))].sort() };
}

describe('the launcher loads next to nothing', () => {
  // Every command starts through the launcher, and what it loads delays each command's first request and stays in
  // its memory beside the command's own (docs/performance.md, start-up). It needs the command table and its usage.
  test('bin/cli.ts reaches only its command table, its usage text, the tool folder and the did-you-mean distance', () => {
    expect(staticallyReached('bin/cli.ts').modules.filter((m) => m !== 'bin/cli.ts')).toEqual([
      'bin/support/commands.ts',
      'bin/support/usage.ts',
      'lib/config/did-you-mean.ts',
      'lib/tool-root.ts',
    ]);
  });
});

// The setup check's request is a run's first, and what is loaded before it is the wait before anything is known
// (docs/performance.md, start-up): the settings, the engine, the token and the check. The run's later steps (vitest's
// runner, the suites' plan, the reports, the contract) and the parsers of files the settings may name are imported
// when they are needed, after the check or when such a file is given.
test('probe loads no later step of the run, and no parser of an optional file, before its setup check', () => {
  // The command, then the run it imports once a stop has its handler (bin/probe.ts), up to the check.
  const { modules, packages } = staticallyReached('bin/probe.ts', 'lib/run/run-probe.ts');
  expect(modules).toContain('lib/config/load-config.ts');
  expect(modules).toContain('lib/run/setup-check.ts');
  expect(modules).toContain('lib/http/engine.ts');
  const later =
    /^lib\/(report|contract|plan|vitest|baseline|expectations|presence|matrix|values|properties|events)\/|^lib\/run\/(execute-run|run-outputs|run-and-tell|dry-run|campaign)\.ts$/;
  // The reference service's modules, the profiles among them, load only when a run has no BASE_URL.
  expect(modules.filter((m) => m.startsWith('reference/'))).toEqual([]);
  expect(modules.filter((m) => later.test(m))).toEqual([]);
  expect(packages.filter((p) => /^(vitest|vite|yaml|ajv|ajv-formats|@readme\/|@seriousme\/|openid-client|undici$)/.test(p))).toEqual([]);
});
