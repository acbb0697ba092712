/** Runs `bin/baseline.ts` (npm run baseline) as a child process, as a user would, for the self-tests. */
import { runTool, type ToolRun } from './run-tool.js';

export type BaselineRun = ToolRun;

/** `cwd` is the working folder (relative REPORT_DIR, BASELINE_DIR and --report resolve against it). */
export function runBaseline(cwd: string, env: Record<string, string>, args: string[] = [], timeoutMs = 60_000): Promise<BaselineRun> {
  return runTool('baseline', { cwd, env, args, timeoutMs });
}
