/**
 * One finding per limit: on a reference whose lifetime limit is 4230 minutes and whose refusal past it says only
 * "Subscription expiration can only be 4230 minutes in the future." (the words of a real target), the value suite's
 * limit, the lifecycle's renewal search, the observed contract's `x-lifetime`, the baseline and the console all give
 * 4230, and the console states the target's number, not a mask. In process through the run API.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { extractBaseline } from '../lib/baseline/extract-baseline.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { amount } from '../lib/values/amount.js';
import { resolveProfile, startReferenceService, type ReferenceService, type ValueRules } from '../reference/index.js';
import { runProbe, type ProbeRun } from './run-probe.js';

const TOKEN = 'one-finding-token-5e03';
const LIMIT = 4230;
const MESSAGE = `Subscription expiration can only be ${LIMIT} minutes in the future.`;
let service: ReferenceService;
let run: ProbeRun;
let report: BehaviourReport;

beforeAll(async () => {
  const base = resolveProfile('default');
  const values = base.values as ValueRules;
  const profile = {
    ...base,
    name: 'lifetime-4230',
    values: { ...values, expirationDateTime: { ...values.expirationDateTime, maxLifetimeMinutes: LIMIT, pastMaximumMessage: MESSAGE } },
  };
  service = await startReferenceService({ profile, tokens: [TOKEN] });
  run = await runProbe({ BASE_URL: service.url, ACCESS_TOKEN: TOKEN }, ['03-value', '07-lifecycle'], 240_000);
  report = JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
}, 250_000);
afterAll(() => service.close());

test('the value suite pins the stated limit by checking it at its edges first', () => {
  expect(run.code, run.stdout + run.stderr).toBe(0);
  const limit = report.values['expirationDateTime']?.limits[0];
  expect(limit).toMatchObject({ value: LIMIT, firstRejected: LIMIT + 1, statedBy: 'refusal' });
  expect(limit?.pastLimit).toContain(MESSAGE);
  expect(limit?.unfinished).toBeUndefined();
});

test('the renewal search, the contract and the baseline read the same 4230', () => {
  expect(report.lifecycle?.renewal.longestAcceptedMinutes).toBe(LIMIT);
  const contract = JSON.parse(readFileSync(join(run.reportDir, 'observed-openapi.json'), 'utf8')) as {
    paths: Record<
      string,
      { post: { requestBody: { content: { 'application/json': { schema: { properties: Record<string, Record<string, unknown>> } } } } } }
    >;
  };
  const post = Object.values(contract.paths).find((p) => p.post !== undefined)?.post;
  const lifetime = post?.requestBody.content['application/json'].schema.properties['expirationDateTime'];
  expect(lifetime?.['x-lifetime']).toMatchObject({ unit: 'minutes', maximum: LIMIT });
  expect(String(lifetime?.['description'])).toMatch(new RegExp(`at most ${LIMIT} minutes`));
  const baseline = extractBaseline(report, 'lifetime-4230');
  expect(baseline.values['expirationDateTime']?.limits['longest accepted lifetime']).toEqual({
    unit: 'minutes',
    value: LIMIT,
    firstRejected: LIMIT + 1,
  });
});

test("the console states the limit with the target's own number, unmasked", () => {
  const line = run.stdout.split('\n').find((l) => l.startsWith('  limit: expirationDateTime'));
  expect(line).toBe(
    `  limit: expirationDateTime longest accepted lifetime: ${amount(LIMIT, 'minutes')}, as the refusal past it states: 400 invalidRequest ${JSON.stringify(MESSAGE)}, ${report.values['expirationDateTime']?.limits[0]?.requests} requests`,
  );
  expect(line).not.toContain('<n>');
});
