import { describe, expect, test } from 'vitest';
import type { CaseRecord } from '../case-record.js';
import { buildBehaviourReport } from './build-report.js';
import { buildValues as buildFrom } from './build-values.js';
import { evidenceByKind } from './case-evidence.js';

/** The values of these records, as the builder sorts them out by kind. */
const buildValues = (fields: readonly string[], records: readonly CaseRecord[]) => buildFrom(fields, evidenceByKind(records));
import { validateBehaviourReport } from './validate-report.js';

const FIELDS = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];
const target = { baseUrl: 'http://127.0.0.1:1', kind: 'embedded-reference', referenceProfile: 'default' } as const;
const BASE = ['notificationUrl', 'expirationDateTime'];

function valueCase(
  field: string,
  classId: string,
  outcome: 'accepted' | 'rejected' | 'error',
  status: number | null,
  extra: Partial<Extract<CaseRecord, { kind: 'value' }>> = {},
): CaseRecord {
  return {
    id: `value/${field}/${classId}`,
    kind: 'value',
    specRef: 'spec §2',
    verdict: 'INFORMATIONAL',
    requests: 1,
    target,
    value: {
      field,
      classId,
      description: classId.replace(/-/g, ' '),
      expectation: 'spec-form',
      sent: '"x"',
      base: BASE,
      outcome,
      status,
      ...(outcome === 'rejected' ? { errorCode: 'invalidRequest', errorMessage: 'no' } : {}),
    },
    ...extra,
  };
}

const lifetime: Extract<CaseRecord, { kind: 'limit' }> = {
  id: 'limit/expirationDateTime/longest-lifetime',
  kind: 'limit',
  specRef: 'open: spec §8',
  verdict: 'INFORMATIONAL',
  requests: 37,
  target,
  limit: {
    field: 'expirationDateTime',
    name: 'longest accepted lifetime',
    value: 259_200,
    unit: 'minutes',
    firstRejected: 259_201,
    requests: 37,
  },
};

describe('buildValues', () => {
  test("sorts each field's classes by outcome, keeps the order they ran in, and lists its limits", () => {
    const records = [
      valueCase('notificationUrl', 'https-absolute', 'accepted', 201),
      valueCase('notificationUrl', 'relative-path', 'rejected', 400, { verdict: 'CONFORMS', specRef: 'spec §2; spec §7 rule 1' }),
      valueCase('notificationUrl', 'ip-literal', 'error', null, { verdict: 'ERROR' }),
      valueCase('notificationUrl', 'http-absolute', 'accepted', 201),
      lifetime,
    ];

    const values = buildValues(FIELDS, records);

    expect(Object.keys(values)).toEqual(FIELDS);
    expect(values['notificationUrl']?.accepted.map((r) => r.classId)).toEqual(['https-absolute', 'http-absolute']);
    expect(values['notificationUrl']?.rejected).toEqual([
      {
        id: 'value/notificationUrl/relative-path',
        classId: 'relative-path',
        description: 'relative path',
        expectation: 'spec-form',
        sent: '"x"',
        base: BASE,
        outcome: 'rejected',
        status: 400,
        errorCode: 'invalidRequest',
        errorMessage: 'no',
        verdict: 'CONFORMS',
        specRef: 'spec §2; spec §7 rule 1',
      },
    ]);
    expect(values['notificationUrl']?.other.map((r) => [r.classId, r.verdict])).toEqual([['ip-literal', 'ERROR']]);
    expect(values['expirationDateTime']?.limits).toEqual([
      {
        id: 'limit/expirationDateTime/longest-lifetime',
        field: 'expirationDateTime',
        name: 'longest accepted lifetime',
        value: 259_200,
        unit: 'minutes',
        firstRejected: 259_201,
        requests: 37,
        verdict: 'INFORMATIONAL',
        specRef: 'open: spec §8',
      },
    ]);
    expect(values['changeType']).toEqual({ accepted: [], rejected: [], other: [], limits: [] });
  });

  test('a limit that was not pinned has no value key at all (JSON has no undefined)', () => {
    const unpinned: Extract<CaseRecord, { kind: 'limit' }> = {
      ...lifetime,
      verdict: 'ERROR',
      limit: {
        field: 'clientState',
        name: 'longest accepted clientState',
        value: undefined,
        unit: 'characters',
        firstRejected: undefined,
        requests: 3,
        note: 'no answer',
      },
    };

    const [limit] = buildValues(FIELDS, [unpinned])['clientState']?.limits ?? [];

    expect(limit).toBeDefined();
    expect(Object.keys(limit ?? {})).not.toContain('value');
    expect(Object.keys(limit ?? {})).not.toContain('firstRejected');
    expect(limit?.note).toBe('no answer');
  });

  test('ignores a record about a field the operation does not have', () => {
    const values = buildValues(FIELDS, [valueCase('notificationURL', 'x', 'accepted', 201)]);

    expect(Object.keys(values)).toEqual(FIELDS);
    expect(Object.values(values).every((v) => v.accepted.length === 0)).toBe(true);
  });

  test('the behaviour report carries them, and still matches its schema', () => {
    const report = buildBehaviourReport({
      operation: { id: 'subscription-create', method: 'POST', path: '/_api/v2.0/drive/root/subscriptions', fields: FIELDS },
      cases: [valueCase('clientState', 'length-255', 'accepted', 201), lifetime].map((record) => ({ name: record.id, record })),
      startedAt: '2026-01-01T00:00:00.000Z',
      endedAt: '2026-01-01T00:00:01.000Z',
      suiteVersion: '0.1.0',
      repeats: 2,
    });

    expect(report.values['clientState']?.accepted).toHaveLength(1);
    expect(report.values['expirationDateTime']?.limits[0]?.value).toBe(259_200);
    expect(validateBehaviourReport(JSON.parse(JSON.stringify(report))).valid).toBe(true);
  });
});
