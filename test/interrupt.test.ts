/**
 * Ctrl-C (or a CI job's SIGTERM) during `npm run probe`: the first signal lets the running cases finish, deletes what the run
 * created, writes the reports marked as stopped early and exits 1 with the reason; the embedded reference
 * (which holds the run's subscriptions) confirms nothing is left. Every count the run prints agrees with the report's,
 * and the report's request total with the count of a target that counts what it receives (Ctrl-C's run probes one).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { SarifLog } from '../lib/report/render-sarif.js';
import { suiteLine } from '../lib/report/suite-summary.js';
import { loadSettings } from '../lib/config/load-config.js';
import { planRun } from '../lib/plan/plan.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { startReferenceService, type ReferenceService } from '../reference/index.js';
import { childEnv, toolCommand } from './run-tool.js';

const TOKEN = 'interrupt-token-5c2e81f0';

test.each([
  ['SIGINT', 'Ctrl-C', 'a configured target'],
  ['SIGTERM', 'SIGTERM', 'the embedded reference'],
] as const)(
  'the first %s (%s) ends the run cleanly: cases running finish, subscriptions deleted, reports marked, exit 1',
  async (signal, words, against) => {
    const target: ReferenceService | undefined =
      against === 'a configured target' ? await startReferenceService({ profile: 'default', tokens: [TOKEN] }) : undefined;
    const reportDir = mkdtempSync(join(tmpdir(), 'interrupt-'));
    const [command, args] = toolCommand('probe');
    const child = spawn(command, args, {
      cwd: mkdtempSync(join(tmpdir(), 'interrupt-cwd-')),
      // Slow enough that the run is still sending when the signal comes.
      env: childEnv({
        REPORT_DIR: reportDir,
        REQUESTS_PER_SECOND: '20',
        CONCURRENCY: '2',
        ...(target !== undefined ? { BASE_URL: target.url, ACCESS_TOKEN: TOKEN } : {}),
      }),
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
    const received = target?.stats().requests;
    await target?.close();

    expect(code, out).toBe(1);
    expect(out).toMatch(new RegExp(`^probe: ${words}: nothing new is sent`, 'm'));
    expect(out).toMatch(/^ledger: this run created \d+ subscription\(s\): .* 0 could not be deleted$/m);
    expect(out).toMatch(new RegExp(`^probe: exit 1: .*stopped by ${words} before every case ran$`, 'm'));
    expect(out).toMatch(/^07-lifecycle: \d+ not run \(the run was stopped\)/m);
    // Cut-short cases are not counted as failures of the target.
    expect(out).not.toMatch(/cases? failed \(DEVIATES or ERROR\)/);
    const report = JSON.parse(readFileSync(join(reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
    expect(report.run.stopped).toEqual({
      by: words,
      at: expect.any(String),
      why: expect.stringMatching(new RegExp(`^stopped by ${words}`)),
    });
    expect(report.counts.DEVIATES + report.counts.ERROR).toBe(0);
    // Combinations the stop left unasked are the stop's doing: the exit line does not add "nothing was accepted", and
    // a diagnosis over part of the matrix says the run was stopped and names no setting to change.
    expect(out).not.toMatch(/^probe: exit 1: .*nothing was accepted/m);
    if (report.diagnosis !== undefined && report.matrix.length < 2 ** report.operation.fields.length) {
      expect(report.diagnosis.likelyCause, report.diagnosis.message).toBe('stopped');
      expect(report.diagnosis.message).toMatch(new RegExp(`stopped by ${words}`));
      expect(report.diagnosis.message).not.toMatch(/ACCEPTED_BODY|MAX_REQUESTS|EXPLORE_/);
    }
    // Every case the run knew of is somewhere: with a verdict, skipped, or not run because of the stop.
    const notRun = report.notRun ?? [];
    expect(notRun.length).toBeGreaterThan(0);
    for (const c of notRun) expect(c.reason).toMatch(new RegExp(`^(cut short|not started): stopped by ${words}$`));
    // Each suite's line says the counts the JSON has for it, and those are its cases': a cancelled run reports some
    // cases twice to the console, which once doubled a suite's line.
    const suites = report.suites ?? [];
    expect(suites.map((s) => s.suite)).toEqual(
      [...out.matchAll(/^(\d\d-[\w-]+): .*; \d+ requests(?: \([^)]*\))?, [\d.]+ s$/gm)].map((m) => m[1]),
    );
    for (const summary of suites) {
      expect(out.split('\n')).toContain(suiteLine(summary, true));
      const own = report.cases.filter((c) => c.suite === summary.suite);
      expect(summary.counts.CONFORMS + summary.counts.INFORMATIONAL + summary.counts.DEVIATES + summary.counts.ERROR).toBe(own.length);
      expect(summary.notRun).toBe(notRun.filter((c) => c.suite === summary.suite).length);
    }
    expect(suites.reduce((n, s) => n + s.notRun, 0)).toBe(notRun.length);
    const html = readFileSync(join(reportDir, 'behaviour-report.html'), 'utf8');
    for (const summary of suites.filter((s) => report.cases.some((c) => c.suite === s.suite)))
      expect(html).toMatch(
        new RegExp(
          `${summary.suite} · \\d+ cases? · ${summary.requests} requests${summary.reused === undefined ? '' : ` · ${summary.reused} answers? taken from earlier asks`} · ${summary.seconds.toFixed(1)} s</span>`,
        ),
      );
    // Every request the target received is in the report's total, the setup check's listed apart.
    if (received !== undefined) {
      expect(report.run.requestsSent).toBe(received);
      expect(report.run.requestsBesideSuites?.setupCheck).toBe(2);
    }
    // The suites' lines and what they do not count add up to the total.
    const beside = report.run.requestsBesideSuites;
    expect(suites.reduce((n, s) => n + s.requests, 0) + (beside?.setupCheck ?? 0) + (beside?.ledger ?? 0) + (beside?.noCase ?? 0)).toBe(
      report.run.requestsSent,
    );
    // A case has one id whether it ran or not: every id of the stopped run is one the plan (--dry-run) names for the
    // same settings, and together the run's cases are exactly the plan's.
    const planned = planRun(
      loadSettings({
        env: {
          REQUESTS_PER_SECOND: '20',
          CONCURRENCY: '2',
          ...(target !== undefined ? { BASE_URL: target.url, ACCESS_TOKEN: TOKEN } : {}),
        },
        dotenvPath: false,
      }),
    )
      .suites.flatMap((s) => s.cases.map((c) => c.id))
      .sort();
    const ids = [...report.cases, ...(report.skipped ?? []), ...notRun].map((c) => c.id).sort();
    expect(notRun.filter((c) => !planned.includes(c.id))).toEqual([]);
    expect(ids).toEqual(planned);
    // The count line counts the stop once, and agrees with the report.
    const passed = report.counts.CONFORMS + report.counts.INFORMATIONAL;
    const skipped = report.skipped?.length ?? 0;
    const countLine = `${passed} passed, 1 failed${skipped > 0 ? `, ${skipped} skipped` : ''}, ${notRun.length} not run (stopped)`;
    expect(out.split('\n')).toContain(countLine);
    // The HTML and the Markdown open with the stop, never with green.
    expect(html).not.toContain('class="status green"');
    expect(html).toContain('<div class="status stopped"><strong>Stopped early:</strong> stopped by');
    const markdown = readFileSync(join(reportDir, 'behaviour-report.md'), 'utf8');
    expect(markdown.split('\n')[2]).toMatch(new RegExp(`^> \\*\\*⚠ Stopped early:\\*\\* stopped by ${words}`));
    // SARIF: a stopped run's never takes the name a workflow uploads to code scanning, and says it is partial.
    expect(existsSync(join(reportDir, 'results.sarif'))).toBe(false);
    const sarif = JSON.parse(readFileSync(join(reportDir, 'results.partial.sarif'), 'utf8')) as SarifLog;
    expect(sarif.runs[0]?.invocations[0]?.executionSuccessful).toBe(false);
    expect(sarif.runs[0]?.invocations[0]?.toolExecutionNotifications?.[0]?.message.text).toMatch(
      new RegExp(`^A partial run: stopped by ${words}: .*not checked, not fixed`),
    );
    // JUnit: the stop is one failing case of its own; the cases it left out are skipped; no test runner's trace.
    const junit = readFileSync(join(reportDir, 'junit.xml'), 'utf8');
    expect(junit).not.toContain('Cannot annotate');
    expect(junit).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(junit.match(/<testcase classname="probe run" name="run\/interrupted"/g)).toHaveLength(1);
    expect(junit).toMatch(new RegExp(`<testsuites [^>]*failures="1" errors="0" skipped="${skipped + notRun.length}"`));
  },
  150_000,
);
