import { describe, expect, test } from 'vitest';
import { limitAnswerOf } from './limit-answer.js';
import { exchangeOf, invalidRequest } from './test-exchange.js';

describe('limitAnswerOf', () => {
  test.each([
    ['201', exchangeOf(201, { id: 'a' }), 'accepted'],
    ['400 invalidRequest', exchangeOf(400, invalidRequest()), 'rejected'],
    ['413 without a body', exchangeOf(413), 'rejected'],
    ['500 after retries', exchangeOf(500, '', { kind: 'server', message: 'HTTP 500 after 4 attempts' }), 'unknown'],
    ['429 after retries', exchangeOf(429, '', { kind: 'throttled', message: 'HTTP 429 still after 3 retries' }), 'unknown'],
    ['no answer', exchangeOf(null, '', { kind: 'network', message: 'ECONNRESET' }), 'unknown'],
    ['the budget spent', exchangeOf(null, '', { kind: 'budget', message: 'spent' }), 'unknown'],
  ] as const)('%s is %s', (_name, exchange, answer) => {
    expect(limitAnswerOf(exchange)).toBe(answer);
  });
});
