import { describe, expect, test } from 'vitest';
import { observe } from '../inference/test-support.js';
import type { OfflineReport } from './offline.js';
import { reportHint, type HintTarget } from './report-hint.js';

const FIELDS = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];
const OPERATION = { method: 'POST', path: '/_api/v2.0/drive/root/subscriptions' };
const EMBEDDED: HintTarget = { kind: 'embedded-reference', profile: 'default' };
const FIVE = {
  changeType: 'updated',
  notificationUrl: 'https://r/n',
  resource: '/me/drive/root',
  expirationDateTime: '2026-06-04T00:00:00.000Z',
  clientState: 'x',
};

/** A probe's report of the default reference profile (each run of it on another port). */
function report(operation: Partial<OfflineReport['operation']> = {}): OfflineReport {
  return {
    run: {
      target: 'http://127.0.0.1:42911',
      targetKind: 'embedded-reference',
      referenceProfile: 'default',
      startedAt: '2026-05-31T00:00:00.000Z',
    },
    operation: { fields: FIELDS, ...OPERATION, ...operation },
    matrix: observe(FIELDS, 'notificationUrl && expirationDateTime && !changeType && !resource'),
  };
}

const hint = (r: OfflineReport, body: Record<string, unknown> = FIVE, target: HintTarget = EMBEDDED) =>
  reportHint(r, 'r.json', body, { operation: OPERATION, target });

describe('reportHint', () => {
  test('a report of this operation and target: its nearest accepted combination is the prediction', () => {
    const found = hint(report());
    expect(found.predicted).toEqual([['changeType', 'resource']]);
    // Each field taken out alone is recorded refused: explain does not ask those again.
    expect(found.refusedSingles).toEqual(FIELDS);
    expect(found.line).toBe(
      "hint: r.json (made 2026-05-31T00:00:00.000Z) predicts: take out changeType and resource; asked first, and concluded from this target's answers only",
    );
  });

  test('a missing field is predicted added, and the toggles the matrix records accepted are not among the refused', () => {
    const found = hint(report(), { notificationUrl: 'https://r/n' });
    expect(found.predicted).toEqual([['expirationDateTime']]);
    expect(found.refusedSingles).toEqual(FIELDS.filter((f) => f !== 'expirationDateTime'));
  });

  test('a report of another operation is not used, in one line saying why', () => {
    const found = hint(report({ path: '/v1.0/subscriptions' }));
    expect(found.predicted).toEqual([]);
    expect(found.line).toBe(
      'hint: r.json not used: it is of POST /v1.0/subscriptions, not POST /_api/v2.0/drive/root/subscriptions, the operation explained',
    );
    expect(found.line).not.toContain('\n');
  });

  test('a report that names no method and path cannot be told to be of this operation', () => {
    const older = report();
    older.operation = { fields: FIELDS };
    const found = hint(older);
    expect(found).toEqual({
      predicted: [],
      line: 'hint: r.json not used: it names no operation method and path, so it cannot be told to be of this operation',
    });
  });

  test('a report of another target is not used: another reference profile, another base URL, or the other kind', () => {
    expect(hint(report(), FIVE, { kind: 'embedded-reference', profile: 'v2-together' })).toEqual({
      predicted: [],
      line: 'hint: r.json not used: it was made against the embedded reference (profile default), not the embedded reference (profile v2-together), which explain asks',
    });
    const configured = report();
    configured.run = { target: 'https://a.example/api/', targetKind: 'configured', startedAt: '2026-05-31T00:00:00.000Z' };
    expect(hint(configured, FIVE, { kind: 'configured', url: 'https://b.example/api' }).line).toMatch(
      /not used: it was made against https:\/\/a\.example\/api\/, not https:\/\/b\.example\/api, which/,
    );
    expect(hint(configured, FIVE, EMBEDDED).predicted).toEqual([]);
    // The same base URL, spelt with a trailing slash or upper-case host, is the same target.
    expect(hint(configured, FIVE, { kind: 'configured', url: 'https://A.example/api' }).predicted).toEqual([['changeType', 'resource']]);
  });

  test('a combination the matrix accepted, or never recorded, predicts nothing: not used', () => {
    expect(hint(report(), { notificationUrl: 'x', expirationDateTime: 'y' }).line).toBe(
      'hint: r.json not used: its matrix recorded this combination of fields accepted, so it predicts no change of fields',
    );
    const partial = report();
    partial.matrix = partial.matrix.filter((m) => m.present.length < 5);
    expect(hint(partial).line).toBe('hint: r.json not used: its matrix has no entry for this combination of fields');
    const none = report();
    none.matrix = none.matrix.map((m) => ({ ...m, outcome: 'rejected', status: 400 }));
    expect(hint(none).line).toBe('hint: r.json not used: its matrix has no accepted combination to move to');
  });

  test('accepted combinations as near: each is a prediction, the first in the matrix first, all in the one line', () => {
    const r = report();
    r.matrix = observe(FIELDS, 'notificationUrl && expirationDateTime && !(changeType && resource)');
    const found = hint(r);
    expect(found.predicted).toHaveLength(2);
    expect(found.predicted).toEqual(expect.arrayContaining([['changeType'], ['resource']]));
    const [first, second] = found.predicted;
    expect(found.line).toContain(`predicts: take out ${first?.[0] ?? ''} (or, as near, take out ${second?.[0] ?? ''}); asked first`);
  });
});
