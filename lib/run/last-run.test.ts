import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { defaultProfileReport } from '../../test/support/report-fixtures.js';
import { loadSettings } from '../config/load-config.js';
import type { BehaviourReport } from '../report/types.js';
import { lastRunOf } from './last-run.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A REPORT_DIR holding `text` as its behaviour-report.json (nothing when undefined), and settings that read it. */
function folderWith(text: string | undefined, env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'last-run-'));
  dirs.push(dir);
  if (text !== undefined) writeFileSync(join(dir, 'behaviour-report.json'), text);
  return loadSettings({ env: { REPORT_DIR: dir, ...env }, dotenvPath: false });
}

const configured = (target: string): BehaviourReport => {
  const report = defaultProfileReport();
  const run = { ...report.run, target, targetKind: 'configured' as const };
  delete run.referenceProfile;
  return { ...report, run };
};

describe('the last run of the same target and operation, from its report in REPORT_DIR', () => {
  test("the embedded reference's report, same profile: its total, its time, its suites' figures", async () => {
    const report = defaultProfileReport();
    report.suites = [
      {
        suite: '02-presence-matrix',
        counts: { CONFORMS: 0, DEVIATES: 0, INFORMATIONAL: 32, ERROR: 0 },
        skipped: 0,
        notRun: 0,
        requests: 38,
        seconds: 0.4,
      },
    ];
    const last = await lastRunOf(folderWith(JSON.stringify(report)));
    expect(last).toMatchObject({ requestsSent: report.run.requestsSent, repeats: report.run.repeats, seconds: 2.395 });
    expect([...(last?.bySuite ?? [])]).toEqual([['02-presence-matrix', 38]]);
  });

  test('another profile, another BASE_URL, another operation: no figure', async () => {
    const report = JSON.stringify(defaultProfileReport());
    expect(await lastRunOf(folderWith(report, { REFERENCE_PROFILE: 'graph-like' }))).toBeUndefined();
    expect(await lastRunOf(folderWith(report, { BASE_URL: 'http://127.0.0.1:43117', ACCESS_TOKEN: 't' }))).toBeUndefined();
    const other = { ...defaultProfileReport(), operation: { ...defaultProfileReport().operation, id: 'another-operation' } };
    expect(await lastRunOf(folderWith(JSON.stringify(other)))).toBeUndefined();
  });

  test('a configured target by its BASE_URL, a trailing slash aside', async () => {
    const report = JSON.stringify(configured('https://staging.example.com/sites/dev/'));
    const env = { ACCESS_TOKEN: 't' };
    expect(await lastRunOf(folderWith(report, { ...env, BASE_URL: 'https://staging.example.com/sites/dev' }))).toBeDefined();
    expect(await lastRunOf(folderWith(report, { ...env, BASE_URL: 'https://staging.example.com/sites/other' }))).toBeUndefined();
  });

  test('no report, a file that is not one, or not JSON: no figure, and no error', async () => {
    expect(await lastRunOf(folderWith(undefined))).toBeUndefined();
    expect(await lastRunOf(folderWith('{"run": {}}'))).toBeUndefined();
    expect(await lastRunOf(folderWith('not json'))).toBeUndefined();
  });
});
