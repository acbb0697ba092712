import { expect, test } from 'vitest';
import { answerFields, MAX_ENTRIES_READ } from './answer-fields.js';
import { MAX_RECORD_FIELDS } from './record-fields.js';

test('each key of the objects with the types seen for it, sorted; nothing when no object is there', () => {
  expect(answerFields([{ b: 1, a: 'x' }, { a: null, c: [1] }, 'not an object'])).toEqual({
    a: ['null', 'string'],
    b: ['number'],
    c: ['array'],
  });
  expect(answerFields([])).toBeUndefined();
  expect(answerFields(['text', 3, null])).toBeUndefined();
});

test('undefined, never a part of the keys, when the answer is too large to describe in full', () => {
  const many = Object.fromEntries(Array.from({ length: MAX_RECORD_FIELDS + 1 }, (_, i) => [`k${i}`, i]));
  expect(answerFields([many])).toBeUndefined();
  expect(answerFields([{ ['x'.repeat(201)]: 1 }])).toBeUndefined();
  expect(answerFields(Array.from({ length: MAX_ENTRIES_READ + 1 }, () => ({ id: 'a' })))).toBeUndefined();
  expect(answerFields(Array.from({ length: MAX_ENTRIES_READ }, () => ({ id: 'a' })))).toEqual({ id: ['string'] });
});
