/** Runs one of the project's commands (`bin/<name>.ts`) as a child process, as a user would, for the self-tests. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

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

export function runTool(name: string, options: ToolOptions): Promise<ToolRun> {
  const { cwd, env, args = [], stdin, timeoutMs = 120_000 } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'bin', `${name}.ts`), ...args], {
      // A clean environment and the caller's working folder: nothing from the developer's shell
      // or .env decides the outcome.
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
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
