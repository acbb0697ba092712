/**
 * Roles and dependencies never contradict the rule. Combinations without a usable
 * answer (unstable, error, never sent) could be accepted or rejected; each way of answering them is
 * a completion of the matrix. The oracle here enumerates every completion and reads the roles
 * straight off their definitions over the complete table, independently of lib/inference/roles.ts:
 * - a role is stated (not `undetermined`) exactly when every completion gives it;
 * - an undetermined role lists the roles the completions give, and the unknown combinations it hangs
 *   on: those whose answer alone, flipped in some completion, changes the role;
 * - no IDL dependency is stated that an accepted combination of some completion breaks.
 * Seeds are fixed; fast-check prints the seed and the counterexample path on failure.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { combinations, presentOf } from '../rule/field-set.js';
import { evaluate, parseExpression } from '../rule/expression.js';
import { fromIdl, holds } from './idl-statement.js';
import { inferPresence } from './infer-presence.js';
import { rolesOf } from './roles.js';
import type { DeterminedRole, Observation, PresenceInference } from './types.js';

const NAMES = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState', 'f5'];
const ORDER: readonly DeterminedRole[] = ['required', 'forbidden', 'optional', 'conditional'];

/**
 * n fields (1..6) and a truth table shaped like services state rules: each field required,
 * forbidden, optional or free, and a random table over the free fields.
 */
const ruleTable = fc.integer({ min: 1, max: 6 }).chain((n) =>
  fc
    .record({
      kinds: fc.array(fc.constantFrom('required', 'forbidden', 'optional', 'free', 'free'), { minLength: n, maxLength: n }),
      free: fc.array(fc.boolean(), { minLength: 2 ** n, maxLength: 2 ** n }),
    })
    .map(({ kinds, free }) => {
      const bits = (kind: string): number => kinds.reduce((mask, k, i) => (k === kind ? mask | (1 << i) : mask), 0);
      const [required, forbidden, freeBits] = [bits('required'), bits('forbidden'), bits('free')];
      const table = Array.from(
        { length: 2 ** n },
        (_, m) => (m & required) === required && (m & forbidden) === 0 && free[m & freeBits] === true,
      );
      return { fields: NAMES.slice(0, n), table };
    }),
);

/** The role of field bit `bit` over a complete table, from the definitions; undefined when nothing is accepted. */
function roleOver(table: readonly boolean[], bit: number): DeterminedRole | undefined {
  const accepted = table.flatMap((ok, m) => (ok ? [m] : []));
  if (accepted.length === 0) return undefined;
  if (accepted.every((m) => (m & bit) !== 0)) return 'required';
  if (accepted.every((m) => (m & bit) === 0)) return 'forbidden';
  return table.every((ok, m) => ok === table[m ^ bit]) ? 'optional' : 'conditional';
}

/** Every completion of `table` over the unknown masks (bit j of c decides unknown[j]). */
function* completionsOf(table: readonly boolean[], unknown: readonly number[]): Generator<boolean[]> {
  for (let c = 0; c < 2 ** unknown.length; c += 1) {
    const full = [...table];
    unknown.forEach((m, j) => {
      full[m] = ((c >> j) & 1) === 1;
    });
    yield full;
  }
}

/** What the oracle says of one field: the roles the completions give and the unknowns it hangs on. */
function oracle(table: readonly boolean[], unknown: readonly number[], bit: number): { possible: DeterminedRole[]; pivotal: number[] } {
  const seen = new Set<DeterminedRole>();
  const pivotal = new Set<number>();
  for (const full of completionsOf(table, unknown)) {
    const role = roleOver(full, bit);
    if (role === undefined) continue;
    seen.add(role);
    for (const u of unknown) {
      const flipped = [...full];
      flipped[u] = !flipped[u];
      if (roleOver(flipped, bit) !== role) pivotal.add(u);
    }
  }
  return { possible: ORDER.filter((r) => seen.has(r)), pivotal: [...pivotal].sort((a, b) => a - b) };
}

/** Checks an inference against the oracle; `table` gives the answers of the known masks. */
function checkAgainstCompletions(
  fields: readonly string[],
  table: readonly boolean[],
  unknown: readonly number[],
  inference: PresenceInference,
): void {
  const knownAccepted = table.some((ok, m) => ok && !unknown.includes(m));
  expect(inference.roles === undefined).toBe(!knownAccepted);
  if (inference.roles === undefined) return;
  fields.forEach((name, i) => {
    const { possible, pivotal } = oracle(table, unknown, 1 << i);
    const role = inference.roles?.[name];
    const [only] = possible;
    if (possible.length === 1) {
      expect(role, name).toEqual({ presence: only, explanation: expect.any(String) as unknown });
    } else {
      expect(role?.presence, name).toBe('undetermined');
      expect(role?.possible, name).toEqual(possible);
      expect(role?.hangsOnCount, name).toBe(pivotal.length);
      expect(role?.hangsOn, name).toEqual(pivotal.slice(0, 8).map((m) => presentOf(fields, m)));
    }
  });
  // Every dependency holds on every accepted combination of every completion: on the known
  // accepted ones and on every unknown one (each is accepted in some completion).
  const index = new Map(fields.map((name, i) => [name, i]));
  for (const dependency of inference.rule.dependencies) {
    const statement = fromIdl(index, dependency);
    expect(statement, dependency.text).toBeDefined();
    if (statement === undefined) continue;
    const breaking = table.flatMap((ok, m) => ((ok || unknown.includes(m)) && !holds(statement, m) ? [m] : []));
    expect(
      breaking.map((m) => presentOf(fields, m)),
      dependency.text,
    ).toEqual([]);
  }
  // A rejection group's condition is exact on the known combinations; the unknown ones it is also
  // true on (which may be answered otherwise) are named and counted.
  for (const group of inference.rejectionGroups) {
    const expr = parseExpression(group.explanation);
    const fitting = unknown.filter((m) => evaluate(expr, new Set(presentOf(fields, m))));
    expect(group.unknownMatchingCount, group.summary).toBe(fitting.length === 0 ? undefined : fitting.length);
    expect(group.unknownMatching, group.summary).toEqual(
      fitting.length === 0 ? undefined : fitting.slice(0, 8).map((m) => presentOf(fields, m)),
    );
    if (fitting.length > 0) expect(group.summary).toContain('exact on the known combinations only');
  }
}

function observationsOf(
  fields: readonly string[],
  table: readonly boolean[],
  fate: (mask: number) => 'known' | 'unstable' | 'error' | 'missing',
): Observation[] {
  return combinations(fields).flatMap((present, mask): Observation[] => {
    const answer: Observation =
      table[mask] === true
        ? { present, outcome: 'accepted', status: 201 }
        : { present, outcome: 'rejected', status: 400, errorCode: 'invalidRequest' };
    switch (fate(mask)) {
      case 'known':
        return [answer];
      case 'unstable':
        return [{ ...answer, outcome: 'unstable', statuses: table[mask] === true ? [201, 400] : [400, 201] }];
      case 'error':
        return [{ present, outcome: 'error', status: null }];
      case 'missing':
        return [];
    }
  });
}

test('one to three unstable combinations: no role or dependency some completion falsifies; every role all completions agree on is stated', () => {
  const withUnstable = ruleTable.chain(({ fields, table }) =>
    fc
      .uniqueArray(fc.nat({ max: table.length - 1 }), { minLength: 1, maxLength: Math.min(3, table.length) })
      .map((unstable) => ({ fields, table, unstable })),
  );
  fc.assert(
    fc.property(withUnstable, ({ fields, table, unstable }) => {
      const inference = inferPresence(
        fields,
        observationsOf(fields, table, (m) => (unstable.includes(m) ? 'unstable' : 'known')),
      );
      checkAgainstCompletions(
        fields,
        table,
        [...unstable].sort((a, b) => a - b),
        inference,
      );
    }),
    { seed: 20_261_122, numRuns: 400 },
  );
});

test('up to 8 combinations unstable, in error or never sent: the same holds', () => {
  const withGaps = ruleTable.chain(({ fields, table }) =>
    fc
      .uniqueArray(
        fc.record({
          mask: fc.nat({ max: table.length - 1 }),
          fate: fc.constantFrom('unstable', 'error', 'missing') as fc.Arbitrary<'unstable' | 'error' | 'missing'>,
        }),
        {
          maxLength: Math.min(8, table.length),
          selector: (g) => g.mask,
        },
      )
      .map((gaps) => ({ fields, table, gaps })),
  );
  fc.assert(
    fc.property(withGaps, ({ fields, table, gaps }) => {
      const fateOf = new Map(gaps.map((g) => [g.mask, g.fate]));
      const inference = inferPresence(
        fields,
        observationsOf(fields, table, (m) => fateOf.get(m) ?? 'known'),
      );
      checkAgainstCompletions(
        fields,
        table,
        gaps.map((g) => g.mask).sort((a, b) => a - b),
        inference,
      );
    }),
    { seed: 5_150, numRuns: 300 },
  );
});

test('the spec case with {notificationUrl, expirationDateTime, clientState} unstable: clientState is undetermined, not forbidden', () => {
  const fields = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];
  const rule = (m: number): boolean => (m & 0b01010) === 0b01010 && (m & 0b00101) === 0;
  const table = Array.from({ length: 32 }, (_, m) => rule(m));
  const flipped = 0b11010;
  const inference = inferPresence(
    fields,
    observationsOf(fields, table, (m) => (m === flipped ? 'unstable' : 'known')),
  );

  expect(inference.roles?.['clientState']).toEqual({
    presence: 'undetermined',
    explanation: expect.stringContaining('{notificationUrl, expirationDateTime, clientState}') as unknown,
    possible: ['forbidden', 'optional'],
    hangsOn: [['notificationUrl', 'expirationDateTime', 'clientState']],
    hangsOnCount: 1,
  });
  expect(Object.fromEntries(Object.entries(inference.roles ?? {}).map(([name, r]) => [name, r.presence]))).toEqual({
    changeType: 'forbidden',
    notificationUrl: 'required',
    resource: 'forbidden',
    expirationDateTime: 'required',
    clientState: 'undetermined',
  });
});

test('30 fields with a few known combinations: roles are decided from the known ones alone, quickly', () => {
  const fields = Array.from({ length: 30 }, (_, i) => `f${i}`);
  // Accepted: f0 alone and f0 + each other field; rejected: the empty body and each other field alone.
  const verdicts = new Map<number, boolean>([
    [0, false],
    [1, true],
  ]);
  for (let i = 1; i < 30; i += 1) {
    verdicts.set(1 | (1 << i), true);
    verdicts.set(1 << i, false);
  }
  const started = performance.now();
  const roles = rolesOf(fields, verdicts);
  expect(performance.now() - started).toBeLessThan(2_000);
  // f0: every known accepted has it, but 2^29 - 30 combinations without it are unknown.
  expect(roles?.['f0']).toMatchObject({ presence: 'undetermined', possible: ['required', 'conditional'], hangsOnCount: 2 ** 29 - 30 });
  expect(roles?.['f0']?.hangsOn).toHaveLength(8);
  // f1: accepted with and without it, and no known pair differs: optional or conditional.
  expect(roles?.['f1']).toMatchObject({
    presence: 'undetermined',
    possible: ['optional', 'conditional'],
    hangsOnCount: 2 ** 30 - verdicts.size,
  });
});
