/**
 * The value suite end to end (issue 4 §1): `npm run probe -- 03-value` as a child process, against the
 * embedded reference in its default profile and against a graph-like reference given as BASE_URL.
 * The suite finds limits by probing only; here, and only here, the profile objects are read as the
 * ground truth its findings must match.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import { defaultMaxSteps } from '../lib/values/find-limit.js';
import { PROFILES, startReferenceService, type ReferenceService, type ValueRules } from '../reference/index.js';
import { runProbe, type ProbeRun } from './run-probe.js';

const FAST = { REQUESTS_PER_SECOND: '500', CONCURRENCY: '8' };
const TOKEN = 'values-e2e-token-3b9d';

function rulesOf(profile: string): ValueRules {
  const values = PROFILES[profile]?.values;
  if (values === undefined || values === 'strings-only') throw new Error(`profile ${profile} has no value rules`);
  return values;
}

const readReport = (run: ProbeRun): BehaviourReport =>
  JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;

const limitOf = (report: BehaviourReport, field: string) => report.values[field]?.limits[0];
const acceptedIds = (report: BehaviourReport, field: string): Set<string> =>
  new Set((report.values[field]?.accepted ?? []).map((r) => r.classId));
const probedIds = (report: BehaviourReport, field: string): string[] => {
  const v = report.values[field];
  return v === undefined ? [] : [...v.accepted, ...v.rejected, ...v.other].map((r) => r.classId);
};
/** Classes accepted by one report and not the other. */
function difference(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((id) => !b.has(id)).concat([...b].filter((id) => !a.has(id))).sort();
}

describe('npm run probe -- 03-value', () => {
  let graphLike: ReferenceService;
  let onDefault: ProbeRun;
  let onGraphLike: ProbeRun;

  beforeAll(async () => {
    // The graph-like profile takes https notification URLs only, and the probe's own receiver is plain http on
    // loopback: this run names an https URL nobody answers, so the reference must not validate it first
    // (its validation handshake is off for this service).
    graphLike = await startReferenceService({ profile: 'graph-like', tokens: [TOKEN], handshake: false });
    [onDefault, onGraphLike] = await Promise.all([
      runProbe({ ...FAST }, ['03-value'], 240_000),
      runProbe(
        { ...FAST, BASE_URL: graphLike.url, ACCESS_TOKEN: TOKEN, NOTIFICATION_URL: 'https://receiver.invalid/notifications' },
        ['03-value'],
        240_000,
      ),
    ]);
  }, 250_000);

  afterAll(async () => {
    await graphLike.close();
  });

  test('both runs pass and print the limits they found', () => {
    for (const run of [onDefault, onGraphLike]) {
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^ {2}limit: expirationDateTime longest accepted lifetime: \d+ minutes/m);
    }
  });

  test.each([
    ['default', () => onDefault],
    ['graph-like', () => onGraphLike],
  ])('the limits found on %s are the limits the profile has', (profile, run) => {
    const rules = rulesOf(profile);
    const report = readReport(run());

    const lifetime = limitOf(report, 'expirationDateTime');
    const clientState = limitOf(report, 'clientState');

    expect(lifetime).toMatchObject({ value: rules.expirationDateTime.maxLifetimeMinutes, firstRejected: rules.expirationDateTime.maxLifetimeMinutes + 1, unit: 'minutes', verdict: 'INFORMATIONAL' });
    expect(clientState).toMatchObject({ value: rules.clientState.maxLength, firstRejected: rules.clientState.maxLength + 1, unit: 'characters' });
    // Each probe costs one request, and an accepted one a second (the delete of what it created).
    expect(lifetime?.requests).toBeLessThanOrEqual(2 * defaultMaxSteps(1, 10 * 365 * 24 * 60));
    expect(clientState?.requests).toBeLessThanOrEqual(2 * defaultMaxSteps(1, 4096));
  });

  test('fields a profile does not take are not value-probed; those it takes are', () => {
    const onDefaultReport = readReport(onDefault);
    const onGraphReport = readReport(onGraphLike);
    const presence = PROFILES['default']?.presence;
    const writable = presence?.kind === 'typed' ? presence.writable : [];

    for (const field of ['changeType', 'resource']) {
      expect(writable).not.toContain(field);
      expect(probedIds(onDefaultReport, field), field).toEqual([]);
      expect(probedIds(onGraphReport, field).length, field).toBeGreaterThan(5);
    }
    expect([...acceptedIds(onGraphReport, 'changeType')]).toEqual(rulesOf('graph-like').changeType.allowed);
  });

  test('the value tables differ exactly where the profiles\' value rules differ', () => {
    const a = readReport(onDefault);
    const b = readReport(onGraphLike);
    const [ruleA, ruleB] = [rulesOf('default'), rulesOf('graph-like')];
    // Ground truth: which probed lengths and lifetimes fall between the two profiles' limits.
    const lengths = [1, 128, 129, 255, 256, 4096].filter(
      (n) => n <= Math.max(ruleA.clientState.maxLength, ruleB.clientState.maxLength) && n > Math.min(ruleA.clientState.maxLength, ruleB.clientState.maxLength),
    );
    const days = [29, 180, 181].filter((d) => {
      const minutes = d * 24 * 60;
      const [low, high] = [ruleA, ruleB].map((r) => r.expirationDateTime.maxLifetimeMinutes).sort((x, y) => x - y) as [number, number];
      return minutes > low && minutes <= high;
    });

    expect(lengths).toEqual([129, 255]);
    expect(difference(acceptedIds(a, 'clientState'), acceptedIds(b, 'clientState'))).toEqual(lengths.map((n) => `length-${n}`));
    expect(difference(acceptedIds(a, 'expirationDateTime'), acceptedIds(b, 'expirationDateTime'))).toEqual(days.map((d) => `${d}-days`));
    // notificationUrl: the schemes each profile allows.
    expect(acceptedIds(a, 'notificationUrl').has('http-absolute')).toBe(!ruleA.notificationUrl.requireHttps);
    expect(acceptedIds(b, 'notificationUrl').has('http-absolute')).toBe(!ruleB.notificationUrl.requireHttps);
    expect(readFileSync(join(onGraphLike.reportDir, 'behaviour-report.md'), 'utf8')).toContain(
      `| \`clientState\` | longest accepted clientState | **${ruleB.clientState.maxLength} characters** |`,
    );
  });
});
