import { describe, expect, test } from 'vitest';
import type { ValueClass } from '../operation/types.js';
import { errorBody, fakeExchange } from '../../test/support/fake-exchange.js';
import { judgeValue } from './value-verdict.js';

const relative: Pick<ValueClass, 'description' | 'expectation' | 'specRef'> = {
  description: 'relative path',
  expectation: 'not-spec-form',
  specRef: 'spec §2 (notificationUrl: an absolute URL)',
};
const longClientState = { description: '4096 characters', expectation: 'spec-form', specRef: 'spec §2; open: spec §8' } as const;
const created = fakeExchange({ status: 201, body: { id: 'sub-1' } });

describe('judgeValue', () => {
  test("accepted is INFORMATIONAL, and says when the form is not the spec's", () => {
    expect(judgeValue('notificationUrl', relative, created)).toMatchObject({
      verdict: 'INFORMATIONAL',
      finding: 'notificationUrl relative path accepted (201), a form spec §2 does not give',
      answer: { outcome: 'accepted', status: 201 },
    });
    expect(judgeValue('clientState', longClientState, created).finding).toBe('clientState 4096 characters accepted (201)');
  });

  test("a value not of the spec's form rejected 400 invalidRequest CONFORMS to spec §7 rule 1", () => {
    const judged = judgeValue('notificationUrl', relative, fakeExchange({ status: 400, body: errorBody('invalidRequest', 'bad url') }));

    expect(judged).toMatchObject({
      verdict: 'CONFORMS',
      specRef: 'spec §2 (notificationUrl: an absolute URL); spec §7 rule 1',
      finding: 'notificationUrl relative path rejected 400 invalidRequest',
      observed: '400 invalidRequest: bad url',
      answer: { outcome: 'rejected', errorCode: 'invalidRequest', errorMessage: 'bad url' },
    });
  });

  test("a value of the spec's form rejected with a sound 400 is INFORMATIONAL: the spec sets no bound", () => {
    const judged = judgeValue('clientState', longClientState, fakeExchange({ status: 400, body: errorBody('invalidRequest') }));

    expect(judged).toMatchObject({ verdict: 'INFORMATIONAL', finding: 'clientState 4096 characters rejected 400 invalidRequest' });
  });

  test.each([
    ['another error code', { error: { code: 'badArgument', message: 'x' } }, /error\.code is "badArgument", not "invalidRequest"/],
    ['no error object', 'Bad Request', /./],
  ])('a 400 with %s breaks spec §7 rule 1, whatever the value: said here, judged once per kind of refusal', (_name, body, problem) => {
    for (const valueClass of [relative, longClientState]) {
      const judged = judgeValue('f', valueClass, fakeExchange({ status: 400, body }));
      expect(judged.verdict).toBe('INFORMATIONAL');
      expect(judged.expected).toBe('400 with error.code "invalidRequest" in the §7 error object');
      expect(judged.specRef).toMatch(/spec §7 rule 1$/);
      expect(judged.finding).toMatch(problem);
    }
  });

  test('a 422 refuses the value as incorrect, so it breaks spec §7 rule 1 as a 400 with another code does: said here, judged once per kind', () => {
    const judged = judgeValue(
      'notificationUrl',
      relative,
      fakeExchange({ status: 422, body: { error: { code: 'unprocessable', message: 'no' } } }),
    );

    expect(judged).toMatchObject({ verdict: 'INFORMATIONAL', expected: '400 with error.code "invalidRequest" in the §7 error object' });
    expect(judged.finding).toMatch(/judged once per kind of refusal in 'refusals of the value classes'$/);
    expect(judged.finding).toMatch(
      /^notificationUrl relative path rejected 422 unprocessable, which breaks spec §7 rule 1 \(a body refused for its fields or values/,
    );
    expect(judged.finding).toContain('answered 422');
  });

  test('a 4xx about something else than the value (413: a size limit) is INFORMATIONAL under spec §7 rule 3', () => {
    const judged = judgeValue('notificationUrl', relative, fakeExchange({ status: 413, body: 'too large' }));

    expect(judged).toMatchObject({ verdict: 'INFORMATIONAL', finding: 'notificationUrl relative path rejected 413' });
    expect(judged.specRef).toMatch(/spec §7 rule 3/);
  });

  test('a 5xx after retries DEVIATES whatever the value, citing rule 1 as well for a malformed one', () => {
    const failed = fakeExchange({
      status: 500,
      body: 'boom',
      failure: { kind: 'server', message: 'HTTP 500 after 4 attempts' },
      attempts: 4,
    });

    expect(judgeValue('notificationUrl', relative, failed)).toMatchObject({
      verdict: 'DEVIATES',
      finding:
        'notificationUrl relative path answered 500 on each of 4 attempts: the service failed instead of accepting or refusing the request; spec §7 rule 1 gives a malformed request 400 invalidRequest',
    });
    expect(judgeValue('clientState', longClientState, failed)).toMatchObject({
      verdict: 'DEVIATES',
      finding:
        'clientState 4096 characters answered 500 on each of 4 attempts: the service failed instead of accepting or refusing the request',
    });
    expect(judgeValue('clientState', { ...longClientState, expectation: 'open' }, failed).verdict).toBe('DEVIATES');
  });

  test.each([
    [
      'no answer',
      fakeExchange({ status: null, failure: { kind: 'timeout', message: 'no answer within 10000 ms' } }),
      'timeout: no answer within 10000 ms); no answer after its retries and second asks: raise REQUEST_TIMEOUT_MS or MAX_RETRIES',
    ],
    [
      'throttled past the retries',
      fakeExchange({ status: 503, failure: { kind: 'throttled', message: 'HTTP 503 still after 3 retries' } }),
      'throttled: HTTP 503 still after 3 retries); still throttled after its retries and second asks: raise MAX_RETRIES (the retries of each request, and the times one without a verdict is asked again later)',
    ],
    [
      'the budget spent',
      fakeExchange({ status: null, failure: { kind: 'budget', message: 'request budget of 10 reached' } }),
      'budget: request budget of 10 reached); the request budget was spent before it got a verdict: raise MAX_REQUESTS',
    ],
  ])('%s is an ERROR, even for a malformed value, and says which setting to raise', (_name, exchange, words) => {
    const judged = judgeValue('notificationUrl', relative, exchange);

    expect(judged.verdict).toBe('ERROR');
    expect(judged.finding).toBe(`notificationUrl relative path: no verdict from the target (${words}`);
  });

  test('a redirect is neither accepted nor rejected: ERROR', () => {
    expect(judgeValue('notificationUrl', relative, fakeExchange({ status: 302 }))).toMatchObject({
      verdict: 'ERROR',
      finding: 'notificationUrl relative path: answered 302, neither accepted nor rejected',
    });
  });
});
