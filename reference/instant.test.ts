import { expect, test } from 'vitest';
import { formatInstant, parseInstant } from './instant.js';

test.each([
  ['2030-01-01T00:00:00.000Z', 'utc-z-millis', '2030-01-01T00:00:00.000Z'],
  ['2030-01-01T00:00:00Z', 'utc-z', '2030-01-01T00:00:00.000Z'],
  ['2030-01-01T00:00:00.1234567Z', 'utc-z', '2030-01-01T00:00:00.123Z'],
  ['2030-01-01T02:30+02:30', 'iso8601-with-zone', '2030-01-01T00:00:00.000Z'],
  ['2028-02-29T12:00:00-05:00', 'iso8601-with-zone', '2028-02-29T17:00:00.000Z'],
  ['0050-06-01T00:00:00Z', 'iso8601-with-zone', '0050-06-01T00:00:00.000Z'],
] as const)('%s in %s is %s', (text, format, iso) => {
  const parsed = parseInstant(text, format);

  expect(parsed.ok && formatInstant(parsed.epochMs)).toBe(iso);
});

test.each([
  ['2030-01-01T00:00:00Z', 'utc-z-millis'],
  ['2030-01-01T00:00:00+00:00', 'utc-z'],
  ['2030-02-29T00:00:00Z', 'iso8601-with-zone'],
  ['2030-13-01T00:00:00Z', 'iso8601-with-zone'],
  ['2030-01-01T23:60:00Z', 'iso8601-with-zone'],
  ['2030-01-01T00:00:00+24:00', 'iso8601-with-zone'],
  ['2030-01-01 00:00:00Z', 'iso8601-with-zone'],
  [' 2030-01-01T00:00:00Z', 'iso8601-with-zone'],
] as const)('%s is refused in %s', (text, format) => {
  expect(parseInstant(text, format).ok).toBe(false);
});
