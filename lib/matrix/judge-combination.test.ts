import { expect, test } from 'vitest';
import { errorBody, fakeExchange } from '../../test/support/fake-exchange.js';
import { judgeCombination } from './judge-combination.js';

test('no verdict from the target is an ERROR whose finding names the failure by its kind', () => {
  const failed = fakeExchange({ status: null, failure: { kind: 'timeout', message: 'no answer within 10000 ms' } });
  const judged = judgeCombination({ present: ['a'], outcome: 'error', status: null, statuses: [null] }, [failed]);
  expect(judged).toMatchObject({
    verdict: 'ERROR',
    observed: 'error (no answer)',
    finding:
      'no verdict from the target for {a}: timeout: no answer within 10000 ms; no answer after its retries and second asks: raise REQUEST_TIMEOUT_MS or MAX_RETRIES',
  });
});

test('a redirect is no verdict either, and says what it was answered', () => {
  const judged = judgeCombination({ present: [], outcome: 'error', status: 302, statuses: [302] }, [fakeExchange({ status: 302 })]);
  expect(judged.finding).toBe('no verdict from the target for {(none)}: answered 302');
});

test('a refusal that breaks spec §7 rule 1 is said on its combination and judged once per kind elsewhere; one that holds it is plain', () => {
  const rejected = { present: ['a', 'b'], outcome: 'rejected' as const, status: 400, statuses: [400] };
  const broken = judgeCombination(rejected, [fakeExchange({ status: 400, body: errorBody('badRequest') })]);
  expect(broken).toMatchObject({ verdict: 'INFORMATIONAL', specRef: 'open: spec §4 which fields are required; spec §7 rule 1' });
  expect(broken.finding).toMatch(
    /^\{a, b\} rejected \(400\); the refusal breaks spec §7 rule 1 \(400: error\.code is "badRequest".*judged once per kind of refusal in 'refusals of the presence matrix'$/,
  );
  expect(judgeCombination(rejected, [fakeExchange({ status: 400, body: errorBody('invalidRequest') })])).toMatchObject({
    verdict: 'INFORMATIONAL',
    finding: '{a, b} rejected (400)',
  });
});

test('a server error DEVIATES, as in every suite, and is still no evidence for the rule', () => {
  const failed = fakeExchange({ status: 500, attempts: 4, failure: { kind: 'server', message: 'HTTP 500 after 4 attempts' } });
  const judged = judgeCombination({ present: ['a'], outcome: 'error', status: 500, statuses: [500] }, [failed]);
  expect(judged).toMatchObject({
    verdict: 'DEVIATES',
    specRef: expect.stringMatching(/^open: spec §4 which fields are required; spec §4, §7/),
    finding:
      '{a} answered 500 on each of 4 attempts: the service failed instead of accepting or refusing the request; not evidence for the rule',
  });
});
