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
    ['a 422 to a request whose refusal rule 1 judges', onSpecPath, { status: 422, responseBody: '{"detail":"Unprocessable"}' }, 'DEVIATES'],
    ['the same 422 on another version path', elsewhere, { status: 422, responseBody: '{"detail":"Unprocessable"}' }, 'INFORMATIONAL'],
    ['500 through the retries (a server error DEVIATES in every suite)', onSpecPath, serverFailure(500), 'DEVIATES'],
    ['500 through the retries on another path too', elsewhere, serverFailure(500), 'DEVIATES'],
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

  test('a 5xx is a server error, read as in every suite', () => {
    expect(judgeOpenRequest(onSpecPath, fakeExchange(serverFailure(500)))).toMatchObject({
      verdict: 'DEVIATES',
      specRef: 'open: spec §4; spec §4, §7 (a create is accepted or refused with the §7 error response; a 5xx is neither)',
      observed: '500 after 4 attempts, no body',
      finding:
        'Content-Type: text/plain: answered 500 on each of 4 attempts: the service failed instead of accepting or refusing the request',
    });
  });

  test('a 422 and a non-standard 400 to the same request are read alike: each refusal breaks rule 1, once', () => {
    const as422 = judgeOpenRequest(onSpecPath, fakeExchange({ status: 422, body: { detail: [{ loc: ['body'], msg: 'bad' }] } }));
    const as400 = judgeOpenRequest(onSpecPath, fakeExchange({ status: 400, body: { detail: [{ loc: ['body'], msg: 'bad' }] } }));
    expect([as422.verdict, as400.verdict]).toEqual(['DEVIATES', 'DEVIATES']);
    expect(as422.finding).toMatch(/^Content-Type: text\/plain: the refusal \(422\) breaks spec §7 rule 1/);
    expect(as400.observed).toBe('400, a JSON body that is not the §7 error object: "bad"; (body): must have required property \'error\'');
  });

  test('a broken 400 cites spec §7 rule 1 with Expected and Actual', () => {
    const judgement = judgeOpenRequest(onSpecPath, fakeExchange({ status: 400, responseBody: 'nope' }));

    expect(judgement.specRef).toBe('spec §7 rule 1');
    expect(judgement.expected).toBe('400 with error.code "invalidRequest" in the §7 error object');
    expect(judgement.observed).toBe(
      '400, a text body, not the §7 error object: "nope"; the answer\'s body is not JSON, so not the §7 error object (a JSON object)',
    );
  });

  test('a 2xx whose record holds none of the fields sent: created from a body it did not read', () => {
    const sent = { ...onSpecPath, sentFields: ['notificationUrl', 'expirationDateTime'] };
    const empty = judgeOpenRequest(sent, fakeExchange({ status: 201, body: { id: 's1', clientState: null } }));
    expect(empty.finding).toBe(
      'Content-Type: text/plain: answered 201, a JSON object with id, clientState; created from a body it did not read: the record holds none of the fields sent (notificationUrl, expirationDateTime)',
    );
    // A record that holds one, or that cannot be read, says nothing of the kind.
    expect(judgeOpenRequest(sent, fakeExchange({ status: 201, body: { id: 's1', notificationUrl: 'https://r' } })).finding).not.toContain(
      'did not read',
    );
    expect(judgeOpenRequest(sent, fakeExchange({ status: 201, responseBody: 'created' })).finding).not.toContain('did not read');
  });
});
