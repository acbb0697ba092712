/**
 * A sharded run merged with --merge-reports writes the same behaviour report as one
 * unsharded run (the report is built only from what the cases recorded, and that survives blobs).
 *
 * The same runs show that the suites run in their numbered order, 01 to 07, whole and sharded: the value suites
 * build on the presence matrix, and on a slow target the matrix must not wait behind the property suite. Seen as a
 * user sees it: the order in which the run's output names the suite files, and the order of the report's cases
 * (vitest 4.1 ignores a sequencer set inside a project: the files once ran 05, 04, 03, 02, 06, 01).
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Har } from '../lib/har/types.js';
import { suiteLine } from '../lib/report/suite-summary.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { harSchemaErrors } from './support/har-schema.js';
import { runProbe, type ProbeRun } from './run-probe.js';

const FAST = { SEED: '424242' };

/** The parts of a report that speak of the target's behaviour (not of times, ports or counts). */
function behaviour(report: BehaviourReport) {
  return {
    fields: report.fields,
    rule: { expression: report.rule.expression, dependencies: report.rule.dependencies, unknown: report.rule.unknown },
    matrix: report.matrix.map((m) => ({ present: m.present, outcome: m.outcome, status: m.status, errorCode: m.errorCode })),
    values: Object.fromEntries(
      Object.entries(report.values).map(([field, v]) => [
        field,
        {
          accepted: v.accepted.map((c) => c.classId).sort(),
          rejected: v.rejected.map((c) => `${c.classId}:${c.status}`).sort(),
          limits: v.limits.map((l) => `${l.name}=${l.value}`),
        },
      ]),
    ),
    verdicts: report.cases.map((c) => `${c.id}:${c.verdict}`).sort(),
    skipped: (report.skipped ?? []).map((c) => `${c.id}: ${c.reason}`).sort(),
  };
}

/** Suite numbers in the order the run output reports each file done (the console prints a suite's line when it ends). */
function fileOrder(run: ProbeRun): number[] {
  return [...run.stdout.matchAll(/^(\d\d)-[\w-]+: .*; \d+ requests(?: \([^)]*\))?, [\d.]+ s$/gm)].map((m) => Number(m[1]));
}

/** The suite each case of the report came from, by its id's first part. */
const SUITE_OF: Record<string, number> = { 'spec-4': 1, matrix: 2, value: 3, limit: 3, property: 4, protocol: 5, events: 6, lifecycle: 7 };

const ascending = (numbers: readonly number[]): boolean => numbers.every((n, i) => i === 0 || (numbers[i - 1] ?? 0) <= n);

const read = (dir: string): BehaviourReport => JSON.parse(readFileSync(join(dir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;

test('shard 1/2 + shard 2/2 + merge gives the behaviour report of one run', async () => {
  const single = await runProbe(FAST, [], 300_000);
  expect(single.code, single.stdout + single.stderr).toBe(0);
  // What a user sees of a whole run against the embedded reference: the target, the rule, the count line, the exit
  // line last, the reports written.
  expect(single.stdout).toMatch(/target: embedded reference service at http:\/\/127\.0\.0\.1:\d+/);
  expect(single.stdout).toContain('rule: notificationUrl && expirationDateTime && !changeType && !resource');
  expect(single.stdout).toMatch(/^\d+ passed, 0 failed/m);
  expect(single.stdout.trimEnd().split('\n').at(-1)).toMatch(/^probe: exit 0: every case holds/);
  expect(readdirSync(single.reportDir)).toEqual(
    expect.arrayContaining(['behaviour-report.json', 'behaviour-report.md', 'behaviour-report.html', 'junit.xml', 'summary.json']),
  );
  expect(read(single.reportDir).run.targetKind).toBe('embedded-reference');
  expect(read(single.reportDir).fields.resource?.presence).toBe('forbidden');
  expect(read(single.reportDir).fields.clientState?.presence).toBe('optional');
  // A whole run: the output and the report go 01, 02, 03, 04, 05, 06, 07.
  expect(fileOrder(single)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  const suitesOfCases = read(single.reportDir).cases.map((c) => SUITE_OF[c.id.split('/')[0] ?? ''] ?? 0);
  expect(suitesOfCases).not.toContain(0);
  expect(new Set(suitesOfCases)).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
  expect(ascending(suitesOfCases), suitesOfCases.join(' ')).toBe(true);

  const shardDir = mkdtempSync(join(tmpdir(), 'probe-shards-'));
  const [one, two] = await Promise.all([
    runProbe({ ...FAST, REPORT_DIR: shardDir }, ['--shard=1/2'], 300_000),
    runProbe({ ...FAST, REPORT_DIR: shardDir }, ['--shard=2/2'], 300_000),
  ]);
  expect(one.code, one.stdout + one.stderr).toBe(0);
  expect(two.code, two.stdout + two.stderr).toBe(0);
  // Each shard runs its share of the suites in numbered order, and the shares make the whole.
  for (const shard of [one, two]) {
    const order = fileOrder(shard);
    expect(order.length).toBeGreaterThan(0);
    expect(ascending(order), order.join(' ')).toBe(true);
  }
  expect([...fileOrder(one), ...fileOrder(two)].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  // The merge job is another folder, and its checkout of the tool another path: the blobs name the shards' own.
  const mergeDir = mkdtempSync(join(tmpdir(), 'probe-merge-'));
  cpSync(shardDir, mergeDir, { recursive: true });
  const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
  for (const blob of readdirSync(join(mergeDir, 'blob'))) {
    const path = join(mergeDir, 'blob', blob);
    writeFileSync(path, readFileSync(path, 'utf8').replaceAll(root, '/home/runner/work/other-checkout'));
  }
  const mergeStarted = Date.now();
  const elsewhere = await runProbe({ REPORT_DIR: mergeDir }, ['--merge-reports'], 120_000);
  expect(elsewhere.code, elsewhere.stdout + elsewhere.stderr).toBe(0);
  expect(behaviour(read(mergeDir))).toEqual(behaviour(read(single.reportDir)));
  // The merged report's times are the shards' run, not the merge's.
  expect(Date.parse(read(mergeDir).run.endedAt)).toBeLessThanOrEqual(mergeStarted);
  const merged = await runProbe({ REPORT_DIR: shardDir }, ['--merge-reports'], 120_000);
  expect(merged.code, merged.stdout + merged.stderr).toBe(0);
  // The merge's line per suite says the shard's counts and elapsed time (vitest's duration, kept in the blob), as the
  // merged report's suites and JUnit do: not the merge's own instant replay of them.
  const mergedSuites = read(shardDir).suites ?? [];
  expect(mergedSuites.map((s) => s.suite)).toEqual(fileOrder(merged).map((n) => expect.stringMatching(new RegExp(`^0${n}-`))));
  for (const summary of mergedSuites) expect(merged.stdout.split('\n')).toContain(suiteLine(summary, false));
  expect(mergedSuites.filter((s) => s.seconds > 0).length).toBeGreaterThanOrEqual(5);
  const junit = readFileSync(join(shardDir, 'junit.xml'), 'utf8');
  for (const summary of mergedSuites)
    expect(junit).toContain(
      `<testsuite name="${summary.suite}" tests="${summary.counts.CONFORMS + summary.counts.DEVIATES + summary.counts.INFORMATIONAL + summary.counts.ERROR + summary.skipped + summary.notRun}" failures="0" errors="0" skipped="${summary.skipped + summary.notRun}" time="${summary.seconds.toFixed(3)}">`,
    );

  // One HAR of both shards' exchanges: every request each shard put on the wire, the suites of both.
  const har = JSON.parse(readFileSync(join(shardDir, 'exchanges.har'), 'utf8')) as Har;
  expect(harSchemaErrors(har)).toEqual([]);
  expect(har.log.entries.reduce((sum, e) => sum + (e._attempts ?? 0), 0)).toBe(read(shardDir).run.requestsSent);
  const suites = (h: Har): string[] => [...new Set(h.log.entries.flatMap((e) => e._suite ?? []))].sort();
  const singleHar = JSON.parse(readFileSync(join(single.reportDir, 'exchanges.har'), 'utf8')) as Har;
  expect(suites(har)).toEqual(suites(singleHar));
  expect(suites(har).length).toBeGreaterThanOrEqual(5);

  // A shard's log that did not reach the merge: the HAR holds the other shard's entries and says which is missing.
  rmSync(join(shardDir, 'exchanges', 'shard-2-2.jsonl'));
  const again = await runProbe({ REPORT_DIR: shardDir }, ['--merge-reports'], 120_000);
  expect(again.code, again.stdout + again.stderr).toBe(0);
  const partial = JSON.parse(readFileSync(join(shardDir, 'exchanges.har'), 'utf8')) as Har;
  expect(partial.log.comment).toBe("no exchange log from shard-2-2.jsonl: that shard's exchanges are not here");
  expect(partial.log.entries.length).toBeGreaterThan(0);
  expect(partial.log.entries.length).toBeLessThan(har.log.entries.length);

  const a = behaviour(read(single.reportDir));
  const b = behaviour(read(shardDir));
  expect(a.matrix).toHaveLength(32);
  expect(b).toEqual(a);
}, 600_000);
