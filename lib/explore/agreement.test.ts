import { expect, test } from 'vitest';
import { describeAgreement } from './agreement.js';
import type { RuleModel } from './rule-model.js';

const fields = ['a', 'b', 'c', 'd'];
/** d required; a -> b in one rule, a -> c in the other, and OnlyOne(b, c)... in neither. */
const first: RuleModel = { required: 0b1000, forbidden: 0, statements: [{ kind: 'Requires', members: [0, 1] }] };
const second: RuleModel = { required: 0b1000, forbidden: 0, statements: [{ kind: 'Requires', members: [0, 2] }] };

test('one rule that fits: its roles and dependencies as they are', () => {
  const described = describeAgreement(fields, [first]);
  expect(described.roles).toEqual({ a: 'conditional', b: 'conditional', c: 'optional', d: 'required' });
  expect(described.dependencies.map((d) => d.text)).toEqual(['IF a THEN b;']);
});

test('rules that fit but differ: a role or dependency they disagree on is not stated', () => {
  const described = describeAgreement(fields, [first, second]);
  expect(described.expression).toBe(describeAgreement(fields, [first]).expression);
  expect(described.roles).toEqual({ a: 'conditional', b: 'undetermined', c: 'undetermined', d: 'required' });
  expect(described.dependencies).toEqual([]);
});

test('a dependency every fitting rule states is kept', () => {
  const both: RuleModel = { ...second, statements: [...second.statements, { kind: 'Requires', members: [0, 1] }] };
  const described = describeAgreement(fields, [first, both]);
  expect(described.dependencies.map((d) => d.text)).toEqual(['IF a THEN b;']);
  expect(described.roles?.['c']).toBe('undetermined');
});
