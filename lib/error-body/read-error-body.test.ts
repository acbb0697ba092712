import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_MESSAGE, readErrorBody, readErrorValue } from './read-error-body.js';

describe('readErrorValue: the code, the message and the names, by structure', () => {
  test.each<[string, unknown, { code?: string; message?: string; names: string[] }]>([
    [
      'a list of entries with a path (pydantic loc)',
      {
        detail: [
          { type: 'missing', loc: ['body', 'resource'], msg: 'Field required' },
          { type: 'extra_forbidden', loc: ['body', 'clientState'], msg: 'Extra inputs are not permitted' },
        ],
      },
      { message: "'resource': Field required; 'clientState': Extra inputs are not permitted", names: ['resource', 'clientState'] },
    ],
    [
      'a map of errors keyed by a JSON path',
      { title: 'One or more validation errors occurred.', status: 400, errors: { '$.ChangeType': ['The ChangeType field is required.'] } },
      {
        code: 'One or more validation errors occurred.',
        message: "'ChangeType': The ChangeType field is required.",
        names: ['ChangeType'],
      },
    ],
    [
      'issues with a path list, inside an error object',
      { error: { issues: [{ path: ['resource', 0], message: 'Bad' }] } },
      { message: "'resource.0': Bad", names: ['resource.0'] },
    ],
    [
      'a flattened map beside an empty list',
      { formErrors: [], fieldErrors: { resource: ['Required'] } },
      { message: "'resource': Required", names: ['resource'] },
    ],
    [
      'ajv entries: an instancePath, else params.missingProperty',
      [
        { instancePath: '/expirationDateTime', keyword: 'format', message: 'must match format "date-time"' },
        {
          instancePath: '',
          keyword: 'required',
          params: { missingProperty: 'resource' },
          message: "must have required property 'resource'",
        },
      ],
      {
        message: "'expirationDateTime': must match format \"date-time\"; 'resource': must have required property 'resource'",
        names: ['expirationDateTime', 'resource'],
      },
    ],
    [
      'a JSON:API pointer under data/attributes',
      { errors: [{ status: '422', source: { pointer: '/data/attributes/resource' }, detail: 'is not allowed' }] },
      { message: "'resource': is not allowed", names: ['resource'] },
    ],
    [
      "the spec's error object with details[].target",
      { error: { code: 'invalidRequest', message: 'Invalid request', details: [{ target: 'changeType', message: 'not allowed' }] } },
      { code: 'invalidRequest', message: "Invalid request; 'changeType': not allowed", names: ['changeType'] },
    ],
    [
      "the spec's error object: its code and message, nothing of innererror",
      { error: { code: 'invalidRequest', message: "The property 'resource' is not allowed", innererror: { code: 'readOnlyProperty' } } },
      { code: 'invalidRequest', message: "The property 'resource' is not allowed", names: [] },
    ],
    [
      'a top-level code and message (the title is the code only when no code comes first)',
      { code: 'E42', title: 'Bad input', message: 'resource must be a string' },
      { code: 'E42', message: 'Bad input; resource must be a string', names: [] },
    ],
    [
      'a problem type gives its last segment',
      { type: 'https://example.com/problems#too-long', status: 422 },
      { code: 'too-long', message: 'https://example.com/problems#too-long', names: [] },
    ],
    ['about:blank is no code', { type: 'about:blank', status: 400, detail: 'nope' }, { message: 'nope', names: [] }],
    [
      'a string error is the code, not the message',
      { error: 'invalid_request', error_description: 'bad scope' },
      { code: 'invalid_request', message: 'bad scope', names: [] },
    ],
    [
      'a body that is only a map of property to errors',
      { resource: ['This field is required.'], non_field_errors: ['Nope.'] },
      { message: "'resource': This field is required.; Nope.", names: ['resource'] },
    ],
    [
      'error as a list of issues whose path steps are objects',
      {
        error: [
          { path: [{ key: 'resource' }], message: 'Required' },
          { path: [{ field: 'clientState' }, { name: 'x' }], message: 'Too long' },
        ],
      },
      { message: "'resource': Required; 'clientState.x': Too long", names: ['resource', 'clientState.x'] },
    ],
    [
      'a location object is where and which names, never a map of fields',
      { message: 'Invalid request payload input', validation: { source: 'payload', keys: ['resource', 'changeType'] } },
      { message: 'Invalid request payload input', names: ['resource', 'changeType'] },
    ],
    [
      'an entry that is a location: in and name',
      { errors: [{ in: 'body', name: 'resource', message: 'is required' }] },
      { message: "'resource': is required", names: ['resource'] },
    ],
    [
      'a dotted path keeps its steps, the method and parameter before the property included',
      { violations: [{ field: 'create.request.resource', message: 'must not be blank' }] },
      { message: "'create.request.resource': must not be blank", names: ['create.request.resource'] },
    ],
    [
      'an envelope is looked through: _embedded.errors',
      { message: 'Bad Request', _embedded: { errors: [{ message: 'request.resource: must not be blank', path: '/request/resource' }] } },
      { message: "Bad Request; 'resource': request.resource: must not be blank", names: ['resource'] },
    ],
    [
      'an error string that reads as a sentence is the message, not the code',
      { error: "Key: 'Req.Resource' Error:Field validation for 'Resource' failed on the 'required' tag" },
      { message: "Key: 'Req.Resource' Error:Field validation for 'Resource' failed on the 'required' tag", names: [] },
    ],
    [
      'nothing the vocabulary knows: the string leaves in document order, the timestamp and the code last',
      { code: 'E1', timestamp: '2024-01-01T00:00:00Z', outcome: { what: 'resource missing', also: ['and late'] } },
      { code: 'E1', message: 'resource missing; and late', names: [] },
    ],
    ['only a code: the code is the message too', { code: 'E1' }, { code: 'E1', message: 'E1', names: [] }],
    ['a JSON string is the message', 'resource is required', { message: 'resource is required', names: [] }],
    ['an empty list, an object of nothing', { errors: [], status: 400 }, { names: [] }],
    [
      'a bare location names nothing',
      { validation: [{ location: ['body'], message: 'must NOT have additional properties' }] },
      { message: 'must NOT have additional properties', names: [] },
    ],
  ])('%s', (_label, body, expected) => {
    const reading = readErrorValue(body);
    expect({ code: reading.code, message: reading.message, names: reading.names }).toEqual({
      code: expected.code,
      message: expected.message,
      names: expected.names,
    });
  });

  test('the same sentence twice is kept once', () => {
    expect(readErrorValue({ message: ['x is bad', 'x is bad', 'y is bad'] }).message).toBe('x is bad; y is bad');
  });
});

describe('readErrorBody: a body that is not JSON is read as text', () => {
  test('plain text: its words, whitespace collapsed; no code and no structural names', () => {
    expect(readErrorBody('resource is required\n  when changeType is given\n', 'text/plain; charset=utf-8')).toEqual({
      form: 'text',
      code: undefined,
      message: 'resource is required when changeType is given',
      names: [],
    });
  });

  test('HTML: the visible text, without head, scripts, styles and comments; entities decoded', () => {
    const page =
      '<!DOCTYPE html><html><head><title>x</title><style>p{}</style></head><body><!-- hidden --><script>var a = "<b>";</script>' +
      '<h1>400 Bad Request</h1><p>resource &amp; changeType &#8217;together&#x2019;</p></body></html>';
    expect(readErrorBody(page, 'text/html').message).toBe('400 Bad Request resource & changeType ’together’');
    expect(readErrorBody(page).message).toBe('400 Bad Request resource & changeType ’together’');
  });

  test('an HTML page whose body says nothing gives its title', () => {
    expect(readErrorBody('<html><head><title>Bad Request</title></head><body></body></html>', 'text/html').message).toBe('Bad Request');
  });

  test('no body, or only whitespace: nothing read', () => {
    expect(readErrorBody('   ')).toEqual({ form: 'empty', code: undefined, message: undefined, names: [] });
  });

  test('the parser is never quoted: a text body is the target saying something', () => {
    expect(readErrorBody('Unexpected token } in JSON').message).toBe('Unexpected token } in JSON');
    expect(readErrorBody('{"message": "cut').message).toBe('{"message": "cut');
  });
});

describe('bounds: a hostile body of 512 KiB is read in a bounded time, and what is kept is bounded', () => {
  const KIB_512 = 512 * 1024;
  const timed = (raw: string, contentType?: string): { ms: number; message: string | undefined; names: string[] } => {
    const start = performance.now();
    const reading = readErrorBody(raw, contentType);
    return { ms: performance.now() - start, message: reading.message, names: reading.names };
  };

  test.each<[string, () => string, string | undefined]>([
    [
      'a list of a hundred thousand entries',
      () => JSON.stringify({ detail: Array.from({ length: 12_000 }, (_, i) => ({ loc: ['body', `f${i}`], msg: 'x'.repeat(40) })) }),
      undefined,
    ],
    ['one huge message', () => JSON.stringify({ message: 'y'.repeat(KIB_512) }), undefined],
    ['deep nesting', () => `${'{"errors":['.repeat(20_000)}"deep"${']}'.repeat(20_000)}`, undefined],
    ['HTML of unclosed tags', () => `<html>${'<'.repeat(KIB_512)}`, 'text/html'],
    ['HTML of unclosed comments and scripts', () => `<html>${'<!--<script '.repeat(KIB_512 / 12)}`, 'text/html'],
    ['plain text', () => 'resource '.repeat(KIB_512 / 9), 'text/plain'],
  ])('%s', (_label, make, contentType) => {
    const raw = make();
    expect(raw.length).toBeGreaterThan(100_000);
    const { ms, message, names } = timed(raw, contentType);
    // A reading that grew with the square of the body would take minutes here; the room is for a loaded machine.
    expect(ms).toBeLessThan(2_000);
    expect(message?.length ?? 0).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(names.length).toBeLessThanOrEqual(32);
  });
});

describe('property: any JSON and any text is read without a throw, within the bounds', () => {
  const check = (raw: string, reading: ReturnType<typeof readErrorBody>): void => {
    expect(reading.message === undefined || (reading.message.length > 0 && reading.message.length <= MAX_MESSAGE)).toBe(true);
    expect(reading.code === undefined || reading.code.length <= 200).toBe(true);
    expect(new Set(reading.names).size).toBe(reading.names.length);
    expect(reading.names.length).toBeLessThanOrEqual(32);
    // A name is read from the body, never made up: each step of its path (before any cut) is in a key or a value of the body.
    const strings = isJson(raw) ? stringsOf(JSON.parse(raw)) : [];
    for (const name of reading.names) {
      for (const step of name.replace(/…$/, '').split('.')) {
        expect(strings.some((s) => s.includes(step) || s.replaceAll('~1', '/').replaceAll('~0', '~').includes(step))).toBe(true);
      }
    }
  };

  test('random JSON values, as the target would send them', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const raw = JSON.stringify(value);
        const reading = readErrorBody(raw);
        expect(reading.form).toBe('json');
        check(raw, reading);
      }),
      { numRuns: 400, seed: 29 },
    );
  });

  test('any JSON body with a string leaf that is not blank yields a message that is not empty', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        fc.pre(stringsOf(value, false).some((s) => s.trim() !== ''));
        const message = readErrorBody(JSON.stringify(value)).message;
        expect(message?.trim() ?? '').not.toBe('');
      }),
      { numRuns: 400, seed: 35 },
    );
  });

  test('random text, plain or claimed HTML: read as text, its words kept in order', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.constantFrom(undefined, 'text/plain', 'text/html'), (text, contentType) => {
        fc.pre(!isJson(text));
        const reading = readErrorBody(text, contentType);
        check(text, reading);
        expect(reading.names).toEqual([]);
        if (contentType === 'text/plain' && reading.message !== undefined) {
          expect(reading.message).toBe(text.replace(/\s+/g, ' ').trim());
        }
      }),
      { numRuns: 400, seed: 29 },
    );
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The body's keys and values as text; with `keys` false, its string leaves only. */
function stringsOf(value: unknown, keys = true): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return keys ? [String(value)] : [];
  if (Array.isArray(value)) return value.flatMap((v) => stringsOf(v, keys));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => [...(keys ? [k] : []), ...stringsOf(v, keys)]);
  return [];
}
