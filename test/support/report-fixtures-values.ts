/**
 * The `values` part of the report fixtures (./report-fixtures.ts): what the value suite records
 * against the reference's default profile, and a target with every kind of value outcome.
 * Not used by a probe run.
 */
import type { Verdict } from '../../lib/outcome.js';
import type { FieldValues, ReportedLimit, ValueClassResult } from '../../lib/report/types.js';

type Expectation = NonNullable<ValueClassResult['expectation']>;

// The fields of lib/report/fixtures.ts (not imported from there: that module imports this one).
const FIELDS = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];
const BASE = ['notificationUrl', 'expirationDateTime'];

function emptyValues(): Record<string, FieldValues> {
  return Object.fromEntries(FIELDS.map((f) => [f, { accepted: [], rejected: [], other: [], limits: [] }]));
}

function accepted(field: string, classId: string, description: string, expectation: Expectation, sent: string): ValueClassResult {
  return {
    id: `value/${field}/${classId}`,
    classId,
    description,
    expectation,
    sent,
    base: field === 'clientState' ? [...BASE, 'clientState'] : BASE,
    outcome: 'accepted',
    status: 201,
    verdict: 'INFORMATIONAL',
    specRef: 'spec §2',
  };
}

function refused(
  field: string,
  classId: string,
  description: string,
  expectation: Expectation,
  sent: string,
  message: string,
): ValueClassResult {
  return {
    ...accepted(field, classId, description, expectation, sent),
    outcome: 'rejected',
    status: 400,
    errorCode: 'invalidRequest',
    errorMessage: message,
    // lib/values/value-verdict.ts: a 400 invalidRequest for a value not of the spec's form conforms to spec §7 rule 1.
    verdict: expectation === 'not-spec-form' ? 'CONFORMS' : 'INFORMATIONAL',
    specRef: expectation === 'not-spec-form' ? 'spec §2; spec §7 rule 1' : 'spec §2',
  };
}

function limit(
  field: string,
  id: string,
  name: string,
  unit: string,
  value: number | undefined,
  requests: number,
  verdict: Verdict = 'INFORMATIONAL',
  note?: string,
): ReportedLimit {
  return {
    id: `limit/${field}/${id}`,
    field,
    name,
    ...(value !== undefined ? { value } : {}),
    unit,
    ...(value !== undefined && note === undefined ? { firstRejected: value + 1 } : {}),
    requests,
    ...(note !== undefined ? { note } : {}),
    verdict,
    specRef: 'open: spec §8',
  };
}

const badUrl = (url: string): string => `The notificationUrl '${url}' is not valid: it must be an absolute http or https URL.`;
const notString = (field: string, seen: string): string =>
  `The property '${field}' must be a string (Edm.String), but the request has ${seen}.`;

/** The reference's default profile: http allowed, lifetime up to 180 days, clientState up to 255. */
export function defaultProfileValues(): Record<string, FieldValues> {
  const values = emptyValues();
  values['notificationUrl'] = {
    accepted: [
      accepted('notificationUrl', 'https-absolute', 'https absolute URL', 'spec-form', '"https://receiver.example.com/notify"'),
      accepted('notificationUrl', 'http-absolute', 'http absolute URL', 'spec-form', '"http://receiver.example.com/notify"'),
      accepted('notificationUrl', 'ip-literal', 'IP literal host', 'spec-form', '"https://192.0.2.10/notifications"'),
    ],
    rejected: [
      refused('notificationUrl', 'relative-path', 'relative path', 'not-spec-form', '"/notify"', badUrl('/notify')),
      refused(
        'notificationUrl',
        'json-number',
        'JSON number instead of a string',
        'not-spec-form',
        '42',
        notString('notificationUrl', 'a number'),
      ),
    ],
    other: [],
    limits: [],
  };
  values['expirationDateTime'] = {
    accepted: [
      accepted('expirationDateTime', 'spec-form', 'UTC with milliseconds and Z', 'spec-form', '"2026-11-23T22:04:11.020Z"'),
      accepted('expirationDateTime', 'without-milliseconds', 'without milliseconds', 'not-spec-form', '"2026-11-23T22:04:11Z"'),
    ],
    rejected: [
      refused(
        'expirationDateTime',
        '181-days',
        '181 days ahead',
        'spec-form',
        '"2027-05-21T22:04:11.020Z"',
        "The expirationDateTime '2027-05-21T22:04:11.020Z' is more than 259200 minutes in the future. Should be greater than today and within 6 months.",
      ),
      refused(
        'expirationDateTime',
        'no-zone',
        'without a zone',
        'not-spec-form',
        '"2026-11-23T22:04:11.020"',
        "The expirationDateTime '2026-11-23T22:04:11.020' is not valid: it is not an ISO 8601 date-time with a zone, e.g. 2030-01-01T00:00:00Z.",
      ),
    ],
    other: [],
    limits: [limit('expirationDateTime', 'longest-lifetime', 'longest accepted lifetime', 'minutes', 259_200, 37)],
  };
  values['clientState'] = {
    accepted: [
      accepted('clientState', 'length-255', '255 characters', 'spec-form', '"probe-mwqz3pyx-40-xxxxxxxxxxxxxxxxxxxxx… (255 characters)'),
    ],
    rejected: [
      refused(
        'clientState',
        'length-256',
        '256 characters',
        'spec-form',
        '"probe-mwqz3pyx-41-xxxxxxxxxxxxxxxxxxxxx… (256 characters)',
        'The clientState is 256 characters long; at most 255 are allowed.',
      ),
    ],
    other: [],
    limits: [limit('clientState', 'longest-client-state', 'longest accepted clientState', 'characters', 255, 23)],
  };
  return values;
}

/** Every kind of value outcome: a 5xx for a malformed value, no answer, a limit not pinned, one above the range. */
export function mixedValues(): Record<string, FieldValues> {
  const values = emptyValues();
  const crashed: ValueClassResult = {
    ...refused('changeType', 'json-null', 'JSON null instead of a string', 'not-spec-form', 'null', ''),
    outcome: 'error',
    status: 500,
    verdict: 'DEVIATES',
  };
  delete crashed.errorCode;
  delete crashed.errorMessage;
  const lost: ValueClassResult = {
    ...accepted('changeType', 'created', '"created"', 'open', '"created"'),
    outcome: 'error',
    status: null,
    verdict: 'ERROR',
  };
  values['changeType'] = {
    accepted: [accepted('changeType', 'updated', '"updated"', 'open', '"updated"')],
    rejected: [
      {
        ...refused('changeType', 'garbage', 'an unknown word', 'open', '"no-such-change"', 'Unsupported changeType.'),
        status: 422,
        errorCode: 'unprocessable',
      },
    ],
    other: [crashed, lost],
    limits: [],
  };
  values['expirationDateTime'] = {
    accepted: [],
    rejected: [],
    other: [],
    limits: [
      limit(
        'expirationDateTime',
        'longest-lifetime',
        'longest accepted lifetime',
        'minutes',
        5_256_000,
        2,
        'INFORMATIONAL',
        'accepted up to the largest value tried (5256000): the limit, if any, is higher',
      ),
    ],
  };
  values['clientState'] = {
    accepted: [],
    rejected: [],
    other: [],
    limits: [
      limit(
        'clientState',
        'longest-client-state',
        'longest accepted clientState',
        'characters',
        undefined,
        9,
        'ERROR',
        'no answer for 64 after a retry: search stopped, nothing inferred past what was seen',
      ),
    ],
  };
  return values;
}

export function noValues(): Record<string, FieldValues> {
  return emptyValues();
}
