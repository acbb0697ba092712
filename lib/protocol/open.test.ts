import { describe, expect, test } from 'vitest';
import type { Exchange } from '../http/types.js';
import type { Verdict } from '../outcome.js';
import { judgeOpenRequest, type OpenCase } from './open.js';
import { errorBody, fakeExchange, serverFailure, timedOut } from '../http/test-exchange.js';

const onSpecPath: OpenCase = { label: 'Content-Type: text/plain', specRef: 'open: spec §4', ruleOneApplies: true };
const elsewhere: OpenCase = { label: 'a create with version v1.0', specRef: 'open: spec §9', ruleOneApplies: false };

describe('judgeOpenRequest', () => {
  test.each<[string, OpenCase, Partial<Exchange>, Verdict]>([
    ['accepted', onSpecPath, { status: 201 }, 'INFORMATIONAL'],
    ['400 invalidRequest', onSpecPath, { status: 400, responseBody: errorBody('invalidRequest') }, 'INFORMATIONAL'],
    ['415', onSpecPath, { status: 415 }, 'INFORMATIONAL'],
    [
      'a 400 breaking spec §7 rule 1 on the spec path',
      onSpecPath,
      { status: 400, responseBody: errorBody('unsupportedMediaType') },
      'DEVIATES',
    ],
    ['the same 400 on another version path', elsewhere, { status: 400, responseBody: errorBody('unsupportedMediaType') }, 'INFORMATIONAL'],
    ['500 through the retries (not malformed: recorded)', onSpecPath, serverFailure(500), 'INFORMATIONAL'],
    ['no answer', onSpecPath, timedOut, 'ERROR'],
  ])('%s -> %s', (_label, open, answer, verdict) => {
    expect(judgeOpenRequest(open, fakeExchange(answer)).verdict).toBe(verdict);
  });

  test('the finding says what was sent and what came back, with any detail', () => {
    const judgement = judgeOpenRequest(
      { ...onSpecPath, label: 'expirationDateTime twice', detail: 'the record kept the last expirationDateTime' },
      fakeExchange({ status: 201, responseBody: '{"id":"a"}' }),
    );

    expect(judgement).toEqual({
      verdict: 'INFORMATIONAL',
      specRef: 'open: spec §4',
      observed: '201, a JSON object with id',
      finding: 'expirationDateTime twice: answered 201, a JSON object with id; the record kept the last expirationDateTime',
    });
  });

  test('a 5xx is recorded as answered 500', () => {
    expect(judgeOpenRequest(onSpecPath, fakeExchange(serverFailure(500))).finding).toBe(
      'Content-Type: text/plain: answered 500 after 4 attempts, no body',
    );
  });

  test('a broken 400 cites spec §7 rule 1 with Expected and Actual', () => {
    const judgement = judgeOpenRequest(onSpecPath, fakeExchange({ status: 400, responseBody: 'nope' }));

    expect(judgement.specRef).toBe('spec §7 rule 1');
    expect(judgement.expected).toBe('a 400 carries error.code "invalidRequest" in the §7 error object');
    expect(judgement.observed).toContain('body is not JSON');
  });
});
