import { describe, expect, test } from 'vitest';
import { answerText, failureText, statusOrNoAnswer, statusTally } from './answer-text.js';
import { fakeExchange } from '../../test/support/fake-exchange.js';

describe('answer text', () => {
  test('a failure is named by its kind, then the message', () => {
    expect(failureText({ kind: 'timeout', message: 'no answer within 30000 ms' })).toBe('timeout: no answer within 30000 ms');
  });

  test('statuses are counted in status order, no answer last', () => {
    expect(statusTally([400, 201, 400, null, 201, 400])).toBe('201 x2, 400 x3, no answer x1');
    expect(statusTally([])).toBe('');
  });

  test('a missing status reads "no answer"', () => {
    expect([statusOrNoAnswer(201), statusOrNoAnswer(null)]).toEqual(['201', 'no answer']);
  });

  test('an exchange reads as its failure when it has one, else as the status it was answered', () => {
    expect(answerText(fakeExchange({ status: 404 }))).toBe('answered 404');
    expect(answerText(fakeExchange({ status: null, failure: { kind: 'network', message: 'ECONNRESET' } }))).toBe('network: ECONNRESET');
    expect(answerText(fakeExchange({ status: 500, failure: { kind: 'server', message: 'HTTP 500' } }))).toBe('server: HTTP 500');
  });
});
