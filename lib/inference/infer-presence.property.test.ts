/**
 * Properties of inferPresence over random rules: random truth tables, and rules built the way
 * services state them (roles plus IDL dependencies). Seeds are fixed; fast-check prints the seed
 * and the counterexample path on failure.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { combinationKey, combinations, presentOf } from '../rule/field-set.js';
import { evaluate, formatExpression, parseExpression } from '../rule/expression.js';
import { fromIdl, holds } from './idl-statement.js';
import { inferPresence } from './infer-presence.js';
import { mintermExpression } from '../../test/support/observe.js';
import { rolesFromRule, truthTable } from '../../test/support/truth-table.js';
import type { Observation, PresenceInference } from './types.js';

const NAMES = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState', 'f5', 'f6', 'f7'];
const RUNS = 200;

/** n fields (1..8) and a random truth table over them. */
const randomTable = fc
  .integer({ min: 1, max: 8 })
  .chain((n) => fc.array(fc.boolean(), { minLength: 2 ** n, maxLength: 2 ** n }).map((table) => ({ fields: NAMES.slice(0, n), table })));

type Kind = 'Requires' | 'OnlyOne' | 'AllOrNone' | 'ZeroOrOne' | 'Or';

/** A rule as services state them: each field required, forbidden, optional or conditional, plus IDL statements among the conditional ones. */
const statedRule = fc.integer({ min: 1, max: 8 }).chain((n) =>
  fc
    .record({
      roles: fc.array(fc.constantFrom('required', 'forbidden', 'optional', 'conditional'), { minLength: n, maxLength: n }),
      statements: fc.array(
        fc.record({
          kind: fc.constantFrom<Kind>('Requires', 'OnlyOne', 'AllOrNone', 'ZeroOrOne', 'Or'),
          picks: fc.uniqueArray(fc.nat({ max: 7 }), { minLength: 2, maxLength: 4 }),
        }),
        { maxLength: 3 },
      ),
    })
    .map(({ roles, statements }) => {
      const fields = NAMES.slice(0, n);
      const conditional = fields.filter((_, i) => roles[i] === 'conditional');
      const parts = fields.flatMap((name, i) => (roles[i] === 'required' ? [name] : roles[i] === 'forbidden' ? [`!${name}`] : []));
      if (conditional.length >= 2) {
        for (const { kind, picks } of statements) {
          const group = [...new Set(picks.map((p) => conditional[p % conditional.length] as string))];
          if (group.length >= 2) parts.push(`(${statementExpression(kind, group)})`);
        }
      }
      return { fields, rule: parts.length === 0 ? 'true' : parts.join(' && ') };
    }),
);

function statementExpression(kind: Kind, group: readonly string[]): string {
  const pairs = group.flatMap((a, i) => group.slice(i + 1).map((b) => [a, b] as const));
  switch (kind) {
    case 'Requires':
      return `!${group[0] ?? ''} || ${group[1] ?? ''}`;
    case 'Or':
      return group.join(' || ');
    case 'ZeroOrOne':
      return pairs.map(([a, b]) => `(!${a} || !${b})`).join(' && ');
    case 'OnlyOne':
      return `(${group.join(' || ')}) && ${pairs.map(([a, b]) => `(!${a} || !${b})`).join(' && ')}`;
    case 'AllOrNone':
      return `(${group.join(' && ')}) || (${group.map((g) => `!${g}`).join(' && ')})`;
  }
}

function observationsOf(fields: readonly string[], table: readonly boolean[]): Observation[] {
  return combinations(fields).map((present, mask) =>
    table[mask] === true
      ? { present, outcome: 'accepted', status: 201 }
      : { present, outcome: 'rejected', status: 400, errorCode: 'invalidRequest' },
  );
}

/**
 * What every inference must satisfy on its own known combinations. Compares whole arrays
 * (one expect per check) because an expect per combination would dominate the run time.
 */
function checkConsistent(fields: readonly string[], observations: readonly Observation[], inference: PresenceInference): void {
  const known = observations.filter((o) => o.outcome === 'accepted' || o.outcome === 'rejected');
  const truth = known.map((o) => o.outcome === 'accepted');
  const expr = parseExpression(inference.rule.expression);
  // formatExpression drops the parentheses the report adds for readability (&& binds tighter).
  expect(formatExpression(expr)).toBe(inference.rule.expression.replaceAll(/[()]/g, ''));
  expect(known.map((o) => evaluate(expr, new Set(o.present)))).toEqual(truth);

  const index = new Map(fields.map((name, i) => [name, i]));
  const maskOf = (present: readonly string[]): number => present.reduce((m, name) => m | (1 << (index.get(name) ?? 0)), 0);
  const statements = inference.rule.dependencies.map((d) => fromIdl(index, d));
  const holdsAll = (o: Observation): boolean => statements.every((s) => s !== undefined && holds(s, maskOf(o.present)));
  expect(known.filter((o) => o.outcome === 'accepted').every(holdsAll)).toBe(true);
  const required = fields.filter((f) => inference.roles?.[f]?.presence === 'required');
  const forbidden = fields.filter((f) => inference.roles?.[f]?.presence === 'forbidden');
  const predicted = (o: Observation): boolean =>
    required.every((f) => o.present.includes(f)) && forbidden.every((f) => !o.present.includes(f)) && holdsAll(o);
  expect(inference.rule.dependenciesExact).toBe(known.every((o, k) => predicted(o) === truth[k]));

  // Rejection groups partition the rejected combinations; each explanation is true exactly on its group.
  expect(inference.rejectionGroups.reduce((sum, g) => sum + g.combinations.length, 0)).toBe(truth.filter((ok) => !ok).length);
  for (const group of inference.rejectionGroups) {
    const mine = new Set(group.combinations.map((c) => c.join()));
    const groupExpr = parseExpression(group.explanation);
    expect(known.map((o) => evaluate(groupExpr, new Set(o.present)))).toEqual(known.map((o) => mine.has(o.present.join())));
  }
}

test('random truth tables: the expression is the truth, roles are those of the rule', () => {
  const seed = 20_251_121;
  fc.assert(
    fc.property(randomTable, ({ fields, table }) => {
      const observations = observationsOf(fields, table);
      const inference = inferPresence(fields, observations);

      checkConsistent(fields, observations, inference);
      expect(inference.rule.unknown).toEqual([]);
      expect(inference.roles).toEqual(rolesFromRule(fields, mintermExpression(fields, table)));
      expect(inference.diagnosis === undefined).toBe(table.some(Boolean));
    }),
    { seed, numRuns: RUNS },
  );
});

test('rules stated as roles and IDL dependencies: the expression is the truth, roles are those of the rule', () => {
  const seed = 4_242;
  fc.assert(
    fc.property(statedRule, ({ fields, rule }) => {
      const table = truthTable(fields, rule);
      const observations = observationsOf(fields, table);
      const inference = inferPresence(fields, observations);

      checkConsistent(fields, observations, inference);
      expect(truthTable(fields, inference.rule.expression)).toEqual(table);
      expect(inference.roles).toEqual(rolesFromRule(fields, rule));
    }),
    { seed, numRuns: RUNS },
  );
});

test('with some combinations unstable, in error or never sent, the expression agrees on the known ones', () => {
  const seed = 77;
  const withGaps = randomTable.chain(({ fields, table }) =>
    fc
      .array(fc.constantFrom('known', 'known', 'unstable', 'error', 'missing'), { minLength: table.length, maxLength: table.length })
      .map((fate) => ({ fields, table, fate })),
  );
  fc.assert(
    fc.property(withGaps, ({ fields, table, fate }) => {
      const observations = observationsOf(fields, table).flatMap((o, mask): Observation[] => {
        if (fate[mask] === 'missing') return [];
        if (fate[mask] === 'unstable') return [{ ...o, outcome: 'unstable', statuses: [201, 400] }];
        if (fate[mask] === 'error') return [{ present: o.present, outcome: 'error', status: null }];
        return [o];
      });
      const inference = inferPresence(fields, observations);

      checkConsistent(fields, observations, inference);
      expect(inference.rule.unknown).toEqual(table.flatMap((_, mask) => (fate[mask] === 'known' ? [] : [presentOf(fields, mask)])));
      // A stated role is the one the known combinations show; with unknowns it may be undetermined
      // instead (completions.property.test.ts checks when it must be).
      const naive = naiveRoles(fields, observations);
      const stated = presences(inference);
      expect(stated === undefined).toBe(naive === undefined);
      for (const name of fields) expect([naive?.[name], 'undetermined'], name).toContain(stated?.[name] ?? naive?.[name]);
    }),
    { seed, numRuns: RUNS },
  );
});

test('the expression is a minimum sum of products (fewest terms, then fewest literals) for up to 3 fields', () => {
  const seed = 1_234;
  const small = fc
    .integer({ min: 1, max: 3 })
    .chain((n) =>
      fc
        .array(fc.constantFrom('accepted', 'rejected', 'unknown'), { minLength: 2 ** n, maxLength: 2 ** n })
        .map((answers) => ({ fields: NAMES.slice(0, n), answers })),
    );
  fc.assert(
    fc.property(small, ({ fields, answers }) => {
      const observations = answers.flatMap((a, mask): Observation[] =>
        a === 'unknown' ? [] : [{ present: presentOf(fields, mask), outcome: a, status: a === 'accepted' ? 201 : 400 }],
      );
      const { terms } = inferPresence(fields, observations).rule;

      const literals = terms.reduce((sum, t) => sum + t.present.length + t.absent.length, 0);
      expect([terms.length, literals]).toEqual(bruteForceMinimum(fields.length, answers));
    }),
    { seed, numRuns: RUNS },
  );
});

function presences(inference: PresenceInference): Record<string, string> | undefined {
  if (inference.roles === undefined) return undefined;
  return Object.fromEntries(Object.entries(inference.roles).map(([name, role]) => [name, role.presence]));
}

/** The roles' definitions, read literally, over known combinations as sets of names. */
function naiveRoles(fields: readonly string[], observations: readonly Observation[]): Record<string, string> | undefined {
  const known = observations.filter((o) => o.outcome === 'accepted' || o.outcome === 'rejected');
  const accepted = known.filter((o) => o.outcome === 'accepted');
  if (accepted.length === 0) return undefined;
  const outcomeOf = new Map(known.map((o) => [combinationKey(o.present), o.outcome]));
  return Object.fromEntries(
    fields.map((f) => {
      if (accepted.every((o) => o.present.includes(f))) return [f, 'required'];
      if (accepted.every((o) => !o.present.includes(f))) return [f, 'forbidden'];
      const matters = known.some((o) => {
        if (o.present.includes(f)) return false;
        const other = outcomeOf.get(combinationKey([...o.present, f]));
        return other !== undefined && other !== o.outcome;
      });
      return [f, matters ? 'conditional' : 'optional'];
    }),
  );
}

/** [terms, literals] of a cheapest cover, trying every set of prime implicants (found by brute force too). */
function bruteForceMinimum(n: number, answers: readonly string[]): [number, number] {
  const cubes: { care: number; value: number }[] = [];
  for (let care = 0; care < 2 ** n; care += 1) {
    for (let value = 0; value < 2 ** n; value += 1) if ((value & ~care) === 0) cubes.push({ care, value });
  }
  const inside = (c: { care: number; value: number }, m: number): boolean => (m & c.care) === c.value;
  const implicants = cubes.filter((c) => answers.every((a, m) => a !== 'rejected' || !inside(c, m)));
  // A cheapest cover can always use primes (implicants no other implicant contains).
  const contains = (big: { care: number; value: number }, small: { care: number; value: number }): boolean =>
    (big.care & small.care) === big.care && (small.value & big.care) === big.value;
  const primes = implicants.filter((c) => !implicants.some((d) => d !== c && contains(d, c)));
  const on = answers.flatMap((a, m) => (a === 'accepted' ? [m] : []));
  if (on.length === 0) return [0, 0];
  const bits = (x: number): number => x.toString(2).replaceAll('0', '').length;
  let best: [number, number] = [Infinity, Infinity];
  for (let subset = 1; subset < 2 ** primes.length; subset += 1) {
    const chosen = primes.filter((_, j) => (subset & (1 << j)) !== 0);
    if (chosen.length > best[0]) continue;
    if (!on.every((m) => chosen.some((c) => inside(c, m)))) continue;
    const lits = chosen.reduce((sum, c) => sum + bits(c.care), 0);
    if (chosen.length < best[0] || lits < best[1]) best = [chosen.length, lits];
  }
  return best;
}
