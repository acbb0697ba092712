/**
 * A valid answer whose body is longer than MAX_RECORDED_BODY_BYTES is cut by the engine. It used to be
 * judged as "400: body is not JSON" and fail the run as DEVIATES; a cut body is never judged on its
 * shape, and what its kept part says for certain (the error code, a created subscription's id) is read.
 */
import { describe, expect, test } from 'vitest';
import type { Exchange } from '../http/types.js';
import { classifyAnswer } from '../answer/classify.js';
import { OperationClient } from '../create/client.js';
import { subscriptionCreate } from '../operation/index.js';
import { checkErrorAnswer } from '../properties/error-answer.js';
import { judgeValue } from '../values/value-verdict.js';
import { describeAnswer } from './answer.js';
import { judgeMalformedBody } from './malformed.js';
import { errorBody, fakeExchange } from '../../test/support/fake-exchange.js';

const CAP = 1024;
/** A valid §7 error body padded past the cap, as the engine records it: the first CAP bytes, cut. */
const cut400 = fakeExchange({
  status: 400,
  responseBody: `${errorBody('invalidRequest')}${' '.repeat(5000)}`.slice(0, CAP),
  responseBodyTruncated: true,
});
const cutMidError = fakeExchange({
  status: 400,
  responseBody: `{"error":{"code":"invalidRequest","message":"${'m'.repeat(2000)}"}}`.slice(0, CAP),
  responseBodyTruncated: true,
});

describe('a 400 whose body was cut', () => {
  test('a malformed-body case is INFORMATIONAL "not judged: body cut at N bytes", not DEVIATES', () => {
    const judgement = judgeMalformedBody('a JSON array', cut400);
    expect(judgement.verdict).toBe('INFORMATIONAL');
    expect(judgement.finding).toBe(`a JSON array: answered 400; not judged: body cut at ${CAP} bytes (MAX_RECORDED_BODY_BYTES)`);
    expect(judgeMalformedBody('a JSON array', cutMidError).verdict).toBe('INFORMATIONAL');
    expect(describeAnswer(cut400)).toBe(`400, a body cut at ${CAP} bytes (MAX_RECORDED_BODY_BYTES), not judged`);
  });

  test('a value case is INFORMATIONAL, the property check does not judge it, the matrix still reads the code when whole', () => {
    const valueClass = { description: 'an unknown word', expectation: 'not-spec-form' as const, specRef: 'spec §2' };
    const judged = judgeValue('changeType', valueClass, cut400);
    expect(judged.verdict).toBe('INFORMATIONAL');
    expect(judged.finding).toContain('not judged: body cut at 1024 bytes');
    expect(checkErrorAnswer(cut400)).toEqual({
      kind: 'not-judged',
      reason: '400: not judged: body cut at 1024 bytes (MAX_RECORDED_BODY_BYTES)',
    });
    expect(classifyAnswer(cut400)).toMatchObject({ outcome: 'rejected', status: 400, errorCode: 'invalidRequest' });
    expect(classifyAnswer(cutMidError)).toEqual({ outcome: 'rejected', status: 400 });
  });

  test('a whole body that is not JSON is still DEVIATES', () => {
    expect(judgeMalformedBody('a JSON array', fakeExchange({ status: 400, responseBody: '<html>bad</html>' })).verdict).toBe('DEVIATES');
  });
});

describe('a 2xx create whose body was cut', () => {
  const sent: string[] = [];
  const client = new OperationClient(async (request) => {
    sent.push(`${request.method} ${request.path}`);
    return fakeExchange({ method: request.method, status: 204 });
  }, subscriptionCreate);
  const created = (body: string): Exchange => fakeExchange({ status: 201, responseBody: body.slice(0, CAP), responseBodyTruncated: true });

  test('is deleted when the id comes before the cut, and listed as "id unknown" when it does not', async () => {
    await client.undoCreate(created(`{"id":"sub-9","clientState":"${'c'.repeat(4000)}"}`));
    await client.undoCreate(created(`{"clientState":"${'c'.repeat(4000)}","id":"sub-10"}`));
    expect(sent).toEqual(['DELETE /_api/v2.0/drive/root/subscriptions/sub-9']);
    expect(client.cleanupFailures).toEqual([
      'created (status 201), id unknown: the answer was cut at MAX_RECORDED_BODY_BYTES before naming one',
    ]);
  });
});

test('an error message of a megabyte is kept to its first 2000 characters', () => {
  const long = fakeExchange({ status: 400, responseBody: errorBody('invalidRequest', 'x'.repeat(1_000_000)) });
  const message = classifyAnswer(long).errorMessage ?? '';
  expect(message.length).toBeLessThan(2100);
  expect(message.endsWith('… (1000000 characters)')).toBe(true);
});
