import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { defaultProfileReport, nothingAcceptedReport } from '../../test/support/report-fixtures.js';
import type { BehaviourReport } from './types.js';
import { readBehaviourReport, writeBehaviourReports } from './write-reports.js';
import { InvalidReportError } from '../errors.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'write-reports-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeBehaviourReports', () => {
  test('writes json, md and html into a new directory, and the json reads back equal', async () => {
    const report = nothingAcceptedReport();
    const out = join(dir, 'reports');

    const paths = await writeBehaviourReports(report, out);

    expect(paths).toEqual({
      json: join(out, 'behaviour-report.json'),
      md: join(out, 'behaviour-report.md'),
      html: join(out, 'behaviour-report.html'),
    });
    expect((await readdir(out)).sort()).toEqual(['behaviour-report.html', 'behaviour-report.json', 'behaviour-report.md']);
    expect(await readBehaviourReport(paths.json)).toEqual(report);
    expect(await readFile(paths.md, 'utf8')).toContain('### Diagnosis: nothing was accepted');
    expect(await readFile(paths.html, 'utf8')).toContain('<!doctype html>');
  });

  test('refuses an invalid report, names the problems and writes nothing', async () => {
    const report = defaultProfileReport();
    (report.fields['resource'] as { presence: string }).presence = 'banned';

    const failure = writeBehaviourReports(report as BehaviourReport, dir);

    await expect(failure).rejects.toBeInstanceOf(InvalidReportError);
    await expect(failure).rejects.toMatchObject({
      code: 'REPORT_INVALID',
      problems: ['/fields/resource/presence: must be one of required, forbidden, optional, conditional, undetermined'],
    });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('readBehaviourReport', () => {
  test('rejects a file that is not JSON', async () => {
    const path = join(dir, 'behaviour-report.json');
    await writeFile(path, '{"reportVersion": 1,');

    await expect(readBehaviourReport(path)).rejects.toMatchObject({ code: 'REPORT_INVALID', source: path });
  });

  test('rejects a report that lost its run', async () => {
    const path = join(dir, 'behaviour-report.json');
    const report: Partial<BehaviourReport> = defaultProfileReport();
    delete report.run;
    await writeFile(path, JSON.stringify(report));

    await expect(readBehaviourReport(path)).rejects.toMatchObject({ problems: ['/run: is required'] });
  });
});
