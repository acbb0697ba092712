import { expect, test } from 'vitest';
import { messagePattern, namedFields } from './message-pattern.js';

const FIELDS = ['changeType', 'resource', 'clientState'];

test('quoted field names and digits are normalised, other quoted text is kept', () => {
  expect(messagePattern("  Property 'resource' is not allowed  ", FIELDS)).toBe("Property '<field>' is not allowed");
  expect(messagePattern('Property "ChangeType" at position 12 is invalid', FIELDS)).toBe("Property '<field>' at position <n> is invalid");
  expect(messagePattern("Value 'weekly' is not valid", FIELDS)).toBe("Value 'weekly' is not valid");
});

test('namedFields lists the fields a message quotes, spelt as the operation spells them', () => {
  expect(namedFields("Properties 'resource' and `changetype` conflict", FIELDS)).toEqual(['resource', 'changeType']);
  expect(namedFields('resource is missing', FIELDS)).toEqual([]);
});

test('a hostile message of quotes never closed is read in one pass (each was rescanned to the end: quadratic in its size)', () => {
  const started = performance.now();
  for (const quote of ["'", '"', '`', '‘', '“']) {
    const message = `${quote}x`.repeat(30_000);
    expect(namedFields(message, FIELDS)).toEqual([]);
    expect(messagePattern(message, FIELDS)).toBe(message);
  }
  // Unbounded, the curly quote alone took about 0.7 s.
  expect(performance.now() - started).toBeLessThan(1_000);
});
