import { expect, test } from 'vitest';
import { implies } from './idl-implication.js';
import type { Statement } from './idl-statement.js';
import { dependenciesExact, inferDependencies } from './idl.js';
import type { FieldRole } from './types.js';

/** Every combination of n fields known: the accepted ones, the rest rejected. */
const complete = (n: number, accepted: readonly number[]): Map<number, boolean> =>
  new Map(Array.from({ length: 2 ** n }, (_, m) => [m, accepted.includes(m)] as const));

const conditional = (fields: readonly string[]): Record<string, FieldRole> =>
  Object.fromEntries(fields.map((name) => [name, { presence: 'conditional', explanation: '' }]));

test('Requires chains are reported without the edges they imply', () => {
  // a -> b -> c on every accepted combination; a -> c is implied.
  const accepted = [0b000, 0b100, 0b110, 0b111];
  const { dependencies } = inferDependencies(['a', 'b', 'c'], conditional(['a', 'b', 'c']), complete(3, accepted));
  expect(dependencies.map((d) => d.text)).toEqual(['IF a THEN b;', 'IF b THEN c;']);
});

test('implication between statements is decided by search', () => {
  // ZeroOrOne(a, x) and Or(x, b) imply IF a THEN b.
  const zeroOrOne: Statement = { kind: 'ZeroOrOne', members: [0, 2] };
  const or: Statement = { kind: 'Or', members: [2, 1] };
  const requires: Statement = { kind: 'Requires', members: [0, 1] };
  expect(implies([zeroOrOne, or], requires)).toBe(true);
  expect(implies([or], requires)).toBe(false);
});

test('roles with no conditional field give no statements, and exactness follows the roles', () => {
  const roles: Record<string, FieldRole> = {
    a: { presence: 'required', explanation: '' },
    b: { presence: 'forbidden', explanation: '' },
  };
  expect(inferDependencies(['a', 'b'], roles, complete(2, [0b01])).dependencies).toEqual([]);
  const verdicts = new Map([
    [0b00, false],
    [0b01, true],
    [0b10, false],
    [0b11, false],
  ]);
  expect(dependenciesExact(['a', 'b'], roles, [], verdicts)).toBe(true);
});

test('a statement that an unknown combination could break is not stated', () => {
  // a and b together or not at all on the known accepted ones; {a} was never answered, so it may
  // be accepted and break IF a THEN b, while IF b THEN a holds whatever {a} gets.
  const verdicts = new Map([
    [0b00, true],
    [0b10, false],
    [0b11, true],
  ]);
  expect(inferDependencies(['a', 'b'], conditional(['a', 'b']), verdicts).dependencies.map((d) => d.text)).toEqual(['IF b THEN a;']);
  verdicts.set(0b01, false);
  expect(inferDependencies(['a', 'b'], conditional(['a', 'b']), verdicts).dependencies.map((d) => d.text)).toEqual(['AllOrNone(a, b);']);
});

test('30 conditional fields: the group search is bounded and says so', () => {
  const fields = Array.from({ length: 30 }, (_, i) => `f${i}`);
  // Accepted: each single field, and each adjacent pair; every other combination unknown.
  const accepted = [...fields.map((_, i) => 1 << i), ...fields.slice(1).map((_, i) => (1 << i) | (1 << (i + 1)))];

  const started = performance.now();
  const { dependencies, notes } = inferDependencies(fields, conditional(fields), new Map(accepted.map((m) => [m, true] as const)));
  expect(performance.now() - started).toBeLessThan(3_000);

  expect(notes).toContain('Or/OnlyOne: groups of up to 3 of the 30 conditional fields were searched');
  // 2^30 - 59 combinations were never answered: any of them may be accepted, so nothing is certain.
  expect(dependencies).toEqual([]);
});
