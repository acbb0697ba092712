import { describe, expect, test } from 'vitest';
import { parseHttpDate, parseRetryAfter, retryAfterDelayMs } from './retry-after.js';

const AT = Date.UTC(1994, 10, 6, 8, 49, 37); // RFC 9110's example date

describe('parseHttpDate', () => {
  test.each([
    ['Sun, 06 Nov 1994 08:49:37 GMT'], // IMF-fixdate
    ['Sunday, 06-Nov-94 08:49:37 GMT'], // obsolete RFC 850
    ['Sun Nov  6 08:49:37 1994'], // obsolete asctime
  ])('reads %s', (text) => {
    expect(parseHttpDate(text)).toBe(AT);
  });

  test.each([['06 Nov 1994'], ['Sun, 31 Feb 1994 08:49:37 GMT'], ['Sun, 06 Nov 1994 25:49:37 GMT'], ['tomorrow']])('rejects %s', (text) => {
    expect(parseHttpDate(text)).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  test('delay-seconds', () => {
    expect(parseRetryAfter('120')).toEqual({ kind: 'seconds', ms: 120_000 });
    expect(parseRetryAfter(' 0 ')).toEqual({ kind: 'seconds', ms: 0 });
  });

  test('HTTP-date', () => {
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT')).toEqual({ kind: 'date', at: AT });
  });

  test.each([[undefined], [''], ['-1'], ['1.5'], ['soon'], ['10 seconds']])('garbage %s is undefined', (text) => {
    expect(parseRetryAfter(text)).toBeUndefined();
  });
});

describe('retryAfterDelayMs', () => {
  test('a date counts from the response Date header when there is one', () => {
    const date = 'Sun, 06 Nov 1994 08:49:30 GMT';
    expect(retryAfterDelayMs('Sun, 06 Nov 1994 08:49:37 GMT', date, 0)).toBe(7_000);
  });

  test('else from the local clock, and never below zero', () => {
    expect(retryAfterDelayMs('Sun, 06 Nov 1994 08:49:37 GMT', undefined, AT - 2_500)).toBe(2_500);
    expect(retryAfterDelayMs('Sun, 06 Nov 1994 08:49:37 GMT', 'not a date', AT - 2_500)).toBe(2_500);
    expect(retryAfterDelayMs('Sun, 06 Nov 1994 08:49:37 GMT', undefined, AT + 60_000)).toBe(0);
  });

  test('seconds ignore both clocks; garbage gives undefined', () => {
    expect(retryAfterDelayMs('3', 'Sun, 06 Nov 1994 08:49:30 GMT', 12345)).toBe(3_000);
    expect(retryAfterDelayMs('later', undefined, 0)).toBeUndefined();
  });
});
