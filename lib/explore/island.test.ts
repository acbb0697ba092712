import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { randomIslandRule } from '../../test/support/island-rules.js';
import { explore } from './explore.js';
import { namingOracleFor, oracleFor } from '../../test/support/random-rule.js';
import { modelAccepts } from './rule-model.js';
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

  test('errors that name the fields in the way (as pydantic or zod do) lead to the island on at least 18 of 20 rules at n = 12', async () => {
    let silent = 0;
    let named = 0;
    for (let k = 1; k <= 20; k += 1) {
      const rule = randomIslandRule(12, seededRng(SEED + 100 + k));
      if ((await explore(rule.fields, oracleFor(rule), { seed: k })).observations.some((o) => o.outcome === 'accepted')) silent += 1;
      const result = await explore(rule.fields, namingOracleFor(rule), { seed: k });
      expect(result.requests).toBeLessThanOrEqual(120);
      if (result.observations.some((o) => o.outcome === 'accepted')) named += 1;
    }
    expect(named).toBeGreaterThanOrEqual(18);
    expect(named).toBeGreaterThan(silent);
  });

  test('names that lie cost at most n requests of the budget: the search still stays within it and reports only true answers', async () => {
    for (let k = 1; k <= 10; k += 1) {
      const rule = randomIslandRule(12, seededRng(SEED + 200 + k));
      const result = await explore(rule.fields, namingOracleFor(rule, seededRng(k)), { seed: k });
      expect(result.requests).toBeLessThanOrEqual(120);
      for (const o of result.observations) {
        const mask = o.present.reduce((m, f) => m | (1 << rule.fields.indexOf(f)), 0);
        expect(o.outcome === 'accepted').toBe(modelAccepts(rule, mask));
      }
    }
  });
});
