/** Runs `bin/probe.ts` as a child process, as a user would, for the end-to-end self-tests. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool, type ToolRun } from './run-tool.js';

export interface ProbeRun extends ToolRun {
  reportDir: string;
}

/** In a fresh report folder (REPORT_DIR, unless given), which is also the working folder. */
export async function runProbe(env: Record<string, string>, args: string[] = [], timeoutMs = 120_000): Promise<ProbeRun> {
  const reportDir = env.REPORT_DIR ?? mkdtempSync(join(tmpdir(), 'probe-reports-'));
  const run = await runTool('probe', { cwd: reportDir, env: { REPORT_DIR: reportDir, ...env }, args, timeoutMs });
  return { ...run, reportDir };
}
