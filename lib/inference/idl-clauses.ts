/**
 * The inferred rule stated in IDL, whole. The group statements of ./idl.ts are kept where they hold (they read
 * best), and whatever of the answers they and the roles leave unsaid is added as clauses, each one IDL statement:
 * `IF a AND b THEN c OR d;` (or Requires, Or, ZeroOrOne when the clause is one of those).
 *
 * Each clause is a fact as the statements are: it holds however the unknown combinations (unstable, error, never
 * sent) turn out, because every combination it forbids was answered and refused. So the clauses are those of the
 * rule that accepts every combination not refused: for each refused combination not yet forbidden, the largest
 * group of combinations around it, all refused, that one clause forbids (a prime implicate, found by dropping one
 * field at a time while every combination of the group is still a refused one). Roles, statements and clauses
 * together then give every answered combination its answer; on a matrix with no unknowns that is the rule itself.
 * A clause the roles, the statements and the other clauses imply is left out.
 *
 * Bounded: at most MAX_CLAUSES clauses and WORK look-ups; past either the statements are left as they were, and
 * a note says the IDL does not state the rule whole.
 */
import { popcount } from '../rule/field-set.js';
import { implies, type SearchBudget } from './idl-implication.js';
import { compareStatements, fromIdl, type Statement, toIdl } from './idl-statement.js';
import type { Cube } from './primes.js';
import type { FieldRole, IdlStatement } from './types.js';

/** Clauses at most: a rule that needs more reads better as the expression. */
const MAX_CLAUSES = 256;
/** Look-ups of refused combinations, at most, over all clauses. */
const WORK = 2_000_000;
/** Search nodes for the checks of whether a clause is implied by the rest. */
const IMPLICATION_BUDGET = 200_000;

export interface Completed {
  dependencies: IdlStatement[];
  /** Where a bound kept the statements from stating the rule whole. */
  notes: string[];
}

/**
 * `verdicts`: accepted (true) or rejected (false) for every known combination. `dependencies`: the statements that
 * hold on every completion (./idl.ts); the roles' required and forbidden fields count as statements of one field.
 */
export function completeDependencies(
  fields: readonly string[],
  roles: Readonly<Record<string, FieldRole>> | undefined,
  dependencies: readonly IdlStatement[],
  verdicts: ReadonlyMap<number, boolean>,
): Completed {
  // Nothing accepted: no rule to state (the roles are absent, the expression `false`).
  if (roles === undefined) return { dependencies: [...dependencies], notes: [] };
  const refused = new Set([...verdicts].filter(([, ok]) => !ok).map(([mask]) => mask));
  const groups = refusedGroups(fields.length, refused);
  if (groups === undefined) {
    return {
      dependencies: [...dependencies],
      notes: [`IDL: the rule needs more than ${MAX_CLAUSES} clauses, so the statements do not state it whole; the expression does`],
    };
  }
  const index = new Map(fields.map((name, i) => [name, i]));
  const stated = dependencies.flatMap((d) => fromIdl(index, d) ?? []);
  const clauses = groups.map(clauseOf).filter((c) => !stated.some((s) => sameStatement(s, c)));
  const kept = dropImplied([...roleStatements(fields, roles), ...stated], clauses);
  return { dependencies: [...dependencies, ...kept.sort(compareStatements).map((s) => toIdl(fields, s))], notes: [] };
}

/**
 * Cubes of refused combinations only, together every refused one, each as large as it can be; undefined past
 * MAX_CLAUSES cubes or WORK look-ups.
 */
export function refusedGroups(n: number, refused: ReadonlySet<number>): Cube[] | undefined {
  const all = 2 ** n - 1;
  const cubes: Cube[] = [];
  const work = { left: WORK };
  for (const mask of [...refused].sort((a, b) => a - b)) {
    if (cubes.some((c) => (mask & c.care) === c.value)) continue;
    let cube: Cube = { care: all, value: mask };
    for (const bit of bitsOf(all)) {
      const wider = { care: cube.care & ~bit, value: cube.value & ~bit };
      const inside = allRefused(wider, all, refused, work);
      if (inside === undefined) return undefined;
      if (inside) cube = wider;
    }
    cubes.push(cube);
    if (cubes.length > MAX_CLAUSES) return undefined;
  }
  return minimalCubes(cubes);
}

/** Whether every combination of the cube was refused; undefined when the work ran out. */
function allRefused(cube: Cube, all: number, refused: ReadonlySet<number>, work: { left: number }): boolean | undefined {
  const free = all & ~cube.care;
  if (2 ** popcount(free) > refused.size) return false;
  for (let sub = free; ; sub = (sub - 1) & free) {
    work.left -= 1;
    if (work.left < 0) return undefined;
    if (!refused.has(cube.value | sub)) return false;
    if (sub === 0) return true;
  }
}

/** The cubes no other one contains, each once. */
function minimalCubes(cubes: readonly Cube[]): Cube[] {
  const sorted = [...cubes].sort((a, b) => popcount(a.care) - popcount(b.care));
  const kept: Cube[] = [];
  for (const cube of sorted) {
    if (!kept.some((k) => (k.care & cube.care) === k.care && ((cube.value & k.care) ^ k.value) === 0)) kept.push(cube);
  }
  return kept;
}

function bitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < 31; i += 1) if ((mask & (1 << i)) !== 0) out.push(1 << i);
  return out;
}

function indicesOf(mask: number): number[] {
  return bitsOf(mask).map((bit) => Math.log2(bit));
}

/**
 * A term of not-R as the clause that forbids it: its present fields are the IF side, its absent ones the THEN side.
 * Written as Requires (`IF a THEN b;`), Or (no IF side) or ZeroOrOne (two fields, no THEN side) when it is one.
 */
function clauseOf(term: Cube): Statement {
  const given = indicesOf(term.care & term.value);
  const then = indicesOf(term.care & ~term.value);
  if (given.length === 1 && then.length === 1) return { kind: 'Requires', members: [...given, ...then] };
  if (given.length === 0 && then.length >= 2) return { kind: 'Or', members: then };
  if (given.length === 2 && then.length === 0) return { kind: 'ZeroOrOne', members: given };
  return { kind: 'IfThen', members: [...given, ...then], then };
}

/** Required and forbidden fields as clauses of one field, for the implication checks only (never written). */
function roleStatements(fields: readonly string[], roles: Readonly<Record<string, FieldRole>>): Statement[] {
  return fields.flatMap((name, i): Statement[] => {
    const presence = roles[name]?.presence;
    if (presence === 'required') return [{ kind: 'IfThen', members: [i], then: [i] }];
    if (presence === 'forbidden') return [{ kind: 'IfThen', members: [i], then: [] }];
    return [];
  });
}

function sameStatement(a: Statement, b: Statement): boolean {
  const key = (s: Statement): string => `${s.kind}:${[...s.members].sort((x, y) => x - y).join(',')}:${(s.then ?? []).join(',')}`;
  return key(a) === key(b);
}

/**
 * The clauses that `given` and the other kept clauses do not imply, longest first out: a longer clause says less,
 * so it goes before a shorter one that may imply it. A check the budget cut keeps its clause (still exact).
 */
function dropImplied(given: readonly Statement[], clauses: readonly Statement[]): Statement[] {
  const kept = new Set([...clauses].sort((a, b) => b.members.length - a.members.length));
  const budget: SearchBudget = { nodes: IMPLICATION_BUDGET };
  for (const clause of [...kept]) {
    const others = [...given, ...[...kept].filter((c) => c !== clause)];
    if (implies(others, clause, budget) === true) kept.delete(clause);
  }
  return [...kept];
}
