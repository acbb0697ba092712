/** Runs `bin/probe.ts` as a child process, as a user would, for the end-to-end self-tests. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAST_PROBE_SETTINGS } from './support/fast-settings.js';
import { runTool, type ToolRun } from './run-tool.js';

export interface ProbeRun extends ToolRun {
  reportDir: string;
}

/**
 * In a fresh report folder (REPORT_DIR, unless given), which is also the working folder. The fast
 * test pace (test/support/fast-settings.ts) goes under `env`: a test that checks the pace or a wait
 * sets it in `env`.
 * The child's time limit is a backstop for a hung run (the test's own timeout is the same): a full probe took
 * 62 s alone and over 120 s beside two others on the shared 2-core machine at load 30.
 */
export async function runProbe(env: Record<string, string>, args: string[] = [], timeoutMs = 300_000): Promise<ProbeRun> {
  const reportDir = env.REPORT_DIR ?? mkdtempSync(join(tmpdir(), 'probe-reports-'));
  const settings = { ...FAST_PROBE_SETTINGS, REPORT_DIR: reportDir, ...env };
  const run = await runTool('probe', { cwd: reportDir, env: settings, args, timeoutMs });
  return { ...run, reportDir };
}
