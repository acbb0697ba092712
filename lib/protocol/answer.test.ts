import { describe, expect, test } from 'vitest';
import { answerOf, describeAnswer } from './answer.js';
import { errorBody, fakeExchange, serverFailure, timedOut } from '../../test/support/fake-exchange.js';

describe('answerOf', () => {
  test.each([
    ['a plain answer', fakeExchange({ status: 401 }), { kind: 'answered', status: 401 }],
    [
      'a 5xx that outlasted the retries (the target kept failing on the request)',
      fakeExchange(serverFailure(502)),
      { kind: 'answered', status: 502 },
    ],
  ])("%s is the target's answer", (_label, exchange, expected) => {
    expect(answerOf(exchange)).toEqual(expected);
  });

  test.each([
    ['a timeout', fakeExchange(timedOut)],
    [
      '429 still after the retries',
      fakeExchange({ status: 429, failure: { kind: 'throttled', message: 'HTTP 429 still after 3 retries' } }),
    ],
    ['an answer whose body broke off', fakeExchange({ status: 201, failure: { kind: 'network', message: 'socket closed' } })],
    ['a spent budget', fakeExchange({ status: null, attempts: 0, failure: { kind: 'budget', message: 'budget of 10 requests spent' } })],
  ])('%s is no answer, with the reason', (_label, exchange) => {
    const answer = answerOf(exchange);

    expect(answer.kind).toBe('no-answer');
    expect(answer.kind === 'no-answer' && answer.reason).toContain(exchange.failure?.kind);
  });
});

describe('describeAnswer', () => {
  test('a 401 with a challenge and the §7 error object', () => {
    const exchange = fakeExchange({
      status: 401,
      responseHeaders: { 'www-authenticate': 'Bearer realm="x"' },
      responseBody: errorBody('unauthenticated'),
    });

    expect(describeAnswer(exchange)).toBe(
      '401 with WWW-Authenticate: Bearer realm="x", the §7 error object with error.code unauthenticated',
    );
  });

  test('a 401 without a challenge and without a body', () => {
    expect(describeAnswer(fakeExchange({ status: 401 }))).toBe('401 without a WWW-Authenticate header, no body');
  });

  test('an error body that is not the §7 object says what it is and what it says, never what a JSON parser made of it', () => {
    expect(describeAnswer(fakeExchange({ status: 403, responseBody: '<html>Forbidden</html>' }))).toBe(
      '403, a text body, not the §7 error object: "Forbidden"',
    );
    expect(
      describeAnswer(
        fakeExchange({
          status: 400,
          responseHeaders: { 'content-type': 'text/plain; charset=utf-8' },
          responseBody: 'resource is required\n',
        }),
      ),
    ).toBe('400, a text/plain body, not the §7 error object: "resource is required"');
    expect(
      describeAnswer(
        fakeExchange({
          status: 400,
          body: {
            statusCode: 400,
            code: 'FST_ERR_VALIDATION',
            error: 'Bad Request',
            message: "body must have required property 'resource'",
          },
        }),
      ),
    ).toBe(
      '400, a JSON body that is not the §7 error object with code "FST_ERR_VALIDATION": "body must have required property \'resource\'"',
    );
  });

  test('a 2xx names the keys of its body, never the values', () => {
    const exchange = fakeExchange({ status: 201, responseBody: JSON.stringify({ id: 'abc', clientState: 'secret-state-123' }) });

    const words = describeAnswer(exchange);

    expect(words).toBe('201, a JSON object with id, clientState');
    expect(words).not.toContain('secret-state-123');
  });

  test.each([
    ['', '204, no body'],
    ['[1]', '204, a JSON array'],
    ['ok', '204, a body that is not JSON'],
    ['{}', '204, an empty JSON object'],
  ])('a 2xx body %j reads %j', (body, expected) => {
    expect(describeAnswer(fakeExchange({ status: 204, responseBody: body }))).toBe(expected);
  });

  test('a 405 shows its Allow header; a redirect its Location', () => {
    expect(
      describeAnswer(fakeExchange({ status: 405, responseHeaders: { allow: 'GET, POST' }, responseBody: errorBody('notSupported') })),
    ).toBe('405, Allow: GET, POST, the §7 error object with error.code notSupported');
    expect(describeAnswer(fakeExchange({ status: 302, responseHeaders: { location: 'https://login.example.com/' } }))).toBe(
      '302, redirect to https://login.example.com/',
    );
  });

  test('a persistent 5xx says how many attempts it took; no answer says why', () => {
    expect(describeAnswer(fakeExchange(serverFailure(500)))).toBe('500 after 4 attempts, no body');
    expect(describeAnswer(fakeExchange(timedOut))).toBe('no answer (timeout: no answer within 10000 ms (after 4 attempts))');
  });
});
