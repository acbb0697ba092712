/**
 * The value suite end to end: `npm run probe -- 03-value` as a child process, against a
 * reference service in the default profile and one in the graph-like profile, each given as BASE_URL.
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
  return [...a]
    .filter((id) => !b.has(id))
    .concat([...b].filter((id) => !a.has(id)))
    .sort();
}

/** A reference with `profile`, without the validation handshake, probed through BASE_URL by the value suite only. */
async function probeProfile(profile: string): Promise<{ service: ReferenceService; run: ProbeRun }> {
  // Both runs name the same https notification URL, which nobody answers: the handshake (which would refuse it,
  // as a real service refuses a URL it cannot validate) is off, so what differs between the runs is the value rules.
  const service = await startReferenceService({ profile, tokens: [TOKEN], handshake: false });
  const run = await runProbe(
    { BASE_URL: service.url, ACCESS_TOKEN: TOKEN, NOTIFICATION_URL: 'https://receiver.invalid/notifications' },
    ['03-value'],
    240_000,
  );
  return { service, run };
}

describe('npm run probe -- 03-value', () => {
  const services: ReferenceService[] = [];
  let onDefault: ProbeRun;
  let onGraphLike: ProbeRun;

  beforeAll(async () => {
    const [a, b] = await Promise.all([probeProfile('default'), probeProfile('graph-like')]);
    services.push(a.service, b.service);
    [onDefault, onGraphLike] = [a.run, b.run];
  }, 250_000);

  afterAll(async () => {
    await Promise.all(services.map((s) => s.close()));
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

    expect(lifetime).toMatchObject({
      value: rules.expirationDateTime.maxLifetimeMinutes,
      firstRejected: rules.expirationDateTime.maxLifetimeMinutes + 1,
      unit: 'minutes',
      verdict: 'INFORMATIONAL',
    });
    expect(clientState).toMatchObject({
      value: rules.clientState.maxLength,
      firstRejected: rules.clientState.maxLength + 1,
      unit: 'characters',
    });
    // Each probe costs one request, and an accepted one a second (the delete of what it created).
    expect(lifetime?.requests).toBeLessThanOrEqual(2 * defaultMaxSteps(1, 10 * 365 * 24 * 60));
    expect(clientState?.requests).toBeLessThanOrEqual(2 * defaultMaxSteps(1, 4096));
  });

  test('fields a profile does not take are not value-probed; those it takes are', () => {
    const writable = (profile: string): string[] => {
      const presence = PROFILES[profile]?.presence;
      return presence?.kind === 'typed' ? presence.writable : [];
    };
    for (const field of ['changeType', 'resource']) {
      expect(writable('default')).not.toContain(field);
      expect(writable('graph-like')).toContain(field);
      expect(probedIds(readReport(onDefault), field), field).toEqual([]);
      expect(probedIds(readReport(onGraphLike), field).length, field).toBeGreaterThan(5);
    }
    expect([...acceptedIds(readReport(onGraphLike), 'changeType')]).toEqual(rulesOf('graph-like').changeType.allowed);
  });

  test("the value tables differ exactly where the profiles' value rules differ", () => {
    const a = readReport(onDefault);
    const b = readReport(onGraphLike);
    const [ruleA, ruleB] = [rulesOf('default'), rulesOf('graph-like')];
    // Ground truth from the profiles: a probed length or lifetime between the two limits, and the http scheme.
    const between = (x: number, one: number, other: number): boolean => x > Math.min(one, other) && x <= Math.max(one, other);
    const expected = {
      notificationUrl: ruleA.notificationUrl.requireHttps === ruleB.notificationUrl.requireHttps ? [] : ['http-absolute'],
      expirationDateTime: [29, 180, 181]
        .filter((d) => between(d * 24 * 60, ruleA.expirationDateTime.maxLifetimeMinutes, ruleB.expirationDateTime.maxLifetimeMinutes))
        .map((d) => `${d}-days`),
      clientState: [1, 128, 129, 255, 256, 4096]
        .filter((n) => between(n, ruleA.clientState.maxLength, ruleB.clientState.maxLength))
        .map((n) => `length-${n}`),
    };

    const seen = Object.fromEntries(
      Object.keys(expected).map((field) => [field, difference(acceptedIds(a, field), acceptedIds(b, field))]),
    );

    expect(expected).toEqual({
      notificationUrl: ['http-absolute'],
      expirationDateTime: ['180-days'],
      clientState: ['length-129', 'length-255'],
    });
    expect(seen).toEqual(expected);
    expect(readFileSync(join(onGraphLike.reportDir, 'behaviour-report.md'), 'utf8')).toContain(
      `| \`clientState\` | longest accepted clientState | **${ruleB.clientState.maxLength} characters** |`,
    );
  });
});
