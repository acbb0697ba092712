import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { subscriptionCreate } from '../operation/index.js';
import type { OperationSpec, ValueContext } from '../operation/types.js';
import { bodyPlanArbitrary } from './arbitraries.js';
import { materializeBody, planKey } from './body-plan.js';

const ctx: ValueContext = { now: new Date(), notificationUrl: 'https://hooks.example/n', unique: 'u1' };
const fields = subscriptionCreate.fields.map((f) => f.name);

describe('bodyPlanArbitrary over the operation data', () => {
  test('plans name exactly the operation fields, each with a choice the field has', () => {
    fc.assert(
      fc.property(bodyPlanArbitrary(subscriptionCreate), (plan) => {
        expect(Object.keys(plan)).toEqual(fields);
        for (const field of subscriptionCreate.fields) {
          const choice = plan[field.name];
          if (choice?.kind === 'class') expect(field.classes.map((c) => c.id)).toContain(choice.id);
        }
      }),
      { seed: 42 },
    );
  });

  test('every body is a JSON object with fields of the operation only', () => {
    fc.assert(
      fc.property(bodyPlanArbitrary(subscriptionCreate), (plan) => {
        const wire = JSON.stringify(materializeBody(subscriptionCreate, plan, ctx));
        const parsed: unknown = JSON.parse(wire);
        expect(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)).toBe(true);
        for (const key of Object.keys(parsed as object)) expect(fields).toContain(key);
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  test('draws absent, good and value classes alike; goodValuesOnly draws no class', () => {
    const kinds = new Set(
      fc.sample(bodyPlanArbitrary(subscriptionCreate), { seed: 1, numRuns: 200 }).flatMap((p) => Object.values(p).map((c) => c.kind)),
    );
    const classesDefined = subscriptionCreate.fields.some((f) => f.classes.length > 0);
    expect([...kinds].sort()).toEqual(classesDefined ? ['absent', 'class', 'good'] : ['absent', 'good']);
    const goodOnly = fc.sample(bodyPlanArbitrary(subscriptionCreate, { goodValuesOnly: true }), { seed: 1, numRuns: 200 });
    expect(new Set(goodOnly.flatMap((p) => Object.values(p).map((c) => c.kind)))).toEqual(new Set(['absent', 'good']));
  });

  test('the same seed draws the same plans', () => {
    const draw = (seed: number) => fc.sample(bodyPlanArbitrary(subscriptionCreate), { seed, numRuns: 30 }).map(planKey);
    expect(draw(99)).toEqual(draw(99));
    expect(draw(99)).not.toEqual(draw(100));
  });

  test('a counterexample shrinks to the fields that reproduce it, at their good value where that reproduces it', () => {
    const operation: OperationSpec = {
      id: 'shrink-op',
      summary: 'test',
      method: 'POST',
      path: '/x',
      headers: {},
      fields: ['a', 'b', 'c'].map((name) => ({
        name,
        specRef: 'test',
        good: () => 'good',
        classes: [
          { id: 'one', description: '1', value: () => 1, specRef: 'test', expectation: 'open' as const },
          { id: 'two', description: '2', value: () => 2, specRef: 'test', expectation: 'open' as const },
        ],
      })),
    };
    // "Fails" whenever b is present, whatever its value.
    const details = fc.check(
      fc.property(bodyPlanArbitrary(operation), (plan) => plan.b?.kind === 'absent'),
      { seed: 3 },
    );
    expect(details.failed).toBe(true);
    expect(details.counterexample?.[0]).toEqual({ a: { kind: 'absent' }, b: { kind: 'good' }, c: { kind: 'absent' } });
  });

  test('an operation without fields is refused, naming the API', () => {
    const empty: OperationSpec = { ...subscriptionCreate, id: 'empty', fields: [] };
    expect(() => bodyPlanArbitrary(empty)).toThrow(/^bodyPlanArbitrary: operation empty has no fields/);
  });
});
