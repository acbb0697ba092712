import { expect, test } from 'vitest';
import { messagePattern, namedFields, namedInError } from './message-pattern.js';

const FIELDS = ['changeType', 'resource', 'clientState'];

test('field names, quoted or bare and in any case, and digits are normalised; other quoted text is kept', () => {
  expect(messagePattern("  Property 'resource' is not allowed  ", FIELDS)).toBe("Property '<field>' is not allowed");
  expect(messagePattern('Property "ChangeType" at position 12 is invalid', FIELDS)).toBe('Property "<field>" at position <n> is invalid');
  expect(messagePattern('clientState must be shorter than or equal to 128 characters', FIELDS)).toBe(
    '<field> must be shorter than or equal to <n> characters',
  );
  expect(messagePattern("Value 'weekly' is not valid", FIELDS)).toBe("Value 'weekly' is not valid");
  // A field inside a longer word is not that field.
  expect(messagePattern('resourceId and my_resource are unknown', FIELDS)).toBe('resourceId and my_resource are unknown');
});

test('the same kind of sentence for several fields is one kind: each kind of sentence is kept once, in order', () => {
  const one = messagePattern('property resource should not exist', FIELDS);
  const two = messagePattern('property changeType should not exist; property resource should not exist', FIELDS);
  expect(two).toBe(one);
  expect(messagePattern('resource is required; property changeType should not exist', FIELDS)).toBe(
    '<field> is required; property <field> should not exist',
  );
});

test('namedFields lists the fields a message names, quoted ones first, spelt as the operation spells them', () => {
  expect(namedFields("Properties 'resource' and `changetype` conflict", FIELDS)).toEqual(['resource', 'changeType']);
  expect(namedFields('resource is missing', FIELDS)).toEqual(['resource']);
  expect(namedFields("clientState is too long; 'resource' is read-only", FIELDS)).toEqual(['resource', 'clientState']);
});

test('namedInError: by structure (any case) or in the message, in the fields order', () => {
  expect(namedInError({ errorNames: ['ClientState'], errorMessage: 'property resource should not exist' }, FIELDS)).toEqual([
    'resource',
    'clientState',
  ]);
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

test('a pattern kept from an earlier message is the pattern of the same message, fields and values only', () => {
  const message = "'resource' must not be 'me/drive'";
  const first = messagePattern(message, ['resource'], ['me/drive']);
  expect(first).toBe("'<field>' must not be '<value>'");
  expect(messagePattern(message, ['resource'], ['me/drive'])).toBe(first);
  // Another value sent, other fields, or no value: each its own pattern, not the kept one.
  expect(messagePattern(message, ['resource'], [])).toBe("'<field>' must not be 'me/drive'");
  expect(messagePattern(message, ['changeType'], ['me/drive'])).toBe("'resource' must not be '<value>'");
  expect(messagePattern(message, ['resource', 'me'], [])).not.toBe(first);
  // Long enough not to be kept: the same answer all the same.
  const long = `${message}; ${'x'.repeat(5000)}`;
  expect(messagePattern(long, ['resource'], ['me/drive'])).toBe(`${first}; ${'x'.repeat(5000)}`);
});
