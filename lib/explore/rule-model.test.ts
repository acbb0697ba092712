/**
 * The rule model against lib/inference on full truth tables: same function, same roles, same
 * dependencies, whether the expression is one sum of products or a product of several.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { combinations, presentOf } from '../rule/field-set.js';
import { inferPresence } from '../inference/infer-presence.js';
import { truthTable } from '../../test/support/truth-table.js';
import type { IdlKind, Observation } from '../inference/types.js';
import { classRule, fieldNames, IDL_KINDS, type RoleSpec } from '../../test/support/random-rule.js';
import { cubesAccept, sameRule, sumOfProducts } from '../../test/support/rule-check.js';
import { parseExpression } from '../rule/expression.js';
import { describeModel, modelAccepts } from './rule-model.js';

const smallRule = fc.integer({ min: 2, max: 8 }).chain((n) =>
  fc
    .record({
      roles: fc.array(fc.constantFrom<RoleSpec>('required', 'forbidden', 'optional'), { minLength: n, maxLength: n }),
      statements: fc.array(
        fc.record({
          kind: fc.constantFrom<IdlKind>(...IDL_KINDS),
          members: fc.uniqueArray(fc.nat({ max: n - 1 }), { minLength: 2, maxLength: 4 }),
        }),
        { maxLength: 3 },
      ),
    })
    .map(({ roles, statements }) => classRule(fieldNames(n), roles, statements)),
);

test('describeModel gives what inferPresence gives on the whole truth table', () => {
  fc.assert(
    fc.property(smallRule, (rule) => {
      const observations = combinations(rule.fields).map(
        (present, mask): Observation => ({
          present,
          outcome: modelAccepts(rule, mask) ? 'accepted' : 'rejected',
          status: null,
        }),
      );
      const inference = inferPresence(rule.fields, observations);

      const described = describeModel(rule.fields, rule);

      expect(truthTable(rule.fields, described.expression)).toEqual(observations.map((o) => o.outcome === 'accepted'));
      // The expression made with the text is the one the parser reads from it: readers need not parse.
      expect(described.expr).toEqual(parseExpression(described.expression));
      const presences =
        inference.roles === undefined ? undefined : Object.fromEntries(Object.entries(inference.roles).map(([k, r]) => [k, r.presence]));
      expect(described.roles).toEqual(presences);
      expect(described.dependencies.map((d) => d.text)).toEqual(inference.rule.dependencies.map((d) => d.text));
    }),
    { seed: 17, numRuns: 200 },
  );
});

test('many independent groups are written as a product, which reads back as the same rule', () => {
  const rule = classRule(fieldNames(12), Array<RoleSpec>(12).fill('optional'), [
    { kind: 'Or', members: [0, 1, 2] },
    { kind: 'Or', members: [3, 4, 5] },
    { kind: 'OnlyOne', members: [6, 7, 8] },
  ]);

  const { expression, expr } = describeModel(rule.fields, rule);

  expect(expression).toBe('(f0 || f1 || f2) && (f3 || f4 || f5) && ((f6 && !f7 && !f8) || (f7 && !f6 && !f8) || (f8 && !f6 && !f7))');
  expect(expr).toEqual(parseExpression(expression));
  expect(sameRule(12, rule, expression, rule.fields).equal).toBe(true);
});

test('sameRule finds a combination on which two rules differ', () => {
  const rule = classRule(fieldNames(20), Array<RoleSpec>(20).fill('optional'), [{ kind: 'Requires', members: [3, 17] }]);

  const comparison = sameRule(20, rule, '!f3 || f17 || f4', rule.fields);

  expect(comparison.equal).toBe(false);
  const differs = comparison.counterexample ?? -1;
  expect(presentOf(rule.fields, differs)).toEqual(expect.arrayContaining(['f3', 'f4']));
  expect(cubesAccept(sumOfProducts(rule.fields, '!f3 || f17 || f4'), differs)).not.toBe(modelAccepts(rule, differs));
});
