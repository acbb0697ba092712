import { describe, expect, test } from 'vitest';
import type { Exchange } from '../http/types.js';
import type { Verdict } from '../outcome.js';
import { AUTH_VARIANTS, describeRefusal, judgeWithoutValidToken, type AuthVariant } from './auth.js';
import { errorBody, fakeExchange, serverFailure, timedOut } from '../http/test-exchange.js';

const noHeader: AuthVariant = { id: 'no-authorization', label: 'no Authorization header', authorization: undefined };
const challenge = { 'www-authenticate': 'Bearer realm="drive"' };

describe('judgeWithoutValidToken (spec §5)', () => {
  test.each<[string, Partial<Exchange>, Verdict]>([
    ['accepted (201)', { status: 201, responseBody: '{"id":"s1"}' }, 'DEVIATES'],
    ['accepted (200)', { status: 200 }, 'DEVIATES'],
    ['401', { status: 401, responseHeaders: challenge, responseBody: errorBody('unauthenticated') }, 'CONFORMS'],
    ['401 without a challenge or body', { status: 401 }, 'CONFORMS'],
    ['403', { status: 403, responseBody: errorBody('accessDenied') }, 'CONFORMS'],
    ['404 (a refusal all the same)', { status: 404 }, 'CONFORMS'],
    ['400 invalidRequest', { status: 400, responseBody: errorBody('invalidRequest') }, 'CONFORMS'],
    // The request differs from a good one only in its Authorization header: any refusal is about authentication.
    ['400 with another code (about authentication: §7 rule 3)', { status: 400, responseBody: errorBody('unauthenticated') }, 'CONFORMS'],
    ['400 without the §7 object (about authentication: §7 rule 3)', { status: 400, responseBody: 'Bad Request' }, 'CONFORMS'],
    ['302 to a login page', { status: 302, responseHeaders: { location: 'https://login.example.com' } }, 'INFORMATIONAL'],
    ['500 through the retries (a server error DEVIATES in every suite)', serverFailure(500), 'DEVIATES'],
    ['no answer', timedOut, 'ERROR'],
    ['429 still after the retries', { status: 429, failure: { kind: 'throttled', message: 'HTTP 429 still after 3 retries' } }, 'ERROR'],
  ])('%s -> %s', (_label, answer, verdict) => {
    expect(judgeWithoutValidToken(noHeader, fakeExchange(answer)).verdict).toBe(verdict);
  });

  test('an accepted create names the variant and the status, with Expected and Actual', () => {
    const judgement = judgeWithoutValidToken(noHeader, fakeExchange({ status: 201, responseBody: '{"id":"s1"}' }));

    expect(judgement).toMatchInlineSnapshot(`
      {
        "expected": "not accepted: refused, typically 401 or 403 (spec §5: requests carry a Bearer token)",
        "finding": "a create with no Authorization header was accepted (201)",
        "observed": "201, a JSON object with id",
        "specRef": "spec §5",
        "verdict": "DEVIATES",
      }
    `);
  });

  test('a 400 for a malformed Authorization header is a refusal about authentication, never a body judged under §7 rule 1', () => {
    const header = { 'www-authenticate': 'Bearer error="invalid_request", error_description="malformed header"' };
    const judgement = judgeWithoutValidToken(
      noHeader,
      fakeExchange({ status: 400, responseHeaders: header, responseBody: errorBody('badToken') }),
    );

    expect(judgement).toMatchObject({ verdict: 'CONFORMS', specRef: 'spec §5' });
    expect(judgement.ruleOneBroken).toBeUndefined();
  });
});

describe('describeRefusal', () => {
  test('records the refusal in plain words, as INFORMATIONAL', () => {
    const exchange = fakeExchange({ status: 401, responseHeaders: challenge, responseBody: errorBody('unauthenticated') });

    expect(describeRefusal(noHeader, exchange)).toMatchObject({
      verdict: 'INFORMATIONAL',
      finding:
        'no Authorization header: 401 with WWW-Authenticate: Bearer realm="drive", the §7 error object with error.code unauthenticated',
    });
  });

  test('says when a 401 has no WWW-Authenticate header', () => {
    const exchange = fakeExchange({ status: 401, responseBody: errorBody('InvalidAuthenticationToken') });

    expect(describeRefusal(noHeader, exchange).finding).toBe(
      'no Authorization header: 401 without a WWW-Authenticate header, the §7 error object with error.code InvalidAuthenticationToken',
    );
  });

  test('says when the request was not refused at all', () => {
    expect(describeRefusal(noHeader, fakeExchange({ status: 201, responseBody: '{"id":"s1"}' })).finding).toBe(
      'no Authorization header: not refused: 201, a JSON object with id',
    );
  });

  test('is an ERROR when there was no answer to describe', () => {
    expect(describeRefusal(noHeader, fakeExchange(timedOut)).verdict).toBe('ERROR');
  });
});

describe('AUTH_VARIANTS', () => {
  test('the four requests without a valid Bearer token, each with a distinct id and header', () => {
    expect(AUTH_VARIANTS.map((v) => v.id)).toEqual(['no-authorization', 'basic-scheme', 'empty-bearer', 'unknown-bearer']);
    expect(new Set(AUTH_VARIANTS.map((v) => v.authorization)).size).toBe(4);
  });

  test('the Basic credentials are a made-up constant, not a token', () => {
    const basic = AUTH_VARIANTS.find((v) => v.id === 'basic-scheme')?.authorization ?? '';

    expect(Buffer.from(basic.replace(/^Basic /, ''), 'base64').toString()).toBe('conformance-probe:not-a-password');
  });
});
