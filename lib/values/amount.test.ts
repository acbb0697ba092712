import { expect, test } from 'vitest';
import { amount } from './amount.js';

test.each([
  [42_300, 'minutes', '42300 minutes (29.375 days)'],
  [259_200, 'minutes', '259200 minutes (180 days)'],
  [59, 'minutes', '59 minutes'],
  [255, 'characters', '255 characters'],
])('amount(%s, %s) is %s', (x, unit, text) => {
  expect(amount(x, unit)).toBe(text);
});
