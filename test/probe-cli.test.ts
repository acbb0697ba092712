/**
 * The probe as a user runs it: a child process, its exit code, its console and its reports.
 * The targets are reference services started here on loopback with different profiles, so
 * the checks hold for what each target answers, not for one canned answer.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import { runProbe, runProbeChild } from './run-probe.js';

const readReport = (dir: string): BehaviourReport =>
  JSON.parse(readFileSync(join(dir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;

// Every case runs its own probe child with its own report folder (and target): they run at once.
describe.concurrent('npm run probe', () => {
  test('above EXHAUSTIVE_MAX_FIELDS the matrix explores adaptively and finds the same rule with fewer combinations', async () => {
    const run = await runProbe({ EXHAUSTIVE_MAX_FIELDS: '3' }, ['02-presence']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = readReport(run.reportDir);
    expect(report.rule.expression).toBe('notificationUrl && expirationDateTime && !changeType && !resource');
    expect(report.matrix.length).toBeGreaterThan(0);
    expect(report.matrix.length).toBeLessThanOrEqual(10 * 5);
    expect(report.cases.map((c) => c.id)).toEqual(['matrix/adaptive-exploration', 'matrix/refusals']);
    expect(report.cases.find((c) => c.id === 'matrix/refusals')?.verdict).toBe('CONFORMS');
  }, 300_000);

  test('a filter that matches no suite exits 2 and leaves the last reports as they were', async () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'probe-keep-'));
    const previous = [
      'behaviour-report.json',
      'behaviour-report.md',
      'behaviour-report.html',
      'summary.json',
      'junit.xml',
      'observed-openapi.json',
      'exchanges.har',
    ];
    for (const file of previous) writeFileSync(join(reportDir, file), `the last good ${file}\n`);
    const run = await runProbe({ REPORT_DIR: reportDir }, ['presense']);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^probe: exit 2: no case ran/);
    for (const file of previous) expect(readFileSync(join(reportDir, file), 'utf8'), file).toBe(`the last good ${file}\n`);
  }, 300_000);

  test.each([
    [
      'an unknown REFERENCE_PROFILE',
      { REFERENCE_PROFILE: 'nope' },
      [],
      /^config error: REFERENCE_PROFILE: reference profile 'nope' is unknown; known: default, /,
    ],
    ['a misspelt flag', {}, ['--basline', 'x.json'], /^probe: unknown option --basline; did you mean --baseline\? /],
    [
      'a setting misspelt in the environment',
      { BASE_URLL: 'https://staging.example.com' },
      [],
      /^config error: BASE_URLL \(from the environment\): not a known setting; did you mean BASE_URL\?$/,
    ],
  ])('%s exits 2 with one line, no stack trace', async (_, env: Record<string, string>, args: string[], line) => {
    // The command's own reading of its line and settings: a child, as a user runs it.
    const run = await runProbeChild(env, args);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
  });

  test.each([
    ['REQUESTS_PER_SECOND', '-3'],
    ['BASE_URL', 'staging'],
    ['MAX_REQUESTS', 'lots'],
  ])('a bad %s exits 2 with one line naming it and sends nothing', async (name, value) => {
    const run = await runProbeChild({ [name]: value });
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(name);
  });

  test('the token is not sent over plain http to a host that is not loopback', async () => {
    const run = await runProbeChild({ BASE_URL: 'http://staging.example.com', ACCESS_TOKEN: 'x-token-123' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('BASE_URL');
    expect(run.stderr).not.toContain('x-token-123');
  });
});
