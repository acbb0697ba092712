/**
 * Ctrl-C while `probe` is still starting: before its settings are read, and while vitest starts. No signal is lost
 * (the run would go on to its end and exit 0) and none ends the process without a word once the run's own handler
 * holds: a Ctrl-C that comes as the run's first line is printed stops the run the way a later one does (exit 1, the
 * reports marked as stopped); one that comes before is said in one line, with nothing sent.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import { childEnv, toolCommand } from './run-tool.js';

/** The probe on the embedded reference, sent SIGINT once `when` says so; its code, signal and output. */
async function interrupted(
  when: (out: string, ms: number) => boolean,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; reportDir: string }> {
  const reportDir = mkdtempSync(join(tmpdir(), 'early-interrupt-'));
  const [command, args] = toolCommand('probe');
  const child = spawn(command, args, {
    cwd: mkdtempSync(join(tmpdir(), 'early-interrupt-cwd-')),
    env: childEnv({ REPORT_DIR: reportDir, REQUESTS_PER_SECOND: '20' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])));
  const started = Date.now();
  while (!when(out, Date.now() - started) && child.exitCode === null && Date.now() - started < 60_000)
    await new Promise((r) => setTimeout(r, 5));
  child.kill('SIGINT');
  const ended = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 60_000))]);
  if (ended === 'hung') child.kill('SIGKILL');
  const [code, signal] = ended === 'hung' ? [null, null] : ended;
  return { code, signal, out, reportDir };
}

test('a Ctrl-C as the run says its target, before vitest has started, stops the run: exit 1 and reports marked stopped', async () => {
  const { code, out, reportDir } = await interrupted((o) => /^target: /m.test(o));
  expect(code, out).toBe(1);
  expect(out).toMatch(/^probe: Ctrl-C: nothing new is sent/m);
  expect(out).toMatch(/^probe: exit 1: .*stopped by Ctrl-C/m);
  const report = JSON.parse(readFileSync(join(reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
  expect(report.run.stopped?.by).toBe('Ctrl-C');
});

test('a Ctrl-C in the first moments ends the probe at once: never a run that goes on, never exit 0', async () => {
  const { code, signal, out } = await interrupted((_, ms) => ms >= 150);
  // Before node has run the probe's first module, the signal ends the process as any; then the probe says so in one
  // line; once the run's own handler holds (the probe may reach it within 150 ms), the run stops before its suites.
  if (signal !== null) expect(signal).toBe('SIGINT');
  else if (code === 130) expect(out).toMatch(/^probe: Ctrl-C before the run started: nothing was sent and no report was written$/m);
  else {
    expect(code, out).toBe(1);
    expect(out).toMatch(/^probe: exit 1: .*stopped by Ctrl-C/m);
  }
  // No suite sent anything: each says so, or none was reached.
  const suiteLines = out.split('\n').filter((l) => /^\d\d-[a-z-]+: /.test(l));
  expect(
    suiteLines.filter((l) => !/: \d+ not run \(the run was stopped\); 0 requests, /.test(l)),
    out,
  ).toEqual([]);
});
