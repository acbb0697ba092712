import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { SETTING_NAMES } from './settings.js';
import { didYouMean, editDistance, heldName } from './did-you-mean.js';

/** didYouMean as it reads from its contract: the nearest known name at most two edits from the key, in upper case. */
function nearestByTable(key: string, known: readonly string[]): string | undefined {
  if (known.includes(key) || key.length < 5) return undefined;
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    const d = editDistance(key.toUpperCase(), name);
    if (d <= 2 && (best === undefined || d < best.d)) best = { name, d };
  }
  return best?.name;
}

describe('didYouMean', () => {
  test('names the setting a typo was meant to be, and nothing for a name far from every setting', () => {
    expect(didYouMean('MAX_REQUEST', SETTING_NAMES)).toBe('MAX_REQUESTS');
    expect(didYouMean('base_urll', SETTING_NAMES)).toBe('BASE_URL');
    expect(didYouMean('HOSTNAME', SETTING_NAMES)).toBeUndefined();
    expect(didYouMean('BASE_URL', SETTING_NAMES)).toBeUndefined();
  });

  test('the early stop gives what the full table gives, on typos of every setting and on other names', () => {
    const typo = fc
      .tuple(fc.constantFrom(...SETTING_NAMES), fc.array(fc.tuple(fc.nat(40), fc.constantFrom('A', 'E', 'S', '_', '')), { maxLength: 3 }))
      .map(([name, edits]) => edits.reduce((s, [at, c]) => s.slice(0, at % (s.length + 1)) + c + s.slice((at % (s.length + 1)) + 1), name));
    fc.assert(
      fc.property(fc.oneof(typo, fc.stringMatching(/^[A-Za-z_]{0,24}$/)), (key) => {
        expect(didYouMean(key, SETTING_NAMES)).toBe(nearestByTable(key, SETTING_NAMES));
      }),
      { seed: 20261129, numRuns: 2_000 },
    );
  });
});

describe('heldName', () => {
  test('a pace setting held whole in a longer name, with one or two words more', () => {
    expect(heldName('MAX_REQUESTS_PER_SECOND', ['REQUESTS_PER_SECOND', 'MAX_REQUESTS'])).toBe('REQUESTS_PER_SECOND');
    expect(heldName('REQUESTS_PER_SECOND', ['REQUESTS_PER_SECOND'])).toBeUndefined();
    expect(heldName('A_B_C_MAX_REQUESTS', ['MAX_REQUESTS'])).toBeUndefined();
  });
});
