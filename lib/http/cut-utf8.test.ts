import { expect, test } from 'vitest';
import { cutUtf8 } from './cut-utf8.js';

test('cuts at the byte limit without splitting a character, as UTF-8 counts them', () => {
  const text = 'aé€😀b'.repeat(3); // 1 + 2 + 3 + 4 + 1 bytes each time
  for (let max = 0; max <= 40; max += 1) {
    const cut = cutUtf8(text, max);
    expect(text.startsWith(cut)).toBe(true);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(max);
    // The next character would not have fitted.
    const next = [...text.slice(cut.length)][0];
    if (next !== undefined) expect(Buffer.byteLength(cut + next)).toBeGreaterThan(max);
  }
  expect(cutUtf8('abc', 100)).toBe('abc');
});
