/**
 * Runs of the suites one after another in one process (a campaign's operations, the self-tests) start in the thread the
 * last run ended (lib/vitest/kept-threads.ts). What a run finds must not depend on that: a run in a kept thread, after
 * a run against a target with another rule, finds what the same run finds in a thread of its own. A run stopped
 * part-way may leave work in its thread, so no later run starts there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import { endKeptThreads, keptThreadCounts } from '../lib/vitest/kept-threads.js';
import { startReferenceService, type ReferenceService } from '../reference/index.js';
import { runProbe, type ProbeRun } from './run-probe.js';

const TOKEN = 'kept-thread-token-4d2a';
// Two rules for the same five fields: the presence matrix and the value classes differ between them.
let first: ReferenceService;
let second: ReferenceService;
beforeAll(async () => {
  [first, second] = await Promise.all([
    startReferenceService({ tokens: [TOKEN], profile: 'v2-change-needs-resource' }),
    startReferenceService({ tokens: [TOKEN], profile: 'default' }),
  ]);
});
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});

const SUITES = ['02-presence', '03-value'];

/** What a run found: the rule, the roles, each case's verdict, the value classes' verdicts and the requests sent. */
function findings(run: ProbeRun): unknown {
  expect(run.code, run.stdout + run.stderr).toBe(0);
  const report = JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
  return {
    rule: report.rule,
    cases: report.cases.map((c) => [c.id, c.verdict]),
    // Each field's value classes by outcome, and each limit found: the sent values carry the run's own URLs and times.
    values: Object.entries(report.values ?? {}).map(([field, v]) => [
      field,
      v.accepted.map((c) => c.classId),
      v.rejected.map((c) => c.classId),
      v.other.map((c) => c.classId),
      v.limits.map((l) => [l.id, l.value, l.firstRejected]),
    ]),
    sent: report.run.requestsSent,
  };
}

test('after a run against another rule, a run in the kept thread finds what a run in a thread of its own finds', async () => {
  const probe = (service: ReferenceService, keepSuitesThread: boolean): Promise<ProbeRun> =>
    runProbe({ BASE_URL: service.url, ACCESS_TOKEN: TOKEN, SEED: '7' }, SUITES, 120_000, { keepSuitesThread });
  const own = findings(await probe(second, false));
  const before = keptThreadCounts();
  const earlier = findings(await probe(first, true));
  const kept = findings(await probe(second, true));
  const after = keptThreadCounts();
  // The two kept runs: the second started in a thread a run had ended (at most one new thread for both).
  expect(after.runs - before.runs).toBe(2);
  expect(after.threads - before.threads).toBeLessThanOrEqual(1);
  expect(after.idle).toBeGreaterThanOrEqual(1);
  expect(earlier).not.toEqual(own);
  expect(kept).toEqual(own);
}, 240_000);

test('a run stopped part-way leaves no thread waiting, and the next run starts in a new one and holds', async () => {
  const env = { BASE_URL: second.url, ACCESS_TOKEN: TOKEN };
  await runProbe(env, ['01-spec'], 60_000, { keepSuitesThread: true });
  expect(keptThreadCounts().idle).toBeGreaterThanOrEqual(1);
  // A whole run, stopped as Ctrl-C stops one, while the handshake's deadline search waits: a case vitest abandoned may
  // still be at work in the thread.
  const stopped = await runProbe(env, [], 1_500, { keepSuitesThread: true });
  expect(stopped.stdout + stopped.stderr).toMatch(/stopped/);
  expect(keptThreadCounts().idle).toBe(0);
  const before = keptThreadCounts();
  const next = await runProbe(env, ['01-spec'], 60_000, { keepSuitesThread: true });
  expect(next.code, next.stdout + next.stderr).toBe(0);
  expect(keptThreadCounts().threads - before.threads).toBe(1);
}, 120_000);

test('endKeptThreads ends the threads waiting for a run', async () => {
  await runProbe({ BASE_URL: second.url, ACCESS_TOKEN: TOKEN }, ['01-spec'], 60_000, { keepSuitesThread: true });
  expect(keptThreadCounts().idle).toBeGreaterThanOrEqual(1);
  await endKeptThreads();
  expect(keptThreadCounts().idle).toBe(0);
}, 90_000);
