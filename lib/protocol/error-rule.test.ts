import { describe, expect, test } from 'vitest';
import { errorBody, fakeExchange } from '../http/test-exchange.js';
import { DistinctRefusals } from './distinct-refusals.js';
import { checkRefusalRule, codeProblem } from './error-rule.js';

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

const refusal = (code: string): ReturnType<typeof fakeExchange> => fakeExchange({ status: 400, responseBody: errorBody(code) });

describe('spec §7 rule 1 on the code of a 400', () => {
  test('invalidRequest holds', () => {
    expect(checkRefusalRule(refusal('invalidRequest'))).toEqual({ holds: true, problems: [] });
  });

  test('a code that differs only in letter case deviates, and is said to be exactly that', () => {
    for (const code of ['InvalidRequest', 'INVALIDREQUEST', 'invalidrequest']) {
      const check = checkRefusalRule(refusal(code));
      expect(check?.holds).toBe(false);
      expect(check?.problems).toEqual([
        `error.code is "${code}", which differs from "invalidRequest" only in letter case (spec §7 rule 1; a client that compares codes exactly does not recognise it)`,
      ]);
    }
  });

  test('another code is named as another code, not as a letter-case difference', () => {
    expect(codeProblem('invalid_request')).toBe('error.code is "invalid_request", not "invalidRequest" (spec §7 rule 1)');
    expect(codeProblem('badArgument')).toBe('error.code is "badArgument", not "invalidRequest" (spec §7 rule 1)');
  });
});

test('the refusals judged once per kind say it beside the deviation: DEVIATES, naming the letter case', () => {
  const refusals = new DistinctRefusals(['resource', 'changeType']);
  refusals.add('{resource}', [refusal('InvalidRequest'), refusal('InvalidRequest')]);
  const judgement = refusals.judge('combination');
  expect(judgement.verdict).toBe('DEVIATES');
  expect(judgement.finding).toContain('error.code is "InvalidRequest", which differs from "invalidRequest" only in letter case');
});
