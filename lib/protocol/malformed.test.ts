import { describe, expect, test } from 'vitest';
import type { Exchange } from '../http/types.js';
import type { Verdict } from '../outcome.js';
import { judgeMalformedBody } from './malformed.js';
import { errorBody, fakeExchange, serverFailure, timedOut } from '../../test/support/fake-exchange.js';

describe('judgeMalformedBody (spec §7 rule 1)', () => {
  test.each<[string, Partial<Exchange>, Verdict]>([
    ['400 invalidRequest in the §7 object', { status: 400, responseBody: errorBody('invalidRequest') }, 'CONFORMS'],
    ['400 with another code', { status: 400, responseBody: errorBody('BadRequest') }, 'DEVIATES'],
    ['400 without a body', { status: 400 }, 'DEVIATES'],
    ['accepted', { status: 201, responseBody: '{"id":"s1"}' }, 'DEVIATES'],
    ['415', { status: 415, responseBody: errorBody('unsupportedMediaType') }, 'DEVIATES'],
    ['422', { status: 422 }, 'DEVIATES'],
    ['500 through the retries (the target failed on the malformed body)', serverFailure(500), 'DEVIATES'],
    ['no answer', timedOut, 'ERROR'],
  ])('%s -> %s', (_label, answer, verdict) => {
    expect(judgeMalformedBody('a JSON array', fakeExchange(answer)).verdict).toBe(verdict);
  });

  test('an accepted malformed body is named in the finding', () => {
    expect(judgeMalformedBody('the JSON literal null', fakeExchange({ status: 201 }))).toMatchObject({
      specRef: 'spec §7 rule 1 (spec §4: the request body is a JSON object)',
      expected: '400 with error.code "invalidRequest" in the §7 error object',
      finding: 'the JSON literal null was accepted (201), not rejected as malformed',
    });
  });

  test('a 400 that breaks the rule lists the problems in Actual', () => {
    const judgement = judgeMalformedBody('an empty body', fakeExchange({ status: 400, responseBody: '{"error":{"code":"x"}}' }));

    expect(judgement.observed).toContain("must have required property 'message'");
    expect(judgement.finding).toBe('an empty body: the 400 breaks spec §7 rule 1');
  });

  test('a 5xx is a server error, read as in every suite', () => {
    expect(judgeMalformedBody('an empty body', fakeExchange(serverFailure(500)))).toMatchObject({
      verdict: 'DEVIATES',
      specRef: expect.stringMatching(/^spec §7 rule 1 \(spec §4: the request body is a JSON object\); spec §4, §7/),
      finding: 'an empty body: answered 500 on each of 4 attempts: the service failed instead of accepting or refusing the request',
    });
  });
});
