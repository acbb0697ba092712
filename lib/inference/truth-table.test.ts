import { expect, test } from 'vitest';
import { rolesFromRule, truthTable } from '../../test/support/truth-table.js';

test('truthTable answers every combination in bitmask order', () => {
  expect(truthTable(['a', 'b'], 'a && !b')).toEqual([false, true, false, false]);
  expect(truthTable(['a', 'b'], 'true')).toEqual([true, true, true, true]);
});

test('rolesFromRule gives the roles a perfect probe would infer', () => {
  const roles = rolesFromRule(['a', 'b', 'c', 'd'], 'a && !b && (!c || d)');
  expect(Object.fromEntries(Object.entries(roles ?? {}).map(([name, role]) => [name, role.presence]))).toEqual({
    a: 'required',
    b: 'forbidden',
    c: 'conditional',
    d: 'conditional',
  });
  expect(roles?.['c']?.explanation).toBe(
    'Accepted both with c (1 combination) and without it (2), but adding or removing it changed the answer in 1 of 8 pairs of known combinations that differ only in it, e.g. {a} was accepted but {a, c} rejected.',
  );
});

test('a rule that accepts nothing has no roles', () => {
  expect(rolesFromRule(['a'], 'a && !a')).toBeUndefined();
});

test('an optional field says how many pairs showed it does not matter', () => {
  expect(rolesFromRule(['a', 'b'], 'a')?.['b']).toEqual({
    presence: 'optional',
    explanation:
      'Accepted both with b (1 combination) and without it (1); adding or removing it never changed the answer over 2 pairs of known combinations that differ only in it.',
  });
});
