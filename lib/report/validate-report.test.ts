import { describe, expect, test } from 'vitest';
import { conditionalReport, defaultProfileReport, nothingAcceptedReport } from '../../test/support/report-fixtures.js';
import { validateBehaviourReport } from './validate-report.js';

/** A deep copy the test may break freely. */
function mutable(): Record<string, any> {
  return JSON.parse(JSON.stringify(defaultProfileReport())) as Record<string, any>;
}

describe('validateBehaviourReport', () => {
  test.each([
    ['default profile, 32 combinations', defaultProfileReport],
    ['nothing accepted, all 401', nothingAcceptedReport],
    ['conditional roles, unstable and error combinations', conditionalReport],
  ])('accepts the %s fixture', (_name, build) => {
    const report = build();

    const result = validateBehaviourReport(report);

    expect(result).toEqual({ valid: true, report });
  });

  test('accepts a report after a JSON round trip (what readers see on disk)', () => {
    const result = validateBehaviourReport(JSON.parse(JSON.stringify(defaultProfileReport())));

    expect(result.valid).toBe(true);
  });

  test('rejects a presence outside required|forbidden|optional|conditional|undetermined', () => {
    const report = mutable();
    report['fields'].clientState.presence = 'sometimes';

    const result = validateBehaviourReport(report);

    expect(result).toEqual({
      valid: false,
      errors: ['/fields/clientState/presence: must be one of required, forbidden, optional, conditional, undetermined'],
    });
  });

  test('rejects a report without run', () => {
    const report = mutable();
    delete report['run'];

    expect(validateBehaviourReport(report)).toEqual({ valid: false, errors: ['/run: is required'] });
  });

  test('lists every problem, each with its JSON pointer', () => {
    const report = mutable();
    report['matrix'][3].outcome = 'ok';
    report['matrix'][4].status = 'four hundred';
    report['run'].startedAt = 'yesterday';
    report['rule'].extra = true;
    report['reportVersion'] = 2;
    delete report['counts'].ERROR;

    const result = validateBehaviourReport(report);

    expect(result.valid).toBe(false);
    expect(!result.valid && result.errors).toMatchInlineSnapshot(`
      [
        "/reportVersion: must be 1",
        "/run/startedAt: must be a date-time string",
        "/rule/extra: is not an allowed property",
        "/matrix/3/outcome: must be one of accepted, rejected, unstable, error",
        "/matrix/4/status: must be integer or null",
        "/counts/ERROR: is required",
      ]
    `);
  });

  test('rejects field names that are not among operation.fields', () => {
    const report = mutable();
    report['matrix'][1].present = ['changeTyp'];
    report['fields'].notificationURL = { presence: 'optional', explanation: 'typo' };

    const result = validateBehaviourReport(report);

    expect(result).toEqual({
      valid: false,
      errors: [
        '/fields/notificationURL: is not one of operation.fields',
        '/matrix/1/present/0: "changeTyp" is not one of operation.fields',
      ],
    });
  });

  test("an undetermined role must say what it could be and what it hangs on, in the operation's fields; a stated one must not", () => {
    const report = mutable();
    report['fields'].clientState = {
      presence: 'undetermined',
      explanation: 'open',
      possible: ['optional', 'conditional'],
      hangsOn: [['clientStat']],
      hangsOnCount: 1,
    };
    report['fields'].resource = { presence: 'forbidden', explanation: 'never accepted', hangsOnCount: 3 };
    report['fields'].changeType = { presence: 'undetermined', explanation: 'open' };

    const result = validateBehaviourReport(report);

    expect(result).toEqual({
      valid: false,
      errors: [
        '/fields/changeType/possible: is required',
        '/fields/changeType/hangsOn: is required',
        '/fields/changeType/hangsOnCount: is required',
        '/fields/changeType: must match "then" schema',
        '/fields/resource/hangsOnCount: boolean schema is false',
        '/fields/resource: must match "else" schema',
      ],
    });
    delete report['fields'].resource.hangsOnCount;
    report['fields'].changeType = { presence: 'optional', explanation: 'either way' };
    expect(validateBehaviourReport(report)).toEqual({
      valid: false,
      errors: ['/fields/clientState/hangsOn/0/0: "clientStat" is not one of operation.fields'],
    });
  });

  test('rejects something that is not an object at all', () => {
    expect(validateBehaviourReport('report')).toEqual({ valid: false, errors: ['/: must be object'] });
  });

  test('rejects values listed under a field the operation does not have, or a limit under another field', () => {
    const report = mutable();
    report['values'].notificationURL = { accepted: [], rejected: [], other: [], limits: [] };
    report['values'].clientState.limits[0].field = 'expirationDateTime';

    const result = validateBehaviourReport(report);

    expect(result).toEqual({
      valid: false,
      errors: [
        '/values/clientState/limits/0/field: "expirationDateTime" is not the field it is listed under',
        '/values/notificationURL: is not one of operation.fields',
      ],
    });
  });

  test('rejects a value outcome outside the closed set', () => {
    const report = mutable();
    report['values'].notificationUrl.accepted[0].outcome = 'fine';

    expect(validateBehaviourReport(report)).toEqual({
      valid: false,
      errors: ['/values/notificationUrl/accepted/0/outcome: must be one of accepted, rejected, unstable, error'],
    });
  });
});
