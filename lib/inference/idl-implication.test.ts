/**
 * `implies` against the definition: statements imply another when every combination on which they all hold also
 * satisfies it. Over random statements of every kind on up to seven fields, with the search's budget large enough to
 * finish, the search's answer is the answer of trying every combination.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { implies } from './idl-implication.js';
import { holds, type Statement } from './idl-statement.js';

const FIELDS = 7;

const distinct = (min: number, max: number) => fc.uniqueArray(fc.integer({ min: 0, max: FIELDS - 1 }), { minLength: min, maxLength: max });

const statement: fc.Arbitrary<Statement> = fc.oneof(
  distinct(2, 2).map((members): Statement => ({ kind: 'Requires', members })),
  fc
    .tuple(fc.constantFrom('OnlyOne', 'ZeroOrOne', 'Or', 'AllOrNone') as fc.Arbitrary<Statement['kind']>, distinct(2, 4))
    .map(([kind, members]): Statement => ({ kind, members: [...members].sort((a, b) => a - b) })),
  distinct(2, 5).chain((members) =>
    fc.integer({ min: 1, max: members.length - 1 }).map((cut): Statement => ({ kind: 'IfThen', members, then: members.slice(cut) })),
  ),
);

function impliedByDefinition(others: readonly Statement[], target: Statement): boolean {
  for (let mask = 0; mask < 1 << FIELDS; mask += 1) if (others.every((s) => holds(s, mask)) && !holds(target, mask)) return false;
  return true;
}

test('the search says what trying every combination says, for every kind of statement', () => {
  fc.assert(
    fc.property(fc.array(statement, { maxLength: 5 }), statement, (others, target) => {
      expect(implies(others, target, { nodes: 1_000_000 })).toBe(impliedByDefinition(others, target));
    }),
    { seed: 20261129, numRuns: 400 },
  );
});

test('a budget spent before the search ends answers undefined, not a verdict', () => {
  const or: Statement = { kind: 'Or', members: [0, 1, 2, 3, 4, 5] };
  const allOrNone: Statement = { kind: 'AllOrNone', members: [0, 1, 2, 3, 4, 5] };
  expect(implies([or], allOrNone, { nodes: 2 })).toBeUndefined();
  expect(implies([or], allOrNone, { nodes: 1_000 })).toBe(false);
});
