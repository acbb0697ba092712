import { describe, expect, test } from 'vitest';
import type { Exchange } from '../http/types.js';
import type { Verdict } from '../outcome.js';
import { judgeSpecVersionPath } from './version.js';
import { errorBody, fakeExchange, serverFailure, timedOut } from '../../test/support/fake-exchange.js';

describe('judgeSpecVersionPath (spec §9)', () => {
  test.each<[string, Partial<Exchange>, Verdict]>([
    ['201', { status: 201, responseBody: '{"id":"a"}' }, 'CONFORMS'],
    ['204', { status: 204 }, 'CONFORMS'],
    ['404: the path is not served', { status: 404, responseBody: errorBody('itemNotFound') }, 'DEVIATES'],
    ['405', { status: 405 }, 'DEVIATES'],
    ['501', { status: 501 }, 'DEVIATES'],
    ['400 breaking spec §7 rule 1', { status: 400, responseBody: errorBody('BadRequest') }, 'DEVIATES'],
    [
      '400 invalidRequest (the accepted body refused this time)',
      { status: 400, responseBody: errorBody('invalidRequest') },
      'INFORMATIONAL',
    ],
    ['422 (a refusal of the body, read as every refusal is)', { status: 422, responseBody: '{"detail":"nope"}' }, 'DEVIATES'],
    ['401 (the token, not the path)', { status: 401 }, 'INFORMATIONAL'],
    ['500 through the retries (a server error DEVIATES in every suite)', serverFailure(500), 'DEVIATES'],
    ['no answer', timedOut, 'ERROR'],
  ])('%s -> %s', (_label, answer, verdict) => {
    expect(judgeSpecVersionPath(fakeExchange(answer), true).verdict).toBe(verdict);
  });

  test('a 404 is named as a path not served', () => {
    expect(judgeSpecVersionPath(fakeExchange({ status: 404 }), true)).toMatchObject({
      specRef: 'spec §9 (the path contains v2.0), spec §4 (the path)',
      expected: '2xx: the create is served on /_api/v2.0/drive/root/subscriptions',
      finding: 'the create on the v2.0 path was answered 404: the path is not served',
    });
  });

  test('without an accepted body the finding says which body was sent', () => {
    const judgement = judgeSpecVersionPath(fakeExchange({ status: 400, responseBody: errorBody('invalidRequest') }), false);

    expect(judgement.finding).toContain("the spec's five-field body (no accepted body is known)");
  });
});
