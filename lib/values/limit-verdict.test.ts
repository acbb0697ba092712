import { describe, expect, test } from 'vitest';
import type { LimitResult } from './find-limit.js';
import { judgeLimit } from './limit-verdict.js';
import { errorBody, fakeExchange } from '../../test/support/fake-exchange.js';

const lifetime = {
  field: 'expirationDateTime',
  name: 'longest accepted lifetime',
  unit: 'minutes',
  specRef: 'open: spec §8',
  low: 1,
  high: 5_256_000,
};

const exact: LimitResult = {
  end: 'exact',
  largestAccepted: 42_300,
  smallestRejected: 42_301,
  probes: 3,
  steps: [
    { x: 1, answer: 'accepted' },
    { x: 5_256_000, answer: 'rejected' },
    { x: 42_301, answer: 'rejected' },
  ],
};

const created = fakeExchange({ status: 201, body: { id: 'a' } });
const deleted = { ...fakeExchange({ status: 204 }), method: 'DELETE' };
const refused = fakeExchange({ status: 400, body: errorBody('invalidRequest') });

describe('judgeLimit', () => {
  test('an exact limit is INFORMATIONAL, in plain words, with the requests its search used', () => {
    const judged = judgeLimit(lifetime, exact, [created, deleted, refused, refused]);

    expect(judged).toEqual({
      verdict: 'INFORMATIONAL',
      specRef: 'open: spec §8',
      finding: 'expirationDateTime: longest accepted lifetime is 42300 minutes (29.375 days); 42301 rejected (3 probes, 4 requests)',
      observed: '1: accepted, 5256000: rejected, 42301: rejected (3 probes, 4 requests)',
      limit: {
        field: 'expirationDateTime',
        name: 'longest accepted lifetime',
        value: 42_300,
        unit: 'minutes',
        firstRejected: 42_301,
        requests: 4,
      },
    });
  });

  test('high accepted: the value is the largest tried, and the note says so', () => {
    const result: LimitResult = {
      end: 'high-accepted',
      largestAccepted: 4096,
      smallestRejected: undefined,
      probes: 2,
      steps: [],
      note: 'accepted up to the largest value tried (4096): the limit, if any, is higher',
    };

    const judged = judgeLimit(
      { ...lifetime, field: 'clientState', name: 'longest accepted clientState', unit: 'characters', high: 4096 },
      result,
      [],
    );

    expect(judged.verdict).toBe('INFORMATIONAL');
    expect(judged.limit).toMatchObject({ value: 4096, firstRejected: undefined, note: result.note });
    expect(judged.finding).toBe(
      'clientState: accepted up to the largest value tried, 4096 characters; no limit found below it (2 probes, 0 requests)',
    );
  });

  test('low rejected pins nothing', () => {
    const result: LimitResult = { end: 'low-rejected', largestAccepted: undefined, smallestRejected: 1, probes: 1, steps: [], note: 'n' };

    const judged = judgeLimit(lifetime, result, [refused]);

    expect(judged.verdict).toBe('INFORMATIONAL');
    expect(judged.limit.value).toBeUndefined();
    expect(judged.finding).toMatch(
      /^expirationDateTime: longest accepted lifetime not pinned: the smallest value tried, 1 minutes, was rejected/,
    );
  });

  test('a search stopped by a missing answer is an ERROR and keeps what it had seen', () => {
    const result: LimitResult = {
      end: 'no-answer',
      largestAccepted: 1,
      smallestRejected: 128,
      probes: 9,
      steps: [],
      note: 'no answer for 64 after a retry',
    };

    const judged = judgeLimit(lifetime, result, []);

    expect(judged.verdict).toBe('ERROR');
    expect(judged.limit).toMatchObject({ value: undefined, firstRejected: 128, note: 'no answer for 64 after a retry' });
  });

  test('a search that met a server error DEVIATES, as in every suite', () => {
    const result: LimitResult = {
      end: 'no-answer',
      largestAccepted: 1,
      smallestRejected: 128,
      probes: 9,
      steps: [],
      note: 'no answer for 64',
    };
    const failed = fakeExchange({ status: 502, attempts: 4, failure: { kind: 'server', message: 'HTTP 502 after 4 attempts' } });

    const judged = judgeLimit(lifetime, result, [created, failed]);

    expect(judged.verdict).toBe('DEVIATES');
    expect(judged.finding).toMatch(/; a request of the search answered 502 on each of 4 attempts: the service failed/);
  });

  test('a search that ran out of requests says between which values the limit lies', () => {
    const result: LimitResult = { end: 'max-steps', largestAccepted: 512, smallestRejected: 1024, probes: 5, steps: [] };

    expect(judgeLimit(lifetime, result, []).finding).toMatch(/between 512 and 1023 minutes; the search ran out of requests/);
  });

  test('a 400 met on the way that breaks spec §7 rule 1 is said, and left to the judgement once per kind', () => {
    const judged = judgeLimit(lifetime, exact, [
      created,
      fakeExchange({ status: 400, body: { error: { code: 'tooLong', message: 'x' } } }),
    ]);

    expect(judged.verdict).toBe('INFORMATIONAL');
    expect(judged.specRef).toBe('open: spec §8; spec §7 rule 1');
    expect(judged.finding).toMatch(
      /1 of its refusals break spec §7 rule 1 \(judged once per kind of refusal in 'refusals of the value classes'\): error\.code is "tooLong"/,
    );
    expect(judged.limit.value).toBe(42_300);
  });
});
