/**
 * The run as an API, in process, where a child process is not the point: what a run that cannot start says,
 * and where it says it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { loadSettings } from '../config/load-config.js';
import { runProbe } from './run-probe.js';

const dir = mkdtempSync(join(tmpdir(), 'run-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a merge missing a shard stops before vitest starts, and still writes the job summary and an ::error annotation', async () => {
  const summary = join(dir, 'summary.md');
  writeFileSync(summary, '');
  const settings = loadSettings({
    env: { REPORT_DIR: 'reports', GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary },
    cwd: dir,
    dotenvPath: false,
  });
  const lines: string[] = [];
  const outcome = await runProbe(settings, { mergeReports: true, out: { log: (l) => lines.push(l), error: (l) => lines.push(l) } });
  expect(outcome.code).toBe(2);
  expect(outcome.setupProblem).toMatch(/^--merge-reports: no shard blob in /);
  expect(lines).toContain(`::error title=run/setup::${outcome.setupProblem ?? ''}`);
  expect(readFileSync(summary, 'utf8')).toBe(`No behaviour report was written.\n\n**probe: exit 2: ${outcome.setupProblem ?? ''}**\n`);
});
