/**
 * A nightly that stays honestly green: the reference's fastapi-like profile deviates in two cases (a 422 where spec
 * §7 rule 1 says 400), the `expectations` command writes a file of them from the report, a team fills in the
 * reasons, and the run then passes, each case reading "DEVIATES (expected: <reason>)" in every report and output;
 * the same file against the conforming default profile fails, naming each expectation that no longer holds.
 * The whole chain runs as the shipped nightly does: two shards, a merge with a baseline, in process.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { writeExpectationsFile } from '../bin/expectations.js';
import { writeBaseline } from '../lib/baseline/baseline-file.js';
import { extractBaseline } from '../lib/baseline/extract-baseline.js';
import { REASON_PLACEHOLDER, type ExpectationsFile } from '../lib/expectations/types.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { sarifSchemaErrors } from './support/sarif-schema.js';
import { runProbe, type ProbeRun } from './run-probe.js';

const SUITES = ['01-spec', '02-presence'];
const DEVIATING = ['spec-4/observation-all-five', 'matrix/refusals'];
const RUN_MS = 180_000;

const work = mkdtempSync(join(tmpdir(), 'expectations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const shards = join(work, 'shards');
// In the merge's working folder (REPORT_DIR), as a nightly keeps it beside its checkout.
const file = join(shards, 'expectations.yaml');
const summary = (name: string): string => join(work, `${name}-summary.md`);
const read = (dir: string): BehaviourReport => JSON.parse(readFileSync(join(dir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
const say = (run: ProbeRun): string => run.stdout + run.stderr;
const reasonOf = (id: string): string => `the gateway answers ${id} with 422 until it is replaced`;

const merge = (env: Record<string, string> = {}): Promise<ProbeRun> =>
  runProbe({ REFERENCE_PROFILE: 'fastapi-like', REPORT_DIR: shards, ...env }, ['--merge-reports'], RUN_MS);

describe.sequential('expectations through shards, a merge, a baseline and the expectations command', () => {
  test("two shards of the fastapi-like profile and their merge: two DEVIATES fail it; a shard's job summary points to the merge", async () => {
    const shard = (k: number): Promise<ProbeRun> =>
      runProbe(
        { REFERENCE_PROFILE: 'fastapi-like', REPORT_DIR: shards, GITHUB_STEP_SUMMARY: summary(`shard-${k}`) },
        [...SUITES, `--shard=${k}/2`],
        RUN_MS,
      );
    const [one, two] = await Promise.all([shard(1), shard(2)]);
    expect([one.code, two.code], say(one) + say(two)).toEqual([1, 1]); // one shard holds each suite; each DEVIATES once
    for (const k of [1, 2]) {
      const text = readFileSync(summary(`shard-${k}`), 'utf8');
      expect(text).toMatch(new RegExp(`^shard ${k} of 2: results in the merge job`));
      expect(text).not.toContain('No behaviour report was written');
    }
    const merged = await merge();
    expect(merged.code, say(merged)).toBe(1);
    const report = read(shards);
    expect(report.cases.filter((c) => c.verdict === 'DEVIATES').map((c) => c.id)).toEqual(DEVIATING);
    // Each kind of refusal is one DEVIATES across the shards: the two cases judged different kinds (the all-five
    // body's refusal is the first case's, and the matrix's kinds past it are its own).
    const [first, second] = DEVIATING.map((id) => report.cases.find((c) => c.id === id)?.refusalKinds ?? []);
    expect(first?.length).toBeGreaterThan(0);
    expect((second ?? []).filter((k) => first?.includes(k))).toEqual([]);
    await writeBaseline(join(work, 'baseline.json'), extractBaseline(report, 'fastapi-like'));
  }, 400_000);

  test('the expectations command writes an entry per DEVIATES case, each reason a placeholder the probe refuses, one line each', async () => {
    const written = await writeExpectationsFile(join(shards, 'behaviour-report.json'), file, shards);
    expect(written.code, written.errors.join('\n')).toBe(0);
    expect(written.lines[0]).toBe(
      'expectations: wrote expectations.yaml from behaviour-report.json: 2 entries (2 added, 0 kept, 0 dropped)',
    );
    const { parse } = await import('yaml');
    const entries = (parse(readFileSync(file, 'utf8')) as ExpectationsFile).expectations;
    expect(entries).toEqual(DEVIATING.map((id) => ({ case: id, verdict: 'DEVIATES', reason: REASON_PLACEHOLDER })));

    const refused = await merge({ EXPECTATIONS: file });
    expect(refused.code, say(refused)).toBe(2);
    expect(refused.stderr.trim().split('\n')).toEqual(
      DEVIATING.map(
        (id, i) =>
          `probe: expectations expectations.yaml: /expectations/${i} (${id}): the reason is still a placeholder: say why this deviation is accepted`,
      ),
    );
  }, 200_000);

  test('with the reasons filled in, the merge with the baseline passes and every report and output says DEVIATES (expected: reason)', async () => {
    const filled: ExpectationsFile = { expectations: DEVIATING.map((id) => ({ case: id, verdict: 'DEVIATES', reason: reasonOf(id) })) };
    writeFileSync(file, (await import('yaml')).stringify(filled));
    const run = await merge({
      EXPECTATIONS: file,
      BASELINE: join(work, 'baseline.json'),
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: summary('merge'),
    });
    expect(run.code, say(run)).toBe(0);
    const report = read(shards);
    expect(report.drift?.changes).toEqual([]);
    expect(report.cases.filter((c) => c.expectation !== undefined).map((c) => [c.id, c.verdict, c.expectation?.reason])).toEqual(
      DEVIATING.map((id) => [id, 'DEVIATES', reasonOf(id)]),
    );
    expect(report.expectations?.entries.map((e) => e.status)).toEqual(['held', 'held']);

    // The console: each case as it ends, the verdict line, the count line apart, the exit line.
    for (const id of DEVIATING) expect(run.stdout).toContain(`DEVIATES (expected: ${reasonOf(id)}) ${id}`);
    expect(run.stdout).toMatch(/^\d+ passed, 0 failed, 2 expected deviations$/m);
    expect(run.stdout).toMatch(/exit 0: every case holds or deviates as expected \(2 expected\)/);
    // GitHub: a notice per expected deviation, no error; the job summary has the Markdown report.
    expect(run.stdout).not.toMatch(/^::error/m);
    for (const id of DEVIATING)
      expect(run.stdout).toMatch(
        new RegExp(`^::notice title=DEVIATES \\(expected\\) ${id}::DEVIATES \\(expected: ${reasonOf(id)}\\)`, 'm'),
      );
    // Markdown, HTML, JUnit (passed, with the verdict and the reason as properties), SARIF (a note with a suppression).
    const markdown = readFileSync(join(shards, 'behaviour-report.md'), 'utf8');
    const html = readFileSync(join(shards, 'behaviour-report.html'), 'utf8');
    const junit = readFileSync(join(shards, 'junit.xml'), 'utf8');
    const sarif = JSON.parse(readFileSync(join(shards, 'results.sarif'), 'utf8')) as {
      runs: { results: { ruleId: string; level: string; suppressions?: { justification: string }[] }[] }[];
    };
    for (const id of DEVIATING) {
      expect(markdown).toContain(`**DEVIATES (expected: ${reasonOf(id)})** \`${id}\``);
      expect(readFileSync(summary('merge'), 'utf8')).toContain(`**DEVIATES (expected: ${reasonOf(id)})** \`${id}\``);
      expect(html).toContain(`(expected: ${reasonOf(id)})`);
      expect(junit).toMatch(
        new RegExp(
          `name="${id}" time="[0-9.]+"><properties><property name="verdict" value="DEVIATES"/><property name="spec" value="[^"]*"/><property name="expected-deviation" value="${reasonOf(id)}"/>`,
        ),
      );
    }
    expect(markdown).toContain('2 of them as the expectations file says: they do not fail the run.');
    expect(junit).toMatch(/<testsuites [^>]*failures="0" errors="0"/);
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    expect(sarif.runs[0]?.results.map((r) => [r.ruleId, r.level, r.suppressions?.[0]?.justification])).toEqual(
      DEVIATING.map((id) => [id, 'note', reasonOf(id)]),
    );
  }, 200_000);

  test('the same file against the conforming default profile fails, naming each expectation that no longer holds', async () => {
    const run = await runProbe({ EXPECTATIONS: file }, SUITES, RUN_MS);
    expect(run.code, say(run)).toBe(1);
    for (const id of DEVIATING) expect(run.stdout).toContain(`expectation no longer holds: ${id}: remove it`);
    const exit = run.stdout.trim().split('\n').at(-1) ?? '';
    expect(exit).toBe(`probe: exit 1: ${DEVIATING.map((id) => `expectation no longer holds: ${id}: remove it`).join('; ')}`);
    expect(readFileSync(join(run.reportDir, 'junit.xml'), 'utf8')).toContain('name="run/expectation-stale/matrix/refusals"');
  }, 200_000);

  test('an until in the past fails the run with one line; the deviation it let pass fails it again', async () => {
    const expired: ExpectationsFile = {
      expectations: [
        { case: 'matrix/refusals', verdict: 'DEVIATES', reason: reasonOf('matrix/refusals'), until: '2020-01-31' },
        { case: 'spec-4/observation-all-five', verdict: 'DEVIATES', reason: reasonOf('spec-4/observation-all-five') },
      ],
    };
    const path = join(shards, 'expired.json');
    writeFileSync(path, JSON.stringify(expired));
    const run = await merge({ EXPECTATIONS: path });
    expect(run.code, say(run)).toBe(1);
    const line =
      'expectation expired: matrix/refusals: its until 2020-01-31 has passed: fix the target, or extend until or remove the expectation';
    expect(run.stdout.split('\n').filter((l) => l.trim() === line)).toHaveLength(1);
    expect(run.stdout).toMatch(/^\d+ passed, 2 failed, 1 expected deviation$/m);
  }, 200_000);

  test('an unknown case id is a configuration error: exit 2 with one line naming the case meant, nothing sent', async () => {
    const dir = mkdtempSync(join(work, 'typo-'));
    writeFileSync(
      join(dir, 'typo.json'),
      JSON.stringify({ expectations: [{ case: 'matrix/refusal', verdict: 'DEVIATES', reason: 'a 422 gateway' }] }),
    );
    const run = await runProbe({ EXPECTATIONS: 'typo.json', REPORT_DIR: dir }, SUITES, RUN_MS);
    expect(run.code, say(run)).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      'probe: expectations typo.json: /expectations/0 (matrix/refusal): no suite has this case; did you mean matrix/refusals?',
    ]);
    expect(run.stdout).not.toMatch(/requests/);
  }, 60_000);
});
