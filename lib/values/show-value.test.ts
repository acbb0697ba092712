import { describe, expect, test } from 'vitest';
import { showValue } from '../json.js';

describe('showValue', () => {
  test.each([
    ['a short string', 'updated', '"updated"'],
    ['a number', 42, '42'],
    ['null', null, 'null'],
    ['an object', { value: 'x' }, '{"value":"x"}'],
    ['control characters, escaped as JSON', 'a\u0000b\n', '"a\\u0000b\\n"'],
    ['nothing', undefined, '(absent)'],
  ])('%s', (_name, value, shown) => {
    expect(showValue(value)).toBe(shown);
  });

  test('cuts a long string and says how many characters it had', () => {
    const shown = showValue('x'.repeat(4096));

    expect(shown).toBe(`"${'x'.repeat(39)}… (4096 characters)`);
  });

  test('counts characters, not UTF-16 units', () => {
    expect(showValue('🙂'.repeat(100))).toMatch(/\(100 characters\)$/);
  });
});
