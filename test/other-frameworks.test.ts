/**
 * A target written with another framework than the spec's service: the embedded reference's fastapi-like
 * profile has the default's rules but FastAPI's errors (a refused body is 422 with pydantic's `detail` list
 * naming the property). The presence rule is found from the statuses alone, the rejection groups read the
 * property names from `loc`, and spec §7 rule 1 is read as in every suite: each kind of 422 DEVIATES once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import { runProbe } from './run-probe.js';

test('FastAPI errors: the same rule as the default profile, groups that name their properties, one deviation per kind of 422', async () => {
  const run = await runProbe({ REFERENCE_PROFILE: 'fastapi-like' }, ['01-spec', '02-presence']);
  expect(run.code, run.stdout + run.stderr).toBe(1);
  const report = JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;

  expect(report.rule.expression).toBe('notificationUrl && expirationDateTime && !changeType && !resource');
  const groups = report.rejectionGroups.map((g) => [g.status, g.summary.replace(/ \(.*$/, '')]);
  expect(groups).toEqual([
    [422, '422 when changeType is present'],
    [422, '422 when resource is present and changeType is absent'],
    [422, '422 when'],
  ]);
  expect(report.rejectionGroups.map((g) => /the messages? names? the propert(y|ies) (.*)$/.exec(g.summary)?.[2])).toEqual([
    "'changeType'",
    "'resource'",
    "'notificationUrl' and 'expirationDateTime'",
  ]);

  const deviating = report.cases.filter((c) => c.verdict === 'DEVIATES').map((c) => c.id);
  expect(deviating).toEqual(['spec-4/observation-all-five', 'matrix/refusals']);
  const refusals = report.cases.find((c) => c.id === 'matrix/refusals');
  expect(refusals?.finding).toMatch(/^3 kinds of refusal of a body of the presence matrix break spec §7 rule 1, judged once per kind/);
  // Every combination's own case says what it saw and where the refusal is judged, and no more.
  const matrixCases = report.cases.filter((c) => c.id.startsWith('matrix/') && c.id !== 'matrix/refusals');
  expect(matrixCases.filter((c) => c.verdict !== 'INFORMATIONAL')).toEqual([]);
  expect(report.matrix.filter((m) => m.outcome === 'rejected').every((m) => (m.errorNames ?? []).length === 1)).toBe(true);
}, 300_000);
