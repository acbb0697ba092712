/**
 * The README's Quick start, as a newcomer follows it: a folder with `.env.example` copied to `.env` and the lines
 * the README sets in it, then `npx subscription-conformance probe` run there. The target is a reference service on
 * loopback that counts what it receives: the run must probe it (not the embedded reference), and its report must
 * name it. The lines are read from the README itself, so the test follows what the README says.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import { startReferenceService, type ReferenceService } from '../reference/index.js';
import { FAST_PROBE_SETTINGS } from './support/fast-settings.js';
import { childEnv } from './run-tool.js';

const ROOT = new URL('..', import.meta.url).pathname;
const TOKEN = 'quick-start-token-4b1d9e27c6';

/** The README's Quick start section. */
function quickStart(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  return readme.slice(readme.indexOf('## Quick start'));
}

/** The `NAME=value` lines of the README's Quick start `.env` block (fenced as dotenv), in order. */
function quickStartLines(): { name: string; value: string }[] {
  const block = /```dotenv\n([\s\S]*?)```/.exec(quickStart())?.[1] ?? '';
  return [...block.matchAll(/^([A-Z][A-Z0-9_]*)=(\S+)/gm)].map((m) => ({ name: m[1] ?? '', value: m[2] ?? '' }));
}

test("the Quick start's .env lines are a dotenv block, its command a sh block of commands only", () => {
  const lines = quickStartLines();
  expect(lines.map((l) => l.name)).toContain('BASE_URL');
  const shell = /```sh\n([\s\S]*?)```/.exec(quickStart())?.[1] ?? '';
  expect(shell).toMatch(/^npx subscription-conformance probe/m);
  // Pasted into a shell, a NAME=value line is not exported: the run would probe the embedded reference instead.
  expect(shell).not.toMatch(/^[A-Z][A-Z0-9_]*=/m);
});

test('the token file the Quick start names is ignored by git, as .env is', () => {
  const tokenFile = quickStartLines().find((l) => l.name === 'ACCESS_TOKEN_FILE')?.value ?? '';
  expect(tokenFile).not.toBe('');
  for (const file of [tokenFile, '.env']) {
    const check = spawnSync('git', ['check-ignore', '-q', '--no-index', file], { cwd: ROOT });
    expect(check.status, `${file} is not ignored by .gitignore`).toBe(0);
  }
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/** A folder set up as the Quick start says, the package installed in it as `npm install` would link its command. */
async function quickStartFolder(baseUrl: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'quick-start-'));
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(join(ROOT, 'bin', 'subscription-conformance.mjs'), join(dir, 'node_modules', '.bin', 'subscription-conformance'));
  copyFileSync(join(ROOT, '.env.example'), join(dir, '.env'));
  writeFileSync(join(dir, 'token.txt'), `${TOKEN}\n`);
  const port = await freePort();
  // The README's values, each replaced by this machine's: the target on loopback, the receiver's port free here.
  const local: Record<string, string> = {
    BASE_URL: baseUrl,
    RECEIVER_PUBLIC_URL: `https://127.0.0.1:${port}`,
    RECEIVER_PORT: String(port),
  };
  const lines = quickStartLines().map(({ name, value }) => `${name}=${local[name] ?? value}`);
  writeFileSync(join(dir, '.env'), `${readFileSync(join(dir, '.env'), 'utf8')}\n${lines.join('\n')}\n`);
  return dir;
}

interface Run {
  code: number | null;
  out: string;
}

/** `npx subscription-conformance probe ...args` in `cwd`, its environment the shell's (no setting) plus `env`. */
function npxProbe(cwd: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no-install', 'subscription-conformance', 'probe', ...args], {
      cwd,
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

const readReport = (dir: string): BehaviourReport =>
  JSON.parse(readFileSync(join(dir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;

let fromDotenv: ReferenceService;
let fromEnvironment: ReferenceService;
let fromFlag: ReferenceService;
beforeAll(async () => {
  // The .env's target answers as Graph does, unlike the embedded reference: its rule shows which one was probed.
  fromDotenv = await startReferenceService({ profile: 'graph-like', tokens: [TOKEN] });
  fromEnvironment = await startReferenceService({ profile: 'default', tokens: [TOKEN] });
  fromFlag = await startReferenceService({ profile: 'default', tokens: [TOKEN] });
});
afterAll(async () => {
  await Promise.all([fromDotenv, fromEnvironment, fromFlag].map((s) => s.close()));
});

test("the README's Quick start probes the BASE_URL its .env names, reports it, and the token appears nowhere", async () => {
  expect(quickStartLines().map((l) => l.name)).toEqual(expect.arrayContaining(['BASE_URL', 'ACCESS_TOKEN_FILE']));
  const dir = await quickStartFolder(fromDotenv.url);
  // Only the pace comes from the environment (a full run at the default 10 requests/s takes 40 s).
  const run = await npxProbe(dir, [], { ...FAST_PROBE_SETTINGS });
  expect(run.code, run.out).toBe(0);
  const report = readReport(join(dir, 'reports'));
  expect(report.run.target).toBe(fromDotenv.url);
  expect(report.run.targetKind).toBe('configured');
  expect(run.out).not.toContain('embedded reference service at');
  // Every request of the run reached the .env's target: its own count and the report's are the same, the setup
  // check's two requests included.
  expect(fromDotenv.stats().requests).toBe(report.run.requestsSent);
  expect(report.run.requestsBesideSuites?.setupCheck).toBe(2);
  expect(report.run.requestsSent).toBeGreaterThan(100);
  expect(report.rule.expression).toBe('changeType && notificationUrl && resource && expirationDateTime');
  expect(report.fields.changeType?.presence).toBe('required');
  expect(run.out).not.toContain(TOKEN);
  for (const file of readdirSync(join(dir, 'reports'), { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, 'reports', file);
    if (statSync(path).isFile()) expect(readFileSync(path, 'utf8'), file).not.toContain(TOKEN);
  }
}, 300_000);

test("a flag wins over the environment, which wins over .env: only the flag's target is sent to", async () => {
  const dir = await quickStartFolder(fromDotenv.url);
  const before = [fromDotenv, fromEnvironment].map((s) => s.stats().requests);
  const settings = await npxProbe(dir, ['--settings', '--base-url', fromFlag.url], { BASE_URL: fromEnvironment.url });
  expect(settings.code, settings.out).toBe(0);
  expect(settings.out).toMatch(new RegExp(`BASE_URL +${fromFlag.url.replace(/[.]/g, '\\.')} \\(from its flag\\)`));
  // The token file's path is shown (the path is not the secret), never what it holds.
  expect(settings.out).toMatch(/ACCESS_TOKEN_FILE +\.\/token\.txt \(its content is not shown\) \(from \.env\)/);
  expect(settings.out).not.toContain(TOKEN);
  const run = await npxProbe(dir, ['--base-url', fromFlag.url, '01-spec'], { ...FAST_PROBE_SETTINGS, BASE_URL: fromEnvironment.url });
  expect(run.code, run.out).toBe(0);
  expect(readReport(join(dir, 'reports')).run.target).toBe(fromFlag.url);
  expect(fromFlag.stats().requests).toBeGreaterThan(0);
  expect([fromDotenv, fromEnvironment].map((s) => s.stats().requests)).toEqual(before);
}, 300_000);
