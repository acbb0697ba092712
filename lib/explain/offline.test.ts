import { describe, expect, test } from 'vitest';
import { observe } from '../inference/test-support.js';
import { InputError } from './read-input.js';
import { explainOffline, matchClass, readReport, stringShape, type OfflineReport } from './offline.js';

const FIELDS = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];
const NOW = new Date('2026-06-01T00:00:00.000Z');
const inDays = (days: number): string => new Date(NOW.getTime() + days * 86_400_000).toISOString();

const klass = (classId: string, sent: string, status: number | null = 400) => ({
  classId,
  description: classId.replaceAll('-', ' '),
  sent,
  status,
  ...(status === 400 ? { errorCode: 'invalidRequest', errorMessage: 'bad value' } : {}),
});

/** A report as the probe writes it against the default reference profile. */
function report(): OfflineReport {
  const matrix = observe(FIELDS, 'notificationUrl && expirationDateTime && !changeType && !resource', (present) => ({
    status: 400,
    errorCode: 'invalidRequest',
    errorMessage: present.includes('changeType') ? "The property 'changeType' does not exist." : 'other',
  }));
  return {
    run: {
      target: 'http://127.0.0.1:1',
      targetKind: 'embedded-reference',
      referenceProfile: 'default',
      startedAt: '2026-05-31T00:00:00.000Z',
    },
    operation: { fields: FIELDS },
    matrix,
    values: {
      expirationDateTime: {
        accepted: [klass('spec-form', JSON.stringify(inDays(2)), 201)],
        rejected: [klass('without-milliseconds', '"2026-06-03T00:00:00Z"'), klass('number', '42')],
        limits: [{ name: 'longest accepted lifetime', value: 259_200, unit: 'minutes' }],
      },
      clientState: {
        accepted: [klass('short', '"probe-1"', 201)],
        rejected: [klass('number', '1')],
        limits: [{ name: 'longest accepted clientState', value: 255, unit: 'characters' }],
      },
    },
  };
}

const text = (body: Record<string, unknown>, r: OfflineReport = report()) => {
  const found = explainOffline(r, body, NOW);
  return { ...found, all: found.lines.join('\n') };
};

describe('explainOffline: presence', () => {
  test("the spec's five-field body: its combination, what was recorded, the nearest accepted one, each change needed", () => {
    const found = text({
      changeType: 'updated',
      notificationUrl: 'https://r/n',
      resource: '/me/drive/root',
      expirationDateTime: inDays(3),
      clientState: 'x',
    });
    expect(found.explained).toBe(true);
    expect(found.lines).toContain('  The matrix recorded it rejected 400 invalidRequest "The property \'changeType\' does not exist.".');
    expect(found.lines).toContain(
      '  Nearest accepted combination: notificationUrl, expirationDateTime, clientState (accepted 201): take out changeType and resource.',
    );
    expect(found.all).toMatch(/By the matrix, changeType and resource cause the 400/);
    expect(found.lines).toContain('    with changeType kept: rejected 400 invalidRequest "The property \'changeType\' does not exist."');
    expect(found.lines).toContain('    with resource kept: rejected 400 invalidRequest "other"');
    expect(found.all).toMatch(/What the report cannot tell offline/);
  });

  test('a missing field is named as the change to make', () => {
    const found = text({ notificationUrl: 'https://r/n' });
    expect(found.lines).toContain(
      '  By the matrix: the body needs expirationDateTime: the matrix records this combination refused (400) while expirationDateTime is absent, and the change below is recorded accepted.',
    );
    expect(found.lines).toContain('    add expirationDateTime (at a known-good value): accepted 201');
  });

  test('every change of one field the matrix records accepted, the one that keeps the fields first', () => {
    const r = report();
    r.matrix = observe(FIELDS, 'notificationUrl && expirationDateTime && (!changeType || resource)', () => ({
      status: 400,
      errorCode: 'invalidRequest',
    }));
    const found = text({ changeType: 'updated', notificationUrl: 'https://r/n', expirationDateTime: inDays(3) }, r);
    expect(found.explained).toBe(true);
    expect(found.lines).toContain(
      '  By the matrix: changeType needs resource: the matrix records this combination refused (400) while changeType is present and resource is absent, and any one of the changes below is recorded accepted.',
    );
    const at = found.lines.indexOf('    add resource (at a known-good value): accepted 201');
    expect(at).toBeGreaterThan(-1);
    expect(found.lines[at + 1]).toBe('    take out changeType: accepted 201');
  });

  test('an unstable combination explains nothing', () => {
    const r = report();
    const five = r.matrix.find((m) => m.present.length === 5);
    if (five !== undefined) five.outcome = 'unstable';
    const found = text({ changeType: 'a', notificationUrl: 'b', resource: 'c', expirationDateTime: inDays(3), clientState: 'd' }, r);
    expect(found.explained).toBe(false);
    expect(found.all).toMatch(/Without a verdict on this combination the matrix cannot explain it/);
  });

  test('fields outside the operation are said to be unknown to the matrix', () => {
    expect(text({ notificationUrl: 'x', expirationDateTime: inDays(1), foo: 1 }).all).toMatch(/foo is not among the report's fields/);
  });
});

describe('explainOffline: values', () => {
  test('an expirationDateTime past the recorded longest lifetime', () => {
    const found = text({ notificationUrl: 'x', expirationDateTime: inDays(200) });
    expect(found.explained).toBe(true);
    expect(found.all).toMatch(
      /expirationDateTime: 288000 minutes ahead, past the longest accepted lifetime the report found \(259200 minutes\)/,
    );
  });

  test('a value of the shape of a rejected class, and a wrong JSON type', () => {
    const found = text({ notificationUrl: 'x', expirationDateTime: inDays(10).replace(/\.\d+Z$/, 'Z'), clientState: 7 });
    expect(found.all).toMatch(/expirationDateTime: the value falls in class without-milliseconds .*the same shape/);
    expect(found.all).toMatch(/clientState: the value falls in class number .*a JSON number, as the class/);
    expect(found.explained).toBe(true);
  });

  test('an accepted body with values in no rejected class: not explained, and says so', () => {
    const found = text({ notificationUrl: 'x', expirationDateTime: inDays(3) });
    expect(found.explained).toBe(false);
    expect(found.all).toMatch(/The report does not explain this body's rejection/);
  });

  test('a shape that an accepted class has too matches nothing', () => {
    expect(stringShape('2026-06-03T00:00:00.000Z')).toBe('9-9-9a9:9:9.9a');
    expect(
      matchClass(inDays(5), klass('lifetime-200-days', JSON.stringify(inDays(200))), [klass('ok', JSON.stringify(inDays(2)), 201)]),
    ).toBeUndefined();
    expect(matchClass('created', klass('created', '"created"'), [])).toBe('the very value recorded');
  });
});

describe('readReport', () => {
  test('one line naming what is missing', () => {
    expect(() => readReport('nope', 'r.json')).toThrow(InputError);
    expect(() => readReport('{}', 'r.json')).toThrow('--report r.json: not a behaviour report (no operation.fields)');
    expect(() => readReport('{"operation":{"fields":[]},"run":{"target":"x"}}', 'r.json')).toThrow(/no matrix/);
    expect(readReport(JSON.stringify(report()), 'r.json').matrix).toHaveLength(32);
  });
});
