/**
 * Limits on a target whose refusals say nothing: every refusal of a body the same message, naming no field. The value
 * suite still pins a clientState limit of 100 characters and a lifetime limit of 4320 minutes exactly at the default
 * settings (its budget covers the asks a refusal that names nothing needs), in process through the run API.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { writeBaseline } from '../lib/baseline/baseline-file.js';
import { extractBaseline } from '../lib/baseline/extract-baseline.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { resolveProfile, startReferenceService, type ReferenceService, type ValueRules } from '../reference/index.js';
import { runProbe, type ProbeRun } from './run-probe.js';

const TOKEN = 'limits-nameless-token-7c21';
const MESSAGE = 'The request is malformed or incorrect.';
let service: ReferenceService;
let run: ProbeRun;

beforeAll(async () => {
  const base = resolveProfile('default');
  const values = base.values as ValueRules;
  const profile = {
    ...base,
    name: 'says-nothing',
    values: {
      ...values,
      clientState: { maxLength: 100 },
      expirationDateTime: { ...values.expirationDateTime, maxLifetimeMinutes: 4320 },
    },
    errors: { ...base.errors, bodyMessage: MESSAGE },
  };
  service = await startReferenceService({ profile, tokens: [TOKEN], handshake: false });
  run = await runProbe(
    { BASE_URL: service.url, ACCESS_TOKEN: TOKEN, NOTIFICATION_URL: 'https://receiver.invalid/notifications' },
    ['03-value'],
    240_000,
  );
}, 250_000);
afterAll(() => service.close());

test('refusals that name nothing: a clientState limit of 100 and a lifetime limit of 4320 minutes, pinned exactly', () => {
  expect(run.code, run.stdout + run.stderr).toBe(0);
  const report = JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
  const limit = (field: string) => report.values[field]?.limits[0];
  // Every refusal the value suite met said the same words and named nothing: the target is the one described.
  const refusals = Object.values(report.values).flatMap((v) => v.rejected.map((r) => r.errorMessage));
  expect(refusals.length).toBeGreaterThan(0);
  expect(new Set(refusals)).toEqual(new Set([MESSAGE]));
  expect(limit('clientState'), run.stdout).toMatchObject({ value: 100, firstRejected: 101, unit: 'characters' });
  expect(limit('expirationDateTime'), run.stdout).toMatchObject({ value: 4320, firstRejected: 4321, unit: 'minutes' });
});

/**
 * A baseline of the same target gives each limit first: the search checks the recorded number at its edges and
 * pins it in a few asks. On a target whose limit moved since, the edges disagree and the search halves as before: the
 * report gives the target's new limit, never the baseline's.
 */
test('a baseline recorded limit is checked first; a moved limit is found by halving, not taken from the baseline', async () => {
  const first = JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
  const baselinePath = join(run.reportDir, 'limits-baseline.json');
  await writeBaseline(baselinePath, extractBaseline(first, 'says-nothing'));
  const env = {
    BASE_URL: service.url,
    ACCESS_TOKEN: TOKEN,
    NOTIFICATION_URL: 'https://receiver.invalid/notifications',
    BASELINE: baselinePath,
  };
  const limitOf = (r: ProbeRun, field: string) =>
    (JSON.parse(readFileSync(join(r.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport).values[field]?.limits[0];

  const again = await runProbe(env, ['03-value'], 240_000);
  for (const field of ['clientState', 'expirationDateTime']) {
    const limit = limitOf(again, field);
    expect(limit, again.stdout).toMatchObject({ value: first.values[field]?.limits[0]?.value, statedBy: 'baseline' });
    expect(limit?.requests ?? 0, field).toBeLessThan(first.values[field]?.limits[0]?.requests ?? 0);
  }

  const moved = resolveProfile('default');
  service.setProfile({
    ...moved,
    name: 'says-nothing-moved',
    values: {
      ...(moved.values as ValueRules),
      clientState: { maxLength: 90 },
      expirationDateTime: { ...(moved.values as ValueRules).expirationDateTime, maxLifetimeMinutes: 4320 },
    },
    errors: { ...moved.errors, bodyMessage: MESSAGE },
  });
  const after = await runProbe(env, ['03-value'], 240_000);
  const limit = limitOf(after, 'clientState');
  expect(limit, after.stdout).toMatchObject({ value: 90, firstRejected: 91 });
  expect(limit?.statedBy).toBeUndefined();
}, 500_000);
