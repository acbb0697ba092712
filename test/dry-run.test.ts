/**
 * `probe --dry-run` before a probe of a rate-limited service: the plan (suites, cases, a bound of the requests of each
 * suite and of the run, the time at REQUESTS_PER_SECOND, the subscriptions it may create) and nothing sent. Checked
 * against a target that counts what reaches it: the dry run sends nothing, and the full run after it sends no more
 * than the plan said, suite by suite, and records no case the plan did not name (the ids an expectations file may use).
 * The bound holds from both sides: each suite sends at least 40% of it on the reference, so a bound left loose fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import { parseSuiteCosts } from '../lib/vitest/requests-by-suite.js';
import { PROFILES, startReferenceService, type ReferenceService } from '../reference/index.js';
import { runProbe } from './run-probe.js';

const TOKEN = 'dry-run-token-5c0ffee';
let service: ReferenceService;
beforeAll(async () => {
  // The default profile with a handshake deadline inside the search's range (holds of 0 to 2 s at the test pace), so
  // that the deadline search bisects, as on a target whose deadline the settings reach, rather than end at its first
  // create: the suites' costs are then measured against their bounds, not against a search that had nothing to find.
  const base = PROFILES['default'];
  if (base === undefined) throw new Error('no default profile');
  const profile = { ...base, name: 'short-deadline', validationHandshake: { ...base.validationHandshake, timeoutMs: 1_500 } };
  service = await startReferenceService({ tokens: [TOKEN], profile });
});
afterAll(async () => {
  await service.close();
});

test('against a counting target: the dry run sends nothing and exits 0; a full run then stays within its plan, suite by suite', async () => {
  const env = { BASE_URL: service.url, ACCESS_TOKEN: TOKEN, REQUESTS_PER_SECOND: '1000' };
  const dry = await runProbe(env, ['--dry-run']);
  expect(dry.code, dry.stdout + dry.stderr).toBe(0);
  expect(service.stats().requests, 'requests that reached the target').toBe(0);
  const plan = dry.plan;
  if (plan === undefined) throw new Error('a dry run returns its plan');
  // What it prints: every suite with its bound, the total, the subscriptions, the time at the configured pace.
  for (const s of plan.suites) expect(dry.stdout).toMatch(new RegExp(`^  ${s.suite} +\\d+ cases?, up to +${s.requests} requests`, 'm'));
  expect(dry.stdout).toMatch(new RegExp(`^total: \\d+ cases in 7 suites, up to ${plan.requests} requests`, 'm'));
  expect(dry.stdout).toMatch(new RegExp(`^subscriptions: up to ${plan.creates} created`, 'm'));
  expect(dry.stdout).toMatch(/^time: \d+ s of sending at REQUESTS_PER_SECOND 1000/m);
  expect(dry.stdout).toMatch(/^probe: exit 0: dry run: nothing was sent$/m);

  const real = await runProbe(env, [], 300_000);
  expect(real.code, real.stdout + real.stderr).toBe(0);
  const report = JSON.parse(readFileSync(join(real.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
  const reached = service.stats().requests;
  console.log(
    `dry run: plan ${plan.requests} requests (at worst ${plan.worstCase}), ${plan.creates} creates; ` +
      `the run sent ${report.run.requestsSent} in its suites, ${reached} reached the target, ${service.stats().creates} creates`,
  );
  expect(reached).toBeGreaterThan(0);
  expect(reached, 'every request that reached the target, the setup check and cleanup included').toBeLessThanOrEqual(plan.requests);
  // The report's total is what the target received: the setup check's and the ledger's requests included.
  expect(report.run.requestsSent).toBe(reached);
  expect(service.stats().creates).toBeLessThanOrEqual(plan.creates);
  // The five-field report's request goal (docs/performance.md: 250 requests, 40 accepted creates), held here on a
  // deadline the handshake search reaches, which costs it a few creates more than the default profile's.
  expect(reached, 'the five-field report within 250 requests').toBeLessThanOrEqual(250);
  expect(service.stats().creates, 'the five-field report within 40 accepted creates').toBeLessThanOrEqual(40);
  expect(plan.worstCase).toBeGreaterThanOrEqual(plan.requests);
  // Suite by suite, as the run counted them.
  const bound = new Map(plan.suites.map((s) => [s.suite, s.requests] as const));
  const costs = parseSuiteCosts(real.stdout);
  expect(costs.map((c) => c.suite)).toEqual([...bound.keys()]);
  // From both sides: a bound a suite never comes near says nothing, and a suite that doubled what it sends passes one.
  console.log(costs.map(({ suite, requests }) => `${suite} ${requests}/${bound.get(suite)}`).join(', '));
  // The lower side counts the cases that ran: a case the target's answers made skip (no accepted body carries the
  // field its values need) sends nothing, and the plan cannot know that from the settings alone.
  const skippedIds = new Set((report.skipped ?? []).map((c) => c.id));
  const ranBound = new Map(
    plan.suites.map(
      (s) =>
        [
          s.suite,
          // From the suites' descriptors (lib/plan/suites/): a case whose bound is a budget (a search, the asks again)
          // may spend a few requests of it, and one whose bound is a worst case counts what it sends whenever it runs.
          s.cases.filter((c) => !skippedIds.has(c.id) && c.budget !== true).reduce((n, c) => n + (c.least ?? c.requests), 0) +
            (s.presenceStep?.requests ?? 0),
        ] as const,
    ),
  );
  for (const { suite, requests } of costs) {
    const most = bound.get(suite) ?? -1;
    const ran = ranBound.get(suite) ?? -1;
    expect(requests, `${suite}: sent at most its bound`).toBeLessThanOrEqual(most);
    expect(requests, `${suite}: sent at least 40% of the bound of the cases it ran, ${ran}`).toBeGreaterThanOrEqual(0.4 * ran);
  }
  await lastRunBesideBounds(env, real.reportDir, costs, report);
  // Every case the run recorded, ran or skipped, is one the plan names; and the plan names no case the run lacks.
  const planned = plan.suites.flatMap((s) => s.cases.map((c) => c.id)).sort();
  const recorded = [...report.cases, ...(report.skipped ?? []), ...(report.notRun ?? [])].map((c) => c.id).sort();
  expect(recorded).toEqual(planned);
  // What the plan said would be skipped was skipped, for the reason it gave.
  const skippedInPlan = plan.suites.flatMap((s) => s.cases.filter((c) => c.skipped !== undefined).map((c) => c.id)).sort();
  expect(skippedInPlan.length).toBeGreaterThan(0);
  expect(
    (report.skipped ?? [])
      .map((c) => c.id)
      .filter((id) => skippedInPlan.includes(id))
      .sort(),
  ).toEqual(skippedInPlan);
}, 400_000);

/**
 * A dry run in the folder of that run puts what each suite sent beside its bound, the figures the run's own console
 * gave, and the run's total; a dry run of another target reads no figure from that report.
 */
async function lastRunBesideBounds(
  env: Record<string, string>,
  reportDir: string,
  costs: readonly { suite: string; requests: number }[],
  report: BehaviourReport,
): Promise<void> {
  const again = await runProbe({ ...env, REPORT_DIR: reportDir }, ['--dry-run']);
  expect(again.code, again.stdout + again.stderr).toBe(0);
  for (const { suite, requests } of costs) {
    expect(again.stdout).toMatch(new RegExp(`^  ${suite} .*, up to +\\d+ requests \\(${requests} in the last run\\), `, 'm'));
  }
  expect(again.stdout).toMatch(
    new RegExp(`^last run of this target and operation: ${report.run.requestsSent} requests in all, in \\d+ s, `, 'm'),
  );
  const sending = Math.ceil(report.run.requestsSent / Number(env['REQUESTS_PER_SECOND']));
  expect(again.stdout).toContain(
    `At REQUESTS_PER_SECOND ${env['REQUESTS_PER_SECOND']}, ${report.run.requestsSent} requests take ${sending} s of sending.`,
  );
  const other = await runProbe({ ...env, REPORT_DIR: reportDir, BASE_URL: 'http://127.0.0.1:9' }, ['--dry-run']);
  expect(other.code, other.stdout + other.stderr).toBe(0);
  expect(other.stdout).not.toMatch(/last run/);
}
