import { describe, expect, test } from 'vitest';
import { defaultProfileReport } from '../../test/support/report-fixtures.js';
import { assembleReport } from './assemble-report.js';
import type { ReportDrift } from './types.js';
import { validateBehaviourReport } from './validate-report.js';

describe('assembleReport', () => {
  const built = defaultProfileReport();
  const drift: ReportDrift = {
    baseline: 'baselines/x.json',
    name: 'x',
    changes: [],
    compared: { combinations: 32, valueClasses: 0, limits: 0, ruleAndRoles: true },
    notCompared: [],
  };

  test('puts every part in its place and leaves the built report as it was', () => {
    const before = JSON.stringify(built);
    const report = assembleReport({
      built,
      drift,
      contract: {
        observed: { file: 'observed-openapi.json', yaml: 'observed-openapi.yaml', requestBodySchema: true, roundTripDisagreements: 0 },
      },
      ledger: { leftOnTarget: [{ id: 'sub-1', createdAt: '2026-01-01T00:00:00.000Z', reason: 'not deleted: 500' }], duplicateIds: [] },
    });
    expect(JSON.stringify(built)).toBe(before);
    expect(report.drift).toEqual(drift);
    expect(report.contract?.observed?.file).toBe('observed-openapi.json');
    expect(report.run.leftOnTarget).toHaveLength(1);
  });

  test('with no parts, the report is the built one', () => {
    expect(assembleReport({ built })).toEqual(built);
  });

  test('the assembled report is a valid report', () => {
    const report = assembleReport({ built, ledger: { leftOnTarget: [], duplicateIds: [{ id: 'same', creates: 2 }] } });
    const checked = validateBehaviourReport(report);
    expect(checked.valid, checked.valid ? '' : checked.errors.join('\n')).toBe(true);
    expect(report.counts.INFORMATIONAL).toBe(built.counts.INFORMATIONAL + 1);
  });
});
