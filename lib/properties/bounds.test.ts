import { describe, expect, test } from 'vitest';
import { PROPERTIES, PropertyBudget, propertyBounds, resolveSeed, trialRequests } from './bounds.js';
import { propertyVerdict } from './verdict.js';

describe('propertyBounds', () => {
  const input = { propertyRuns: 20, requestsPerSecond: 10, requestTimeoutMs: 10_000 };
  test("the request cap is the runs' trials at their most plus the shrinking left", () => {
    expect(propertyBounds(input, 'answers-2xx-or-4xx', 40).maxRequests).toBe(20 * 2 + 40);
    // The determinism property's first send is the first property's answer to the same body: its trial is the second.
    expect(propertyBounds(input, 'same-request-same-status', 0).maxRequests).toBe(20 * 2);
    // The error-body property reads the first property's answers: only the shrinking allowance is its own.
    expect(propertyBounds(input, 'error-body-spec-7', 10).maxRequests).toBe(10);
  });

  test('the time limit allows each request and a retry per run twice the slower of the rate pace and half a second, plus one timeout', () => {
    expect(propertyBounds(input, 'answers-2xx-or-4xx', 40).timeLimitMs).toBe((80 + 20) * 1000 + 10_000);
    expect(
      propertyBounds({ propertyRuns: 20, requestsPerSecond: 0.5, requestTimeoutMs: 1_000 }, 'matrix-rule-predicts-outcome', 10).timeLimitMs,
    ).toBe((50 + 20) * 4000 + 1_000);
  });

  test('a bad shrinking allowance is refused, naming the API', () => {
    expect(() => propertyBounds(input, 'answers-2xx-or-4xx', -1)).toThrow(/^propertyBounds: /);
    expect(() => propertyBounds(input, 'answers-2xx-or-4xx', 1.5)).toThrow(/^propertyBounds: /);
  });
});

describe('PropertyBudget', () => {
  const input = { propertyRuns: 10, requestsPerSecond: 10, requestTimeoutMs: 1_000 };
  test('what a property sent past its trials is shrinking, taken off what the next may shrink with', () => {
    const budget = new PropertyBudget(input, 30);
    expect(budget.bounds('answers-2xx-or-4xx').maxRequests).toBe(20 + 30);
    budget.spent('answers-2xx-or-4xx', 12); // held: nothing shrunk
    expect(budget.shrinkLeft).toBe(30);
    budget.spent('error-body-spec-7', 18); // its trials read the first property's answers: it shrank with 18
    expect(budget.bounds('same-request-same-status').maxRequests).toBe(20 + 12);
    budget.spent('same-request-same-status', 20 + 12);
    expect(budget.bounds('matrix-rule-predicts-outcome').maxRequests).toBe(20);
  });

  test('the properties together never pass their trials plus the allowance, however each spends its cap', () => {
    const budget = new PropertyBudget(input, 25);
    let sent = 0;
    for (const property of PROPERTIES) {
      const cap = budget.bounds(property).maxRequests;
      budget.spent(property, cap);
      sent += cap;
    }
    expect(sent).toBe(PROPERTIES.reduce((n, p) => n + trialRequests(input, p), 0) + 25);
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
