/**
 * The published command as compiled JavaScript (`npm run build`, dist/): it starts under plain node, without
 * tsx (which would hide an import that only a TypeScript loader resolves), and a probe through it finds the
 * suites and vitest.config.ts from dist/ and exits 0. Uses the build in dist/ when it is fresh, else builds it first.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { BUILD_SOURCES, BUILD_STAMP, compiledCli } from '../bin/support/compiled-entry.mjs';
import { commandEntry, COMMANDS } from '../bin/cli.js';
import { childEnv } from './run-tool.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'dist', 'bin', 'cli.js');

/** Plain node with nothing from the developer's shell: no NODE_OPTIONS that could bring a loader in. */
function plainNode(args: string[], cwd: string, timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('which build the command runs', () => {
  /** A folder laid out like the tool's: one source per build source folder, and a build with its stamp. */
  function layout(stampAgeS: number, sourceAgeS: number): string {
    const root = mkdtempSync(join(tmpdir(), 'compiled-entry-'));
    const at = (ageS: number): Date => new Date(Date.now() - ageS * 1000);
    mkdirSync(join(root, 'dist', 'bin'), { recursive: true });
    writeFileSync(join(root, 'dist', 'bin', 'cli.js'), '');
    writeFileSync(join(root, BUILD_STAMP), '');
    utimesSync(join(root, BUILD_STAMP), at(stampAgeS), at(stampAgeS));
    for (const source of BUILD_SOURCES) {
      const folder = source.endsWith('.json') ? root : join(root, source);
      const file = source.endsWith('.json') ? join(root, source) : join(folder, 'x.ts');
      mkdirSync(folder, { recursive: true });
      writeFileSync(file, '');
      utimesSync(file, at(sourceAgeS), at(sourceAgeS));
      if (folder !== root) utimesSync(folder, at(sourceAgeS), at(sourceAgeS));
    }
    return root;
  }

  test('a build newer than every source is run; one older than a source, or without its stamp, is not', () => {
    const fresh = layout(10, 60);
    expect(compiledCli(fresh)).toBe(join(fresh, 'dist', 'bin', 'cli.js'));
    const stale = layout(60, 60);
    utimesSync(join(stale, 'lib', 'x.ts'), new Date(), new Date());
    expect(compiledCli(stale)).toBeUndefined();
    // A test beside the code is not built: edited, it leaves the build fresh.
    const testEdited = layout(10, 60);
    writeFileSync(join(testEdited, 'lib', 'x.test.ts'), '');
    utimesSync(join(testEdited, 'lib'), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    expect(compiledCli(testEdited)).toBe(join(testEdited, 'dist', 'bin', 'cli.js'));
    const unstamped = layout(10, 60);
    // The stamp is written last: without it the build did not finish.
    spawnSync('rm', [join(unstamped, BUILD_STAMP)]);
    expect(compiledCli(unstamped)).toBeUndefined();
  });

  test('compiled, a command is its .js beside cli.js; from the sources, its .ts', () => {
    const probe = COMMANDS['probe'];
    if (probe === undefined) throw new Error('no probe command');
    expect(commandEntry(probe, 'file:///tool/dist/bin/cli.js')).toBe('/tool/dist/bin/probe.js');
    expect(commandEntry(probe, pathToFileURL(join(ROOT, 'bin', 'cli.ts')).href)).toBe(join(ROOT, 'bin', 'probe.ts'));
  });
});

describe('the compiled command', () => {
  beforeAll(() => {
    if (compiledCli(ROOT) !== undefined) return;
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(compiledCli(ROOT)).toBe(CLI);
  }, 200_000);

  test('dist/ holds JavaScript only beside the schemas it reads, and no test code', () => {
    const files = readdirSync(join(ROOT, 'dist'), { recursive: true, encoding: 'utf8' });
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    expect(files.filter((f) => /\.test\.|(^|\/)test\//.test(f))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['lib/report/behaviour-report.schema.json', 'bin/probe.js', 'bin/cli.js']));
  });

  test('--version and probe --help run under plain node, with the usage the sources have', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'compiled-help-'));
    const version = await plainNode([CLI, '--version'], cwd, 30_000);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect([version.code, version.stdout.trim(), version.stderr]).toEqual([0, `subscription-conformance ${pkg.version}`, '']);
    const help = await plainNode([CLI, 'probe', '--help'], cwd, 30_000);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain('npx subscription-conformance probe --shard=1/2');
    expect(help.stdout).toMatch(/^Settings it reads \(defaults < \.env < the environment < these flags/m);
  }, 60_000);

  test('probe 01-spec through the compiled command: the embedded reference probed, exit 0, reports written', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'compiled-probe-'));
    const run = await plainNode([CLI, 'probe', '01-spec', '--seed', '7'], cwd, 120_000);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/target: embedded reference service at http:\/\/127\.0\.0\.1:\d+/);
    expect(run.stdout).toMatch(/^01-spec-observations: .*CONFORMS/m);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^probe: exit 0/);
    expect(readdirSync(join(cwd, 'reports'))).toContain('behaviour-report.json');
  }, 150_000);
});
