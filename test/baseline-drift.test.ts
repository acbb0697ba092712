/**
 * Baselines and drift as a user meets them: a baseline written from a
 * default-profile run of the embedded reference; a graph-like run compared with it fails and names
 * every change; the change accepted with one command; the next run passes.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultProfileReport } from './support/report-fixtures.js';
import type { BehaviourReport, MatrixEntry } from '../lib/report/types.js';
import { runBaseline } from './run-baseline.js';
import { runProbe } from './run-probe.js';

const SUITES = ['02-presence', '03-value'];
// The machine running the self-tests may be busy: a probe run is a few seconds alone.
const PROBE_TIMEOUT_MS = 180_000;

const readReport = (dir: string): BehaviourReport =>
  JSON.parse(readFileSync(join(dir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
const answer = (e: MatrixEntry): string => (e.errorCode === undefined ? String(e.status) : `${e.status} ${e.errorCode}`);

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'baseline-drift-'));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('a baseline, a drifted target, the change accepted', () => {
  test(
    'drift fails the run and names every change; --accept takes it; the next run passes',
    async () => {
      const defaultDir = join(work, 'default');
      const graphDir = join(work, 'graph');
      const baselineDir = join(work, 'baselines');
      const baselinePath = join(baselineDir, 'embedded-default.json');
      // runProbe works in the report folder: it must exist.
      mkdirSync(defaultDir);
      mkdirSync(graphDir);

      // A baseline from the default profile.
      const first = await runProbe({ REPORT_DIR: defaultDir }, SUITES, PROBE_TIMEOUT_MS);
      expect(first.code, first.stdout + first.stderr).toBe(0);
      // The token the run made for the embedded reference: nowhere printed, in no file written.
      const made = /ref-[0-9a-f]{32}/;
      expect(first.stdout + first.stderr).not.toMatch(made);
      for (const file of readdirSync(defaultDir, { withFileTypes: true }).filter((f) => f.isFile()))
        expect(readFileSync(join(defaultDir, file.name), 'utf8'), file.name).not.toMatch(made);
      const written = await runBaseline(work, { REPORT_DIR: defaultDir, BASELINE_DIR: baselineDir });
      expect(written.code, written.stdout + written.stderr).toBe(0);
      expect(written.stdout).toContain('baseline: wrote');
      expect(existsSync(baselinePath)).toBe(true);
      const committed = readFileSync(baselinePath, 'utf8');
      expect(committed).not.toMatch(/127\.0\.0\.1|requests|startedAt|seed|message/);

      // The graph-like profile against it: exit 1, every change named.
      // As in GitHub Actions: the probe writes the job summary and the annotations itself.
      const stepSummary = join(work, 'step-summary.md');
      const drifted = await runProbe(
        {
          REPORT_DIR: graphDir,
          REFERENCE_PROFILE: 'graph-like',
          BASELINE: baselinePath,
          GITHUB_ACTIONS: 'true',
          GITHUB_STEP_SUMMARY: stepSummary,
        },
        SUITES,
        PROBE_TIMEOUT_MS,
      );
      expect(drifted.stdout).toMatch(/^::error title=run\/drift::\d+ changes from the baseline$/m);
      expect(readFileSync(stepSummary, 'utf8')).toMatch(/Drift[\s\S]*\*\*probe: exit 1: \d+ changes from the baseline\*\*\n$/);
      expect(drifted.code, drifted.stdout + drifted.stderr).toBe(1);
      expect(drifted.stdout).toMatch(/^\d+ passed, 1 failed/m);
      // No case failed, yet the run does: the count line and JUnit say so, so that they agree with the exit code.
      const junit = readFileSync(join(graphDir, 'junit.xml'), 'utf8');
      expect(junit).toMatch(/<testsuites [^>]*failures="1"/);
      expect(junit).toMatch(/<testcase classname="probe run" name="run\/drift"[^>]*>\s*<failure message="\d+ changes from the baseline"/);
      expect(drifted.stdout.trimEnd().split('\n').at(-1)).toMatch(/^probe: exit 1: \d+ changes from the baseline$/);
      const out = drifted.stdout;
      expect(out).toMatch(/drift from baseline .*embedded-default\.json \(embedded-default\): \d+ changes/);
      expect(out).toContain('  changeType: forbidden -> required');
      expect(out).toContain('  resource: forbidden -> required');
      for (const unchanged of ['notificationUrl', 'expirationDateTime', 'clientState'])
        expect(out).not.toContain(`  ${unchanged}: required -> `);
      expect(out).toContain(
        '  rule: notificationUrl && expirationDateTime && !changeType && !resource -> changeType && notificationUrl && resource && expirationDateTime',
      );
      expect(out).toContain('  expirationDateTime longest accepted lifetime: 259200 -> 42300 minutes');
      expect(out).toContain('  clientState longest accepted clientState: 255 -> 128 characters');
      expect(out).toContain('  notificationUrl http-absolute: accepted 201 -> rejected 400 invalidRequest');

      // Every combination whose answer differs between the two reports, and no other.
      const before = readReport(defaultDir);
      const after = readReport(graphDir);
      const expected = after.matrix.flatMap((now) => {
        const was = before.matrix.find((e) => e.present.join() === now.present.join());
        return was !== undefined && answer(was) !== answer(now) ? [`{${now.present.join(', ')}}: ${answer(was)} -> ${answer(now)}`] : [];
      });
      expect(expected.length).toBeGreaterThan(0);
      const matrixLines = out
        .split('\n')
        .filter((l) => l.startsWith('  {'))
        .map((l) => l.trim());
      expect(matrixLines).toEqual(expected);

      // The same drift in the reports.
      expect(after.drift?.changes.map((c) => c.message)).toEqual(
        out
          .split('\n')
          .slice(out.split('\n').findIndex((l) => l.startsWith('drift from baseline')) + 1)
          .filter((l) => /^ {2}\S/.test(l) && !/^ {2}(not )?compared: /.test(l))
          .map((l) => l.slice(2)),
      );
      expect(after.drift?.notCompared).toContainEqual({ part: 'values', reason: 'only-in-run', count: expect.any(Number) });
      expect(readFileSync(join(graphDir, 'behaviour-report.md'), 'utf8')).toContain('### Drift from the baseline');
      expect(readFileSync(join(graphDir, 'behaviour-report.html'), 'utf8')).toContain('<section id="drift">');
      expect(out).toMatch(
        /^drift: \d+ change\(s\) from the baseline .* accept them with (npm run baseline -- --accept|npx subscription-conformance baseline --accept)$/m,
      );

      // Without --accept, npm run baseline shows the drift and changes nothing.
      const refused = await runBaseline(work, { REPORT_DIR: graphDir, BASELINE_DIR: baselineDir });
      expect(refused.code).toBe(1);
      expect(refused.stdout).toContain('  clientState longest accepted clientState: 255 -> 128 characters');
      expect(refused.stderr).toMatch(/differs from .*embedded-default\.json \(above\); to accept it: npm run baseline -- --accept/);
      expect(readFileSync(baselinePath, 'utf8')).toBe(committed);

      // One command accepts it: the baseline the run was compared with is rewritten.
      const accepted = await runBaseline(work, { REPORT_DIR: graphDir, BASELINE_DIR: baselineDir }, ['--accept']);
      expect(accepted.code, accepted.stdout + accepted.stderr).toBe(0);
      expect(accepted.stdout).toMatch(/^baseline: accepted \d+ change\(s\); rewrote .*embedded-default\.json/m);
      expect(readFileSync(baselinePath, 'utf8')).toContain('"referenceProfile": "graph-like"');

      // The next run against the same behaviour passes, with no drift.
      const again = await runProbe(
        { REPORT_DIR: graphDir, REFERENCE_PROFILE: 'graph-like', BASELINE: baselinePath },
        SUITES,
        PROBE_TIMEOUT_MS,
      );
      expect(again.code, again.stdout + again.stderr).toBe(0);
      expect(again.stdout).toMatch(/drift from baseline .*embedded-default\.json \(embedded-default\): none/);
      expect(readReport(graphDir).drift?.changes).toEqual([]);
    },
    4 * PROBE_TIMEOUT_MS,
  );
});

describe.concurrent('npm run baseline refuses what would not make a sound baseline', () => {
  const reportDir = (report: BehaviourReport): string => {
    const dir = mkdtempSync(join(work, 'report-'));
    writeFileSync(join(dir, 'behaviour-report.json'), JSON.stringify(report));
    return dir;
  };

  test('a run that stopped early: one line naming why, exit 1, unless --force', async () => {
    const report = defaultProfileReport();
    report.run.stopped = { by: 'budget', at: report.run.endedAt, why: 'the request budget (MAX_REQUESTS=40) was reached' };
    const dir = reportDir(report);

    const refused = await runBaseline(dir, { REPORT_DIR: '.' });
    const forced = await runBaseline(dir, { REPORT_DIR: '.' }, ['--force']);

    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      'baseline: refusing behaviour-report.json as a baseline: the run stopped early (the request budget (MAX_REQUESTS=40) was reached); probe again, or pass --force to keep it anyway',
    ]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(existsSync(join(dir, 'baselines', 'embedded-default.json'))).toBe(true);
  });

  test('TARGET_NAME names the file; a second run with the same report says it is up to date', async () => {
    const dir = reportDir(defaultProfileReport());

    const first = await runBaseline(dir, { REPORT_DIR: '.', TARGET_NAME: 'staging' });
    const second = await runBaseline(dir, { REPORT_DIR: '.', TARGET_NAME: 'staging' });

    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('baseline: wrote baselines/staging.json from behaviour-report.json: 32 combinations');
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('baseline: baselines/staging.json is up to date with behaviour-report.json');
  });

  test('no report: exit 2 saying to probe first', async () => {
    const dir = mkdtempSync(join(work, 'empty-'));
    mkdirSync(join(dir, 'reports'));

    const run = await runBaseline(dir, {});

    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe('baseline: no report at reports/behaviour-report.json: run npm run probe first');
  });
});

describe.concurrent('npm run probe with a baseline that cannot be used', () => {
  test('a BASELINE that does not exist: exit 2, one line naming it, nothing sent', async () => {
    const run = await runProbe({ BASELINE: 'baselines/nope.json' });

    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^config error: BASELINE: cannot read ".*baselines\/nope\.json": no such file/),
    ]);
  });

  test('--baseline with a file that is not a baseline: exit 2 naming the problem', async () => {
    const dir = mkdtempSync(join(work, 'bad-'));
    writeFileSync(join(dir, 'b.json'), JSON.stringify({ baselineVersion: 1 }));

    const run = await runProbe({ REPORT_DIR: dir }, ['--baseline', 'b.json']);

    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(/^probe: baseline b\.json: \/name: is required; /);
  });
});
