/** Runs `bin/probe.ts` as a child process, as a user would, for the end-to-end self-tests. */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ProbeRun {
  code: number | null;
  stdout: string;
  stderr: string;
  reportDir: string;
}

const ROOT = new URL('..', import.meta.url).pathname;

export function runProbe(env: Record<string, string>, args: string[] = [], timeoutMs = 120_000): Promise<ProbeRun> {
  const reportDir = env.REPORT_DIR ?? mkdtempSync(join(tmpdir(), 'probe-reports-'));
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'bin/probe.ts'), ...args], {
      // A clean environment and a fresh working folder: nothing from the developer's shell
      // or .env decides the outcome.
      cwd: reportDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', REPORT_DIR: reportDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`probe did not finish within ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, reportDir });
    });
  });
}
