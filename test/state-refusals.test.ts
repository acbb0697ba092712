/**
 * Answers that depend on more than the body: a reference whose creates also depend on what exists (a conflict on
 * resource and notificationUrl, an app quota with another client's subscriptions in it, a count limit per resource
 * answered 429 until 9999) gives the same rule, roles and value classes as the same service without that state, at
 * REPEATS 1 and 2 and CONCURRENCY 1 and 4 (the value classes at one of them); no refusal for the state is read as the body's (no rejection group, value
 * class or §7 judgement carries the relayed ExtensionError); and the subscriptions the run did not make are never
 * touched. The truth each run is held to is the probe's own run of the same profile without state, so the test
 * holds for any base profile (two are run: default and v2-change-needs-resource).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import {
  isForeign,
  PROFILES,
  startReferenceService,
  type ReferenceProfile,
  type ReferenceService,
  type StateRules,
} from '../reference/index.js';
import { runProbe } from './run-probe.js';

const TOKEN = 'state-refusals-token-7d1e';
const SUITES = ['02-presence', '03-value'];
/** The corners of REPEATS and CONCURRENCY hold the presence rule; the value classes are held once per state. */
const PRESENCE = ['02-presence'];
const ALL: StateRules = { conflictKey: ['resource', 'notificationUrl'], quota: { max: 8, foreign: 3 }, countLimit: { max: 6 } };

let service: ReferenceService;
beforeAll(async () => {
  service = await startReferenceService({ tokens: [TOKEN], profile: 'default', handshake: false });
});
afterAll(() => service.close());

interface Learned {
  code: number;
  out: string;
  rule: string;
  roles: Record<string, string>;
  groupCodes: string[];
  rejectedValues: string[];
  acceptedValues: string[];
}

async function probe(profile: ReferenceProfile, env: Record<string, string> = {}, suites = SUITES): Promise<Learned> {
  service.setProfile(profile);
  service.clearSubscriptions();
  const run = await runProbe({ BASE_URL: service.url, ACCESS_TOKEN: TOKEN, ...env }, suites, 120_000);
  const report = JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
  const values = Object.values(report.values);
  return {
    code: run.code ?? -1,
    out: run.stdout + run.stderr,
    rule: report.rule.expression,
    roles: Object.fromEntries(Object.entries(report.fields).map(([f, r]) => [f, r.presence])),
    groupCodes: report.rejectionGroups.map((g) => `${g.status} ${g.errorCode ?? ''}`),
    rejectedValues: values.flatMap((v) => v.rejected.map((r) => `${r.id} ${r.status} ${r.errorCode ?? ''}`)).sort(),
    acceptedValues: values.flatMap((v) => v.accepted.map((r) => r.id)).sort(),
  };
}

const withState = (base: ReferenceProfile, state: StateRules): ReferenceProfile => ({ ...base, name: `${base.name} + state`, state });

describe.each(['default', 'v2-change-needs-resource'])('on %s with state', (baseName) => {
  const base = PROFILES[baseName] as ReferenceProfile;
  let truth: Learned;
  beforeAll(async () => {
    truth = await probe(base);
  }, 120_000);

  // Every corner of REPEATS and CONCURRENCY with all of the state on the default service, and each state alone; on
  // the second service one corner: what differs there is the rule, not the pacing.
  const everyRun: [string, StateRules, Record<string, string>, string[]][] = [
    ['all of it, REPEATS=2, CONCURRENCY=4', ALL, { REPEATS: '2', CONCURRENCY: '4' }, SUITES],
    ['all of it, REPEATS=1, CONCURRENCY=4', ALL, { REPEATS: '1', CONCURRENCY: '4' }, PRESENCE],
    ['all of it, REPEATS=2, CONCURRENCY=1', ALL, { REPEATS: '2', CONCURRENCY: '1' }, PRESENCE],
    ['all of it, REPEATS=1, CONCURRENCY=1', ALL, { REPEATS: '1', CONCURRENCY: '1' }, PRESENCE],
    ['a conflict key alone', { conflictKey: ['resource', 'notificationUrl'] }, { REPEATS: '1' }, SUITES],
    ['a quota alone, one slot free', { quota: { max: 4, foreign: 3 } }, { REPEATS: '1' }, SUITES],
    ['a count limit of 1 alone', { countLimit: { max: 1 } }, { REPEATS: '1' }, SUITES],
  ];
  const runs = baseName === 'default' ? everyRun : everyRun.slice(1, 2);
  test.each(runs)(
    '%s: the rule, roles and value classes of the same service without state',
    async (_label, state, env, suites) => {
      const seen = await probe(withState(base, state), env, suites);
      expect(seen.rule, seen.out).toBe(truth.rule);
      expect(seen.roles).toEqual(truth.roles);
      expect(seen.groupCodes).toEqual(truth.groupCodes);
      expect(seen.groupCodes.join(' ')).not.toMatch(/ExtensionError/);
      if (suites === SUITES) {
        expect(seen.rejectedValues).toEqual(truth.rejectedValues);
        expect(seen.acceptedValues).toEqual(truth.acceptedValues);
      }
      expect(seen.out).not.toMatch(/ExtensionError.*spec §7 rule 1|spec §7 rule 1.*ExtensionError/);
      // Another client's subscriptions: still there, never asked to be deleted.
      const foreign = service.liveSubscriptions().filter(isForeign).length;
      expect(foreign).toBe(state.quota?.foreign ?? 0);
      expect(service.stats().foreignDeletes).toBe(0);
    },
    120_000,
  );
});

test("a quota full of another client's subscriptions stops the run at its first create: exit 2, one line, none of them touched", async () => {
  service.setProfile({ ...(PROFILES['default'] as ReferenceProfile), name: 'full quota', state: { quota: { max: 5, foreign: 5 } } });
  service.clearSubscriptions();
  service.resetStats();
  const run = await runProbe({ BASE_URL: service.url, ACCESS_TOKEN: TOKEN, REPEATS: '1' }, SUITES, 120_000);
  const out = run.stdout + run.stderr;
  expect(run.code, out).toBe(2);
  expect(out).toContain(
    "the app's subscription quota on the target is full (403 inside the answer) with none of this run's subscriptions live: the list shows 5 live, none of them this run's; the run stopped creating and touched none of them",
  );
  expect(service.stats().creates).toBe(0);
  expect(service.stats().foreignDeletes).toBe(0);
  expect(service.liveSubscriptions().filter(isForeign)).toHaveLength(5);
}, 120_000);
