import { describe, expect, test } from 'vitest';
import { Redactor } from '../redaction/redactor.js';
import { Secret } from '../secret.js';
import { describeTraffic } from './describe-traffic.js';
import { inferFromTraffic } from './infer-traffic.js';

const OPERATION = { method: 'POST', path: '/things', fields: ['a', 'b', 'c'] };

/** A request another tool or a browser recorded: no custom fields. */
function entry(body: object | string, status: number, at = '2026-11-20T10:00:00.000Z', code = 'invalidRequest', message = 'bad'): object {
  return {
    startedDateTime: at,
    time: 10,
    request: {
      method: 'POST',
      url: 'https://api.example/v1/things',
      headers: [{ name: 'Authorization', value: 'Bearer secret' }],
      postData: { mimeType: 'application/json', text: typeof body === 'string' ? body : JSON.stringify(body) },
    },
    response: {
      status,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      content: { size: 0, mimeType: 'application/json', text: status < 300 ? '{"id":"1"}' : JSON.stringify({ error: { code, message } }) },
    },
  };
}

describe('inferFromTraffic on traffic another tool recorded', () => {
  test('every combination answered: the rule and roles, the time span, nothing left open', () => {
    // The target: a is required, c is forbidden.
    const rule = (p: { a?: 1; b?: 1; c?: 1 }): number => (p.a !== undefined && p.c === undefined ? 201 : 400);
    const bodies = [{}, { a: 1 }, { b: 1 }, { a: 1, b: 1 }, { c: 1 }, { a: 1, c: 1 }, { b: 1, c: 1 }, { a: 1, b: 1, c: 1 }] as const;
    const entries = bodies.map((b, i) => entry(b, rule(b), `2026-11-20T10:00:0${i}.000Z`));
    entries.push({ request: { method: 'GET', url: 'https://api.example/v1/things' }, response: { status: 200 } });

    const result = inferFromTraffic(entries, OPERATION);

    expect(result.inference.rule.expression).toBe('a && !c');
    expect(result.inference.roles?.a?.presence).toBe('required');
    expect(result.inference.roles?.c?.presence).toBe('forbidden');
    expect(result.inference.roles?.b?.presence).toBe('optional');
    expect(result.source).toMatchObject({
      entries: 9,
      used: 8,
      selection: 'all-requests',
      from: '2026-11-20T10:00:00.000Z',
      to: '2026-11-20T10:00:07.000Z',
    });
    const lines = describeTraffic(result, 'traffic.har', OPERATION);
    expect(lines[0]).toBe(
      'traffic: traffic.har: inferred from recorded traffic, nothing sent: 8 of its 9 entries used (POST /things, every request to the operation), from 2026-11-20T10:00:00.000Z to 2026-11-20T10:00:07.000Z',
    );
    expect(lines).toContain('not concluded: nothing; every combination of fields has an answer');
    expect(lines.join('\n')).not.toContain('secret');
  });

  test('partial traffic: says what it could not conclude; repeats that disagree are unstable; unknown fields are named', () => {
    const entries = [
      entry({ a: 1 }, 201),
      entry({ a: 1, b: 1 }, 201),
      entry({ b: 1 }, 400),
      entry({ b: 1 }, 201), // the same combination answered otherwise
      entry({ a: 1, zz: 1 }, 400), // a field the description does not know
      entry('not json', 400),
      entry({ a: 1, b: 1, c: 1 }, 400),
    ];
    // One 4xx answer that is not the §7 error object.
    (entries[6] as { response: { content: { text: string } } }).response.content.text = 'Bad Request';

    const result = inferFromTraffic(entries, OPERATION);
    const lines = describeTraffic(result, 'partial.har', OPERATION);

    expect(result.observations.find((o) => o.present.join() === 'b')?.outcome).toBe('unstable');
    expect(result.answered).toBe(3);
    expect(result.errorBodies).toMatchObject({ checked: 2, valid: 1 });
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^error bodies: 1 of 2 4xx answers are the spec's §7 error object; e\.g\. the 400 at .*: the answer's body is not JSON/,
      ),
    );
    expect(lines).toContain('traffic: fields the operation description does not know: zz (1 request(s))');
    expect(lines).toContain('traffic: left out 1 request(s) with a field the operation description does not know');
    expect(lines).toContain('traffic: left out 1 request(s) with no JSON object body');
    expect(lines).toContainEqual(expect.stringMatching(/^not concluded: 5 of 8 combinations have no usable answer, e\.g\. /));
    expect(lines).toContain('not concluded: 1 combination(s) were answered differently when repeated (unstable, not evidence): {b}');
    expect(lines).toContainEqual(
      expect.stringMatching(/^not concluded: the role of .*c.*; sending the combinations above would settle it$/),
    );
  });
});

describe('the value part: what the traffic shows of each field’s values', () => {
  const SUBSCRIBE = { method: 'POST', path: '/things', fields: ['notificationUrl', 'clientState'] };
  const URL_A = 'https://hooks.example/a';
  const LONG = `state-${'x'.repeat(250)}`; // 256 characters
  const tooLong = (n: number): string => `The clientState is ${n} characters long; at most 255 are allowed.`;

  test('a value refused where the same body with another value is accepted is reported refused, with status, code and message pattern', () => {
    const entries = [
      entry({ notificationUrl: URL_A, clientState: 'ok-1' }, 201),
      entry({ notificationUrl: URL_A, clientState: 'ok-22' }, 201),
      entry({ notificationUrl: URL_A, clientState: LONG }, 400, undefined, 'invalidRequest', tooLong(256)),
      entry({ notificationUrl: URL_A, clientState: LONG }, 400, undefined, 'invalidRequest', tooLong(256)), // a repeat, answered alike
    ];

    const { values } = inferFromTraffic(entries, SUBSCRIBE, Redactor.of());

    expect(values.fields.clientState?.accepted).toMatchObject({
      bodies: 2,
      distinct: 2,
      types: ['string'],
      stringLength: { shortest: 4, longest: 5 },
    });
    expect(values.fields.clientState?.accepted.examples.map((e) => e.value)).toEqual(['"ok-1"', '"ok-22"']);
    expect(values.fields.clientState?.refused).toEqual([
      expect.objectContaining({
        type: 'string',
        length: 256,
        status: 400,
        errorCode: 'invalidRequest',
        messagePattern: 'The <field> is <n> characters long; at most <n> are allowed.',
        basis: 'one-value-changed',
        bodies: 1,
      }),
    ]);
    expect(values.fields.clientState?.refused[0]?.value).toMatch(/^"state-x+… \(256 characters\)$/);
    expect(values.fields.notificationUrl?.refusedCount).toBe(0);
    expect(values.rejectionsNotTied.count).toBe(0);
    const lines = describeTraffic(inferFromTraffic(entries, SUBSCRIBE, Redactor.of()), 'values.har', SUBSCRIBE);
    expect(lines).toContain('values: clientState: refused, the value isolated as the cause: 1 value(s) (strings of 256 characters)');
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ {2}"state-x+… \(256 characters\): 400 invalidRequest "The <field> is <n> characters long; at most <n> are allowed\." \(an accepted body differs in this value only\)$/,
      ),
    );
  });

  test('each other value accepted with the same fields, though not in one body, isolates the new one too, and says so', () => {
    const entries = [
      entry({ a: 1, b: 1, c: 1 }, 201),
      entry({ a: 2, b: 2, c: 1 }, 201),
      entry({ a: 1, b: 2, c: 9 }, 400),
      entry({ a: 1, b: 2, c: 1 }, 400), // every value accepted with these fields: nothing to blame
    ];

    const { values } = inferFromTraffic(entries, OPERATION, Redactor.of());

    expect(values.fields.c?.refused).toEqual([
      expect.objectContaining({ value: '9', type: 'number', status: 400, basis: 'other-values-accepted' }),
    ]);
    expect(values.rejectionsNotTied.why).toEqual([{ reason: 'each of its values was accepted with the same fields', count: 1 }]);
  });

  test('a rejected body that differs from every accepted one in two values, or whose fields were never accepted, is no evidence about a value', () => {
    const entries = [
      entry({ notificationUrl: URL_A, clientState: 'ok-1' }, 201),
      entry({ notificationUrl: 'https://hooks.example/other', clientState: 'bad?' }, 400),
      entry({ clientState: 'lonely' }, 400),
    ];

    const { values } = inferFromTraffic(entries, SUBSCRIBE, Redactor.of());

    expect(values.fields.clientState?.refusedCount).toBe(0);
    expect(values.fields.notificationUrl?.refusedCount).toBe(0);
    expect(values.rejectionsNotTied).toEqual({
      count: 2,
      why: [
        { reason: 'two or more of its values were never accepted with the same fields', count: 1 },
        { reason: 'its set of fields was never accepted', count: 1 },
      ],
    });
    const lines = describeTraffic(inferFromTraffic(entries, SUBSCRIBE, Redactor.of()), 'values.har', SUBSCRIBE);
    expect(lines.filter((l) => l.includes('refused'))).toEqual([]);
    expect(lines).toContainEqual(expect.stringMatching(/^values: 2 rejected bodies not tied to one value, so no evidence about a value: /));
  });

  test('a body answered differently when repeated is neither refused nor accepted; a 401 or a non-JSON body does not unsettle the accepted one', () => {
    const entries = [
      entry({ notificationUrl: URL_A, clientState: 'ok-1' }, 201),
      entry({ notificationUrl: URL_A, clientState: 'flaky' }, 400),
      entry({ notificationUrl: URL_A, clientState: 'flaky' }, 201),
      entry({ notificationUrl: URL_A, clientState: 'ok-1' }, 401, undefined, 'InvalidAuthenticationToken'),
      {
        ...entry({ notificationUrl: URL_A, clientState: 'ok-1' }, 400),
        request: {
          method: 'POST',
          url: 'https://api.example/v1/things',
          postData: { mimeType: 'text/plain', text: JSON.stringify({ notificationUrl: URL_A, clientState: 'ok-1' }) },
        },
      },
      entry({ notificationUrl: URL_A, clientState: 'refused' }, 400),
    ];

    const { values } = inferFromTraffic(entries, SUBSCRIBE, Redactor.of());

    expect(values.fields.clientState?.accepted.examples.map((e) => e.value)).toEqual(['"ok-1"']);
    expect(values.fields.clientState?.refused.map((r) => r.value)).toEqual(['"refused"']);
    expect(values.notEvidence).toEqual([
      {
        reason: "answered 401 (about the credentials, the path, the headers or the target's state, not a value)",
        count: 1,
        of: 'requests',
      },
      { reason: 'sent without a JSON content type', count: 1, of: 'requests' },
      { reason: 'answered differently when repeated (unstable)', count: 1, of: 'bodies' },
    ]);
  });

  test('a body nested too deep to compare is left out, not a crash', () => {
    const deep = `{"notificationUrl":${'['.repeat(200_000)}${']'.repeat(200_000)},"clientState":"x"}`;
    const entries = [entry({ notificationUrl: URL_A, clientState: 'ok-1' }, 201), entry(deep, 400)];

    const { values } = inferFromTraffic(entries, SUBSCRIBE, Redactor.of());

    expect(values.notEvidence).toEqual([{ reason: 'with a body nested too deep to compare', count: 1, of: 'requests' }]);
  });

  test('a value that looks like a secret, or holds one the run knows, is never printed nor written; headers never are', () => {
    const known = 'run-known-secret-0123456789';
    const bearer = 'Bearer abcdefgh12345678ZYXWVUTS';
    const entries = [
      entry({ notificationUrl: URL_A, clientState: 'ok-1' }, 201),
      entry({ notificationUrl: URL_A, clientState: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' }, 201),
      entry({ notificationUrl: URL_A, clientState: `x-${known}` }, 201),
      entry({ notificationUrl: URL_A, clientState: bearer }, 400, undefined, 'invalidRequest', `clientState '${bearer}' is not allowed`),
    ];

    const result = inferFromTraffic(entries, SUBSCRIBE, Redactor.of(new Secret(known)));
    const printed = describeTraffic(result, 'values.har', SUBSCRIBE).join('\n');
    const written = JSON.stringify(result.values);

    expect(result.values.fields.clientState?.refused[0]).toMatchObject({
      hidden: 'looks like a secret',
      type: 'string',
      length: bearer.length,
      status: 400,
      messagePattern: '(not shown: looks like a secret)',
    });
    expect(result.values.fields.clientState?.accepted.examples.map((e) => e.value)).toEqual(['"ok-1"']);
    expect(printed).toContain(`(not shown: looks like a secret; a string of ${bearer.length} characters): 400 invalidRequest`);
    for (const text of [printed, written]) {
      expect(text).not.toContain('abcdefgh');
      expect(text).not.toContain('eyJhbGci');
      expect(text).not.toContain(known.slice(0, 12));
      expect(text).not.toContain('Bearer secret');
    }
  });
});
