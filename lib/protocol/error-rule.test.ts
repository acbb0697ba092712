import { describe, expect, test } from 'vitest';
import { fakeExchange } from '../http/test-exchange.js';
import { checkRefusalRule } from './error-rule.js';

const spec7 = JSON.stringify({ error: { code: 'invalidRequest', message: 'The request is malformed or incorrect.' } });

describe('checkRefusalRule: the one reading of spec §7 rule 1 for a refused body', () => {
  test.each([
    ['400 with the §7 object and invalidRequest', { status: 400, responseBody: spec7 }, true],
    ['400 with another body', { status: 400, responseBody: '{"message":"bad"}' }, false],
    ['422, whatever its body', { status: 422, responseBody: spec7 }, false],
  ])('%s: holds %s', (_label, answer, holds) => {
    expect(checkRefusalRule(fakeExchange(answer))?.holds).toBe(holds);
  });

  test.each([
    ['415 (about the media type)', { status: 415 }],
    ['a 2xx', { status: 201 }],
    ['no answer', { status: null }],
    // RFC 6750 §3: the challenge names an error, so the refusal says itself it is about the credentials.
    [
      '400 whose WWW-Authenticate names an error',
      { status: 400, responseHeaders: { 'www-authenticate': 'Bearer error="invalid_request"' } },
    ],
    ['401 with a challenge', { status: 401, responseHeaders: { 'www-authenticate': 'Bearer realm="drive", error="invalid_token"' } }],
  ])('%s: not a body refusal, not judged', (_label, answer) => {
    expect(checkRefusalRule(fakeExchange(answer))).toBeUndefined();
  });

  test('a challenge without an error does not make a body refusal about authentication', () => {
    const exchange = fakeExchange({ status: 422, responseHeaders: { 'www-authenticate': 'Bearer realm="drive"' } });
    expect(checkRefusalRule(exchange)?.holds).toBe(false);
  });
});
