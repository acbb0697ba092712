import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { writeBehaviourReports } from '../lib/report/write-reports.js';
import { defaultProfileReport } from '../test/support/report-fixtures.js';
import { writeExpectationsFile } from './expectations.js';

test('the command keeps the reasons of an existing file, drops entries whose case passes now, and keeps those not in the report', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'expectations-command-'));
  const report = defaultProfileReport();
  const [deviates, passes] = report.cases;
  if (deviates === undefined || passes === undefined) throw new Error('fixture has cases');
  deviates.verdict = 'DEVIATES';
  report.counts = { ...report.counts, DEVIATES: 1, CONFORMS: report.counts.CONFORMS - 1 };
  await writeBehaviourReports(report, dir);
  const out = join(dir, 'e.json');
  writeFileSync(
    out,
    JSON.stringify({
      expectations: [
        { case: deviates.id, verdict: 'DEVIATES', reason: 'known since March', until: '2027-01-31' },
        { case: passes.id, verdict: 'DEVIATES', reason: 'fixed now' },
        { case: 'lifecycle/read', verdict: 'ERROR', reason: 'not in this report' },
      ],
    }),
  );
  const run = await writeExpectationsFile(join(dir, 'behaviour-report.json'), out, dir);
  expect(run.code, run.errors.join('\n')).toBe(0);
  expect(run.lines[0]).toBe('expectations: wrote e.json from behaviour-report.json: 2 entries (0 added, 2 kept, 1 dropped)');
  expect(run.lines).toContain(
    `  - ${passes.id}: it is ${passes.verdict} in the report, so it would fail the next run as no longer holding`,
  );
  expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual({
    expectations: [
      { case: deviates.id, verdict: 'DEVIATES', reason: 'known since March', until: '2027-01-31' },
      { case: 'lifecycle/read', verdict: 'ERROR', reason: 'not in this report' },
    ],
  });
  // No report, or an existing file that is not one: exit 2, one line each.
  expect(await writeExpectationsFile(join(dir, 'none.json'), out, dir)).toMatchObject({
    code: 2,
    errors: ['expectations: no report at none.json: run npx subscription-conformance probe first'],
  });
  writeFileSync(join(dir, 'bad.yaml'), 'expectations: {}\n');
  const bad = await writeExpectationsFile(join(dir, 'behaviour-report.json'), join(dir, 'bad.yaml'), dir);
  expect(bad.code).toBe(2);
  expect(bad.errors).toHaveLength(1);
});
