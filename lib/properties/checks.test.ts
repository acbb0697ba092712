import { describe, expect, test } from 'vitest';
import { checkAnswerRange } from './answer-range.js';
import { answerOf, checkText } from './check-result.js';
import { checkErrorAnswer } from './error-answer.js';
import { checkPrediction } from './rule-prediction.js';
import { checkSameStatus } from './same-status.js';
import { errorBody, fakeExchange } from '../../test/support/fake-exchange.js';

const created = fakeExchange({ status: 201, body: { id: 'sub-1' } });
const rejected = fakeExchange({ status: 400, body: errorBody('invalidRequest') });
const serverError = fakeExchange({ status: 500, attempts: 4, failure: { kind: 'server', message: 'HTTP 500 after 4 attempts' } });
const hang = fakeExchange({ status: null, failure: { kind: 'timeout', message: 'no answer within 100 ms' } });
const refused = fakeExchange({ status: null, failure: { kind: 'network', message: 'ECONNREFUSED' } });
const budget = fakeExchange({ status: null, failure: { kind: 'budget', message: 'budget spent' } });

describe('answerOf', () => {
  test.each([
    ['a status', created, 'status'],
    ['a 5xx after retries (the target answered)', serverError, 'status'],
    ['a timeout', hang, 'hang'],
    ['a refused connection', refused, 'none'],
    ['a spent budget', budget, 'none'],
  ])('%s is %s', (_, exchange, kind) => {
    expect(answerOf(exchange).kind).toBe(kind);
  });
});

describe('property 1: checkAnswerRange', () => {
  test('2xx and 4xx hold', () => {
    expect(checkAnswerRange(created)).toEqual({ kind: 'holds' });
    expect(checkAnswerRange(rejected)).toEqual({ kind: 'holds' });
    expect(checkAnswerRange(fakeExchange({ status: 404, body: 'not found' }))).toEqual({ kind: 'holds' });
  });

  test('a 5xx and a hang are counterexamples', () => {
    expect(checkAnswerRange(serverError)).toMatchObject({
      kind: 'violated',
      problem: 'answered 500 on each of 4 attempts: the service failed instead of accepting or refusing the request',
    });
    expect(checkAnswerRange(hang)).toMatchObject({
      kind: 'violated',
      problem: expect.stringContaining('no answer within the request timeout'),
    });
  });

  test('a 3xx is a counterexample too: neither 2xx nor 4xx', () => {
    expect(checkAnswerRange(fakeExchange({ status: 302 }))).toMatchObject({
      kind: 'violated',
      problem: 'answered 302, neither 2xx nor 4xx',
    });
  });

  test('transport failures are no answer, never a counterexample', () => {
    expect(checkAnswerRange(refused)).toMatchObject({ kind: 'no-answer', problem: 'network: ECONNREFUSED' });
    expect(checkAnswerRange(budget).kind).toBe('no-answer');
  });

  test('a 5xx the engine retried away is noted, not a counterexample', () => {
    const check = checkAnswerRange(fakeExchange({ status: 201, attempts: 2, retriedStatuses: [502] }));
    expect(check).toEqual({ kind: 'holds', note: 'answered 502 before 201 on a retry' });
  });
});

describe('property 2: checkErrorAnswer', () => {
  test('a 400 with the §7 object and invalidRequest holds', () => {
    expect(checkErrorAnswer(rejected)).toEqual({ kind: 'holds' });
  });

  test('a 400 with another code, or without the §7 object, is a counterexample (spec §7 rule 1)', () => {
    const otherCode = fakeExchange({ status: 400, body: { error: { code: 'badRequest', message: 'no' } } });
    expect(checkErrorAnswer(otherCode)).toMatchObject({ kind: 'violated', problem: expect.stringContaining('"badRequest"') });
    const html = fakeExchange({ status: 400, body: '<html>Bad Request</html>' });
    expect(checkErrorAnswer(html)).toMatchObject({ kind: 'violated', problem: expect.stringContaining('not JSON') });
  });

  test('another 4xx without the §7 object is noted only (spec §7 rule 3)', () => {
    const check = checkErrorAnswer(fakeExchange({ status: 415, body: 'unsupported' }));
    expect(check).toMatchObject({ kind: 'holds', note: expect.stringContaining('415 body is not the §7 error object') });
    expect(checkErrorAnswer(fakeExchange({ status: 404, body: errorBody('invalidRequest') }))).toEqual({ kind: 'holds' });
  });

  test('answers that are not 4xx are not this property to judge', () => {
    expect(checkErrorAnswer(created).kind).toBe('not-judged');
    expect(checkErrorAnswer(serverError).kind).toBe('not-judged');
    expect(checkErrorAnswer(hang).kind).toBe('not-judged');
    expect(checkErrorAnswer(refused).kind).toBe('no-answer');
  });
});

describe('property 3: checkSameStatus', () => {
  test('the same status twice holds; two statuses are a counterexample', () => {
    expect(checkSameStatus(created, fakeExchange({ status: 201 }))).toEqual({ kind: 'holds' });
    expect(checkSameStatus(created, rejected)).toEqual({ kind: 'violated', problem: 'answered 201 the first time and 400 the second' });
    expect(checkSameStatus(rejected, serverError)).toMatchObject({ kind: 'violated' });
  });

  test('no answer on either send is no answer; a hang is not judged', () => {
    expect(checkSameStatus(created, refused).kind).toBe('no-answer');
    expect(checkSameStatus(refused, created).kind).toBe('no-answer');
    expect(checkSameStatus(hang, created).kind).toBe('not-judged');
  });
});

describe('property 4: checkPrediction', () => {
  test('accepted where predicted, rejected where not: holds', () => {
    expect(checkPrediction(created, true)).toEqual({ kind: 'holds' });
    expect(checkPrediction(rejected, false)).toEqual({ kind: 'holds' });
  });

  test('the other way round is a counterexample naming what came back', () => {
    expect(checkPrediction(created, false)).toEqual({ kind: 'violated', problem: 'accepted (201) where the rule predicts a rejection' });
    expect(checkPrediction(rejected, true)).toEqual({
      kind: 'violated',
      problem: 'rejected (400 invalidRequest) where the rule predicts acceptance',
    });
  });

  test('a 5xx or a hang is neither outcome; a transport failure is no answer', () => {
    expect(checkPrediction(serverError, true).kind).toBe('not-judged');
    expect(checkPrediction(hang, false).kind).toBe('not-judged');
    expect(checkPrediction(refused, true).kind).toBe('no-answer');
  });
});

describe('checkText', () => {
  test('says the problem, the note or the reason', () => {
    expect(checkText({ kind: 'violated', problem: 'p' })).toBe('p');
    expect(checkText({ kind: 'no-answer', problem: 'n' })).toBe('n');
    expect(checkText({ kind: 'not-judged', reason: 'r' })).toBe('r');
    expect(checkText({ kind: 'holds', note: 'o' })).toBe('o');
    expect(checkText({ kind: 'holds' })).toBe('holds');
  });
});
