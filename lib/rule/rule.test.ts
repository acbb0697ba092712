import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { presentOf } from './field-set.js';
import { minimalTransversals } from './hitting-sets.js';
import { Rule } from './rule.js';
import { ExpressionSyntaxError } from '../errors.js';

describe('Rule', () => {
  test('a text is parsed once: every caller gets the same value', () => {
    expect(Rule.of('a && !b')).toBe(Rule.of('a && !b'));
  });

  test('offers its fields, its text and whether a combination is accepted', () => {
    const rule = Rule.of('notificationUrl && expirationDateTime && !changeType');
    expect(rule.text).toBe('notificationUrl && expirationDateTime && !changeType');
    expect(rule.fields).toEqual(['notificationUrl', 'expirationDateTime', 'changeType']);
    expect(rule.accepts(['notificationUrl', 'expirationDateTime', 'clientState'])).toBe(true);
    expect(rule.accepts(new Set(['notificationUrl', 'expirationDateTime', 'changeType']))).toBe(false);
  });

  test('a text that is not a rule throws with the position, or is undefined from tryOf', () => {
    expect(() => Rule.of('a && %')).toThrow(ExpressionSyntaxError);
    expect(() => Rule.of('a && %')).toThrow(/position 5/);
    expect(Rule.tryOf('a &&')).toBeUndefined();
  });

  test('its products drop contradictions, and a rule past the cap says so instead of multiplying out', () => {
    expect(Rule.of('a && !a').products()).toEqual([]);
    const wide = Array.from({ length: 13 }, (_, i) => `(x${i} || y${i})`).join(' && ');
    expect(Rule.of(wide).products()).toBeUndefined();
  });

  // Seeded, so a failure replays: the products and the rule accept the same combinations.
  test('products agree with accepts on random rules', () => {
    const fields = ['a', 'b', 'c', 'd', 'e'];
    const literal = fc.constantFrom(...fields).chain((f) => fc.constantFrom(f, `!${f}`));
    const product = fc.array(literal, { minLength: 1, maxLength: 3 }).map((ls) => ls.join(' && '));
    const text = fc.array(product, { minLength: 1, maxLength: 4 }).map((ps) => ps.map((p) => `(${p})`).join(' || '));
    fc.assert(
      fc.property(text, (t) => {
        const rule = Rule.of(t);
        const products = rule.products() ?? [];
        for (let mask = 0; mask < 2 ** fields.length; mask += 1) {
          const present = new Set(presentOf(fields, mask));
          const byProducts = products.some(
            (p) => [...p.present].every((f) => present.has(f)) && ![...p.absent].some((f) => present.has(f)),
          );
          if (byProducts !== rule.accepts(present)) return false;
        }
        return true;
      }),
      { seed: 20261124, numRuns: 200 },
    );
  });
});

describe('minimalTransversals', () => {
  test('every minimal set meeting each set of the family', () => {
    // {0,1} and {1,2}: hit by {1}, or by {0,2}.
    expect(minimalTransversals([0b011, 0b110])?.sort()).toEqual([0b010, 0b101]);
  });

  test('an empty set cannot be hit', () => {
    expect(minimalTransversals([0b1, 0])).toEqual([]);
  });

  test('stops at its budget: sets kept, or work shared across calls', () => {
    const family = Array.from({ length: 10 }, (_, i) => (1 << (2 * i)) | (1 << (2 * i + 1)));
    expect(minimalTransversals(family, { maxSets: 100 })).toBeUndefined();
    expect(minimalTransversals(family)?.length).toBe(2 ** 10);
    const work = { left: 50 };
    expect(minimalTransversals(family, { work })).toBeUndefined();
    expect(work.left).toBeLessThan(0);
  });
});
