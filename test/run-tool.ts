/** Runs one of the project's commands (`bin/<name>.ts`) as a child process, as a user would, for the self-tests. */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledCli } from '../bin/support/compiled-entry.mjs';

export interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface ToolOptions {
  /** Working folder: relative settings (REPORT_DIR, .env, ledgers) resolve against it. */
  cwd: string;
  env: Record<string, string>;
  args?: string[];
  stdin?: string;
  timeoutMs?: number;
}

const ROOT = new URL('..', import.meta.url).pathname;
// tsx's loader, found from the project: the child runs in another folder, where `--import tsx` would not resolve.
const TSX_LOADER = pathToFileURL(createRequire(join(ROOT, 'package.json')).resolve('tsx')).href;

/**
 * The compiled build (dist/) when it is fresh, as the package's command would run it (and the suites of an in-process
 * run read lib/ from it, as they do under the compiled command); decided once per test file:
 * bin/self-test.ts builds before vitest starts, and nothing in a test run edits the sources.
 */
export const COMPILED = compiledCli(ROOT) !== undefined;

/**
 * The command line of `bin/<name>.ts`: its compiled `dist/bin/<name>.js` under plain node when the build is fresh
 * (no TypeScript compiled at each start, as the published command runs), else node with tsx's loader, as
 * `npm run probe` runs it, rather than tsx's launcher, which starts a second node process (about 0.2 s of CPU per
 * child) and, killed, leaves that one running.
 */
export function toolCommand(name: string, args: readonly string[] = []): [string, string[]] {
  if (COMPILED) return [process.execPath, [join(ROOT, 'dist', 'bin', `${name}.js`), ...args]];
  return [process.execPath, ['--import', TSX_LOADER, join(ROOT, 'bin', `${name}.ts`), ...args]];
}

/**
 * A child's whole environment: `env` over what any process needs (PATH, HOME) and the temporary folder, which is the
 * test run's own (bin/self-test.ts), so that what a child makes there goes with it.
 */
export function childEnv(env: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: tmpdir(), ...env };
}

export function runTool(name: string, options: ToolOptions): Promise<ToolRun> {
  const { cwd, env, args = [], stdin, timeoutMs = 120_000 } = options;
  return new Promise((resolve, reject) => {
    const [command, commandArgs] = toolCommand(name, args);
    const child = spawn(command, commandArgs, {
      // A clean environment and the caller's working folder: nothing from the developer's shell
      // or .env decides the outcome.
      cwd,
      env: childEnv(env),
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not finish within ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}
