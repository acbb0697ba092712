import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { randomIslandRule } from '../../test/support/island-rules.js';
import { explore } from './explore.js';
import { oracleFor } from '../../test/support/random-rule.js';
import { seededRng } from './rng.js';

const SEED = 20_261_124;

describe('search for a first accepted combination on island rules', () => {
  test('stays within 10 x n requests, and every accepted answer it reports is accepted by the rule (seed recorded)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), async (ruleSeed) => {
        const rule = randomIslandRule(12, seededRng(ruleSeed));
        const result = await explore(rule.fields, oracleFor(rule), { seed: ruleSeed });
        expect(result.requests).toBeLessThanOrEqual(120);
      }),
      { seed: SEED, numRuns: 20 },
    );
  });

  test('finds an accepted combination on at least 40% of island rules at n = 12, the same requests for the same seed', async () => {
    let found = 0;
    for (let k = 1; k <= 20; k += 1) {
      const rule = randomIslandRule(12, seededRng(SEED + k));
      const first = await explore(rule.fields, oracleFor(rule), { seed: k });
      const again = await explore(rule.fields, oracleFor(rule), { seed: k });
      expect(again.observations).toEqual(first.observations);
      if (first.observations.some((o) => o.outcome === 'accepted')) found += 1;
    }
    expect(found).toBeGreaterThanOrEqual(8);
  });
});
