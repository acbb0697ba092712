import { describe, expect, test } from 'vitest';
import { limitAnswerOf } from './limit-answer.js';
import { errorBody, fakeExchange } from '../../test/support/fake-exchange.js';

describe('limitAnswerOf', () => {
  test.each([
    ['201', fakeExchange({ status: 201, body: { id: 'a' } }), 'accepted'],
    ['400 invalidRequest', fakeExchange({ status: 400, body: errorBody('invalidRequest') }), 'rejected'],
    ['413 without a body', fakeExchange({ status: 413 }), 'rejected'],
    [
      '500 after retries',
      fakeExchange({ status: 500, failure: { kind: 'server', message: 'HTTP 500 after 4 attempts' }, attempts: 4 }),
      'unknown',
    ],
    [
      '429 after retries',
      fakeExchange({ status: 429, failure: { kind: 'throttled', message: 'HTTP 429 still after 3 retries' } }),
      'unknown',
    ],
    ['no answer', fakeExchange({ status: null, failure: { kind: 'network', message: 'ECONNRESET' } }), 'unknown'],
    ['the budget spent', fakeExchange({ status: null, failure: { kind: 'budget', message: 'spent' } }), 'unknown'],
  ] as const)('%s is %s', (_name, exchange, answer) => {
    expect(limitAnswerOf(exchange)).toBe(answer);
  });
});
