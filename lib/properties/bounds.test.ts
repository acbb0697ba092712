import { describe, expect, test } from 'vitest';
import { propertyBounds, resolveSeed } from './bounds.js';
import { propertyVerdict } from './verdict.js';

describe('propertyBounds', () => {
  test('the request cap is propertyRuns x (requests per trial + 1) + 30', () => {
    expect(propertyBounds({ propertyRuns: 20, requestsPerSecond: 10, requestTimeoutMs: 10_000 }, 2).maxRequests).toBe(90);
    expect(propertyBounds({ propertyRuns: 20, requestsPerSecond: 10, requestTimeoutMs: 10_000 }, 4).maxRequests).toBe(130);
  });

  test('the time limit allows each request twice the slower of the rate pace and half a second, plus one timeout', () => {
    expect(propertyBounds({ propertyRuns: 20, requestsPerSecond: 10, requestTimeoutMs: 10_000 }, 2).timeLimitMs).toBe(90 * 1000 + 10_000);
    expect(propertyBounds({ propertyRuns: 20, requestsPerSecond: 0.5, requestTimeoutMs: 1_000 }, 2).timeLimitMs).toBe(90 * 4000 + 1_000);
  });

  test('a bad requests-per-trial is refused, naming the API', () => {
    expect(() => propertyBounds({ propertyRuns: 1, requestsPerSecond: 1, requestTimeoutMs: 1 }, 0)).toThrow(/^propertyBounds: /);
  });
});

describe('resolveSeed', () => {
  test('SEED when set, else a random one in SEED range', () => {
    expect(resolveSeed(1234, () => 0.5)).toBe(1234);
    expect(resolveSeed(0, () => 0.5)).toBe(0);
    expect(resolveSeed(undefined, () => 0.5)).toBe(2 ** 30);
    expect(resolveSeed(undefined, () => 0.999999999)).toBeLessThanOrEqual(2 ** 31 - 1);
  });
});

describe('propertyVerdict', () => {
  const counts = (holds: number) => ({ holds, violated: 0, 'not-judged': 0, 'no-answer': 0 });
  test.each([
    ['no answer', 'no-answer', 5, 0, 'DEVIATES', 'ERROR'],
    ['no answer (open property)', 'no-answer', 5, 0, 'INFORMATIONAL', 'ERROR'],
    ['a stated rule broken', 'violated', 5, 0, 'DEVIATES', 'DEVIATES'],
    ['an open property broken', 'violated', 5, 0, 'INFORMATIONAL', 'INFORMATIONAL'],
    ['a stated rule held', 'held', 5, 0, 'DEVIATES', 'CONFORMS'],
    ['a stated rule held, with notes', 'held', 5, 2, 'DEVIATES', 'INFORMATIONAL'],
    ['a stated rule with nothing judged', 'held', 0, 0, 'DEVIATES', 'INFORMATIONAL'],
    ['an open property held', 'held', 5, 0, 'INFORMATIONAL', 'INFORMATIONAL'],
  ] as const)('%s', (_, outcome, holds, noteCount, onViolation, verdict) => {
    expect(propertyVerdict({ outcome, counts: counts(holds), noteCount }, onViolation)).toBe(verdict);
  });
});
