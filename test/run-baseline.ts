/** Runs `bin/baseline.ts` (npm run baseline) as a child process, as a user would, for the self-tests. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface BaselineRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const ROOT = new URL('..', import.meta.url).pathname;

/** `cwd` is the working folder (relative REPORT_DIR, BASELINE_DIR and --report resolve against it). */
export function runBaseline(cwd: string, env: Record<string, string>, args: string[] = [], timeoutMs = 60_000): Promise<BaselineRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'bin/baseline.ts'), ...args], {
      // A clean environment: nothing from the developer's shell or .env decides the outcome.
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`baseline did not finish within ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
