/**
 * Ctrl-C (or a CI job's SIGTERM) during `npm run probe`: the first signal lets the running cases finish, deletes what the run
 * created, writes the reports marked as stopped early and exits 1 with the reason; the embedded reference
 * (which holds the run's subscriptions) confirms nothing is left.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import { toolCommand } from './run-tool.js';

test.each([
  ['SIGINT', 'Ctrl-C'],
  ['SIGTERM', 'SIGTERM'],
] as const)(
  'the first %s ends the run cleanly: cases running finish, subscriptions deleted, reports marked, exit 1',
  async (signal, words) => {
    const reportDir = mkdtempSync(join(tmpdir(), 'interrupt-'));
    const [command, args] = toolCommand('probe');
    const child = spawn(command, args, {
      cwd: mkdtempSync(join(tmpdir(), 'interrupt-cwd-')),
      // Slow enough that the run is still sending when the signal comes.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        REPORT_DIR: reportDir,
        REQUESTS_PER_SECOND: '20',
        CONCURRENCY: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const started = Date.now();
    while (!/^01-spec-observations: /m.test(out) && child.exitCode === null && Date.now() - started < 60_000)
      await new Promise((r) => setTimeout(r, 100));
    child.kill(signal);
    const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 90_000))]);
    if (code === 'hung') child.kill('SIGKILL');

    expect(code, out).toBe(1);
    expect(out).toMatch(new RegExp(`^probe: ${words}: no new case starts`, 'm'));
    expect(out).toMatch(/^ledger: this run created \d+ subscription\(s\): .* 0 could not be deleted$/m);
    expect(out).toMatch(new RegExp(`^probe: exit 1: .*stopped by ${words} before every case ran$`, 'm'));
    expect(out).toMatch(/^07-lifecycle: not run \(the run was stopped\)/m);
    // Cut-short cases are not counted as failures of the target.
    expect(out).not.toMatch(/cases? failed \(DEVIATES or ERROR\)/);
    const report = JSON.parse(readFileSync(join(reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
    expect(report.run.stoppedEarly).toMatch(new RegExp(`^stopped by ${words}`));
    expect(report.counts.DEVIATES + report.counts.ERROR).toBe(0);
  },
  150_000,
);
