import { expect, test } from 'vitest';
import { errorBody, fakeExchange } from '../http/test-exchange.js';
import { judgeCombination } from './judge-combination.js';

test('no verdict from the target is an ERROR whose finding names the failure by its kind', () => {
  const failed = fakeExchange({ status: null, failure: { kind: 'timeout', message: 'no answer within 10000 ms' } });
  const judged = judgeCombination({ present: ['a'], outcome: 'error', status: null, statuses: [null] }, [failed]);
  expect(judged).toMatchObject({ verdict: 'ERROR', observed: 'error (no answer)', finding: 'no verdict from the target for {a}: timeout: no answer within 10000 ms' });
});

test('a redirect is no verdict either, and says what it was answered', () => {
  const judged = judgeCombination({ present: [], outcome: 'error', status: 302, statuses: [302] }, [fakeExchange({ status: 302 })]);
  expect(judged.finding).toBe('no verdict from the target for {(none)}: answered 302');
});

test('a 400 without the §7 error code DEVIATES; one with it is INFORMATIONAL', () => {
  const rejected = { present: ['a', 'b'], outcome: 'rejected' as const, status: 400, statuses: [400] };
  expect(judgeCombination(rejected, [fakeExchange({ status: 400, body: errorBody('badRequest') })]).verdict).toBe('DEVIATES');
  expect(judgeCombination(rejected, [fakeExchange({ status: 400, body: errorBody('invalidRequest') })])).toMatchObject({ verdict: 'INFORMATIONAL', finding: '{a, b} rejected (400)' });
});
