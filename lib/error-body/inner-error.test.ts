import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type InnerError, innerErrorOf, statusOf } from './inner-error.js';
import { MAX_MESSAGE, readErrorBody, readErrorValue } from './read-error-body.js';

const CONFLICT = 'A subscription already exists. It must be deleted before a another can be made.';
const COUNT = "Resource 'SubscriptionCountReached' has reached limit of '1000'. Please retry after '12/31/9999 11:59:59 PM'";

describe('innerErrorOf: the status and reason a relayed error names', () => {
  test.each<[string, string, InnerError | undefined]>([
    [
      'Graph relaying a conflict',
      `Operation: Create; Exception: [Status Code: Conflict; Reason: ${CONFLICT}]`,
      { status: 409, statusText: 'Conflict', reason: CONFLICT },
    ],
    [
      'Graph relaying a quota as Forbidden',
      'Operation: Create; Exception: [Status Code: Forbidden; Reason: Maximum number of subscriptions has been reached]',
      { status: 403, statusText: 'Forbidden', reason: 'Maximum number of subscriptions has been reached' },
    ],
    [
      'Graph relaying a numeric 429',
      `Operation: Create; Exception: [Status Code: 429; Reason: ${COUNT}]`,
      { status: 429, statusText: '429', reason: COUNT },
    ],
    ['spaces and letter case', 'status code : 409 ; reason:  taken ]', { status: 409, statusText: '409', reason: 'taken' }],
    ['a phrase of several words', '[Status Code: Too Many Requests]', { status: 429, statusText: 'Too Many Requests' }],
    ['a .NET enum name', '[StatusCode: NotFound; Reason: gone]', { status: 404, statusText: 'NotFound', reason: 'gone' }],
    ['a .NET name Node spells otherwise', '[Status Code: RequestEntityTooLarge]', { status: 413, statusText: 'RequestEntityTooLarge' }],
    ['a number and its phrase', '[Status Code: 400 Bad Request]', { status: 400, statusText: '400 Bad Request' }],
    ['a name the reader does not know', '[Status Code: Teapotish; Reason: x]', { statusText: 'Teapotish', reason: 'x' }],
    ['a number outside HTTP', '[Status Code: 999]', { statusText: '999' }],
    ['a plain message', "body must have required property 'resource'", undefined],
    ['a reason without a relayed status', 'Reason: the resource is invalid', undefined],
    ['a status mark with nothing after it', 'Status Code:', undefined],
  ])('%s', (_, message, expected) => {
    expect(innerErrorOf(message)).toEqual(expected);
  });

  test('the inner code comes from error.innerError.code, any letter case of innerError', () => {
    expect(innerErrorOf('x', { error: { code: 'ExtensionError', innererror: { code: 'SubscriptionLimit' } } })).toEqual({
      code: 'SubscriptionLimit',
    });
    expect(innerErrorOf(undefined, { error: { InnerError: { code: ' Throttled ' } } })).toEqual({ code: 'Throttled' });
    expect(innerErrorOf(undefined, { error: { innerError: { code: 7 } } })).toBeUndefined();
    expect(innerErrorOf(undefined, { innerError: { code: 'top-level is no relayed error' } })).toBeUndefined();
  });

  test('statusOf: numbers in range, phrases by their letters', () => {
    expect([statusOf('Conflict'), statusOf('too many requests'), statusOf('BadRequest'), statusOf('200'), statusOf('1000')]).toEqual([
      409,
      429,
      400,
      200,
      undefined,
    ]);
  });

  test('hostile text: bounded, never throws, a status text never longer than 60 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: MAX_MESSAGE }), fc.string({ maxLength: 400 }), (before, after) => {
        const inner = innerErrorOf(`${before}Status Code:${after}`);
        expect((inner?.statusText ?? '').length).toBeLessThanOrEqual(60);
        expect(inner?.reason ?? '').not.toMatch(/\]/);
      }),
      { numRuns: 300 },
    );
    const long = `Status Code:${' '.repeat(MAX_MESSAGE)}x; Reason:${'a'.repeat(MAX_MESSAGE)}`;
    const started = performance.now();
    expect(innerErrorOf(long)).toEqual({ statusText: 'x', reason: 'a'.repeat(MAX_MESSAGE) });
    expect(performance.now() - started).toBeLessThan(500);
    const keys = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
    expect(innerErrorOf(undefined, { error: { ...keys, innerError: { code: 'late' } } })).toBeUndefined();
  });
});

describe('the reading carries the relayed error', () => {
  test("Graph's ExtensionError: outer code kept, inner status read from the message", () => {
    const body = {
      error: {
        code: 'ExtensionError',
        message: `Operation: Create; Exception: [Status Code: 429; Reason: ${COUNT}]`,
        innerError: { date: '2024-01-01T00:00:00', 'request-id': 'r', code: 'TooManyRequests' },
      },
    };
    const reading = readErrorBody(JSON.stringify(body));
    expect(reading.code).toBe('ExtensionError');
    expect(reading.inner).toEqual({ status: 429, statusText: '429', reason: COUNT, code: 'TooManyRequests' });
  });

  test('a text body relaying an error', () => {
    expect(readErrorBody('[Status Code: Conflict; Reason: exists]', 'text/plain').inner).toEqual({
      status: 409,
      statusText: 'Conflict',
      reason: 'exists',
    });
  });

  test('no relayed error: no inner field at all', () => {
    expect('inner' in readErrorValue({ error: { code: 'invalidRequest', message: 'resource is required' } })).toBe(false);
    expect('inner' in readErrorBody('Bad Request', 'text/plain')).toBe(false);
  });
});
