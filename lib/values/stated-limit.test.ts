import { describe, expect, test } from 'vitest';
import { statedNumbers } from './stated-limit.js';

describe('statedNumbers', () => {
  test.each([
    ['Subscription expiration can only be 4230 minutes in the future.', 'minutes', [4230]],
    ['Subscription expiration can only be 42,300 minutes in the future.', 'minutes', [42_300]],
    // The length sent comes with the unit, so first; a candidate outside the search's gap is dropped there.
    ['The clientState is 4096 characters long; at most 255 are allowed.', 'characters', [4096, 255]],
    // A quoted value and an instant are what was sent, not the rule.
    ["The expirationDateTime '2031-01-01T00:00:00.000Z' is more than 4320 minutes in the future. Within 6 months.", 'minutes', [4320, 6]],
    ['The expirationDateTime 2031-01-01T00:00:00Z is too far ahead (at most 1 minute more).', 'minutes', [1]],
    ["can't be more than 128 characters", 'characters', [128]],
    ['The request is malformed or incorrect.', 'minutes', []],
    ['v2.0 rejects 1.5 of 3 4 5 6', 'minutes', [3, 4, 5]],
  ])('%s', (message, unit, numbers) => {
    expect(statedNumbers(message, unit)).toEqual(numbers);
  });

  test('a hostile message is read only so far, and gives only a few numbers', () => {
    expect(statedNumbers(`${'x '.repeat(5_000)}at most 7 minutes`, 'minutes')).toEqual([]);
    expect(statedNumbers(Array.from({ length: 1000 }, (_, i) => `${i + 10}`).join(' '), 'minutes')).toHaveLength(3);
  });
});
