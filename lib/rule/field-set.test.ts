import { expect, test } from 'vitest';
import { combinationKey, combinations, formatCombination, maskOf, fieldIndex, presentOf } from './field-set.js';

test('combinations are every subset, in bitmask order (field i is bit i)', () => {
  expect(combinations(['a', 'b', 'c'])).toEqual([[], ['a'], ['b'], ['a', 'b'], ['c'], ['a', 'c'], ['b', 'c'], ['a', 'b', 'c']]);
  expect(combinations([])).toEqual([[]]);
});

test('masks and present fields convert both ways; unknown names give undefined', () => {
  const fields = ['a', 'b', 'c'];
  const index = fieldIndex(fields);
  expect(maskOf(index, ['c', 'a'])).toBe(0b101);
  expect(presentOf(fields, 0b101)).toEqual(['a', 'c']);
  expect(maskOf(index, ['z'])).toBeUndefined();
});

test('a combination prints as a set', () => {
  expect(formatCombination(['a', 'b'])).toBe('{a, b}');
  expect(formatCombination([])).toBe('{}');
});

test('enumerating more than 20 fields is refused, naming the API', () => {
  expect(() => combinations(Array.from({ length: 21 }, (_, i) => `f${i}`))).toThrow(/^combinations: 21 fields/);
});

test('combinationKey: the same fields in any order are one key; a field name holding + or , is not two fields', () => {
  expect(combinationKey(['b', 'a'])).toBe(combinationKey(['a', 'b']));
  expect(combinationKey(['a+b'])).not.toBe(combinationKey(['a', 'b']));
  expect(combinationKey(['a,b'])).not.toBe(combinationKey(['a', 'b']));
});
