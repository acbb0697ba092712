/**
 * Inter-field dependencies in IDL (Requires, OnlyOne, AllOrNone, ZeroOrOne, Or) among the
 * conditional and undetermined fields: those that hold on every accepted combination, reduced to
 * the most specific ones, none implied by the others. Fields that the roles already settle
 * (required, forbidden, optional) take no part, so no statement is implied by the roles alone.
 *
 * "Every accepted combination" must hold whatever the unknown combinations (unstable, error, never
 * sent; lib/inference/unknowns.ts) turn out to be. A statement holds in every completion of them
 * iff it holds on every known accepted combination and on every unknown one (any unknown may be
 * accepted, and one accepted combination that breaks it is enough). So a statement is stated only
 * when, besides the known accepted ones, no unknown combination breaks it: the unknowns that break
 * it are counted as (combinations that break it) - (known ones that break it), without listing them.
 */
import { groupMask, holds, type Statement, compareStatements, toIdl, fromIdl } from './idl-statement.js';
import { Unknowns } from './unknowns.js';
import { groupSizeWithin, maximalCliques, minimalGroups } from './idl-groups.js';
import { implies } from './idl-implication.js';
import { fieldIndex } from '../rule/field-set.js';
import type { FieldRole, IdlStatement } from './types.js';

export interface Dependencies {
  dependencies: IdlStatement[];
  /** Where a bound limited the search. */
  notes: string[];
}

/** Largest Or/OnlyOne group searched: bigger ones read as noise and cost C(n, k) checks. */
const MAX_GROUP_SIZE = 4;
/** Groups tested for Or/OnlyOne, summed over sizes; may lower the largest group size further. */
const GROUP_BUDGET = 10_000;
const MAX_CLIQUES = 50;
/** Search nodes shared by all the checks of whether a statement is implied by the others. */
const IMPLICATION_BUDGET = 200_000;

/** `verdicts`: accepted (true) or rejected (false) for every known combination; the rest are unknown. */
export function inferDependencies(
  fields: readonly string[],
  roles: Readonly<Record<string, FieldRole>> | undefined,
  verdicts: ReadonlyMap<number, boolean>,
): Dependencies {
  const notes: string[] = [];
  const open = (name: string): boolean => roles?.[name]?.presence === 'conditional' || roles?.[name]?.presence === 'undetermined';
  const conditional = fields.flatMap((name, i) => (open(name) ? [i] : []));
  const accepted = [...verdicts].filter(([, ok]) => ok).map(([m]) => m);
  const unknowns = new Unknowns(fields.length, verdicts);
  // Every test below is a statement: it must hold on the known accepted and on every unknown.
  const always = (statement: Statement): boolean =>
    accepted.every((m) => holds(statement, m)) && unknownsBreaking(unknowns, statement) === 0;

  // Fields always present together are one class: AllOrNone(class); the rest works on one field per class.
  const classOf = new Map<number, number[]>();
  for (const i of conditional) {
    const rep = [...classOf.keys()].find((r) => always({ kind: 'AllOrNone', members: [r, i] }));
    if (rep === undefined) classOf.set(i, [i]);
    else classOf.get(rep)?.push(i);
  }
  const reps = [...classOf.keys()];
  const candidates: Statement[] = [...classOf.values()]
    .filter((members) => members.length >= 2)
    .map((members) => ({ kind: 'AllOrNone', members }));

  // Requires, transitively reduced (implication on the accepted combinations is transitive).
  const requires = (a: number, b: number): boolean => a !== b && always({ kind: 'Requires', members: [a, b] });
  for (const a of reps) {
    for (const b of reps) {
      if (requires(a, b) && !reps.some((c) => c !== a && c !== b && requires(a, c) && requires(c, b))) {
        candidates.push({ kind: 'Requires', members: [a, b] });
      }
    }
  }

  // At most one of a group holds iff it holds for every pair: maximal cliques of "never together".
  const exclusive = (a: number, b: number): boolean => a !== b && always({ kind: 'ZeroOrOne', members: [a, b] });
  const { cliques, complete } = maximalCliques(reps, exclusive, MAX_CLIQUES);
  if (!complete) notes.push(`ZeroOrOne: only the first ${MAX_CLIQUES} groups of fields never present together are listed`);

  // At least one of a group: the smallest such groups; exactly one when they also exclude each other.
  const maxSize = Math.min(reps.length, MAX_GROUP_SIZE, groupSizeWithin(reps.length, GROUP_BUDGET));
  if (maxSize < Math.min(reps.length, MAX_GROUP_SIZE)) {
    notes.push(`Or/OnlyOne: groups of up to ${maxSize} of the ${reps.length} conditional fields were searched`);
  }
  const orGroups = minimalGroups(reps, maxSize, (group) => always({ kind: 'Or', members: group }));
  const isClique = (group: readonly number[]): boolean => group.every((a) => group.every((b) => a === b || exclusive(a, b)));
  for (const group of orGroups) candidates.push({ kind: isClique(group) ? 'OnlyOne' : 'Or', members: group });
  const onlyOne = new Set(orGroups.filter(isClique).map((g) => g.join(',')));
  for (const clique of cliques) {
    if (!onlyOne.has(clique.join(','))) candidates.push({ kind: 'ZeroOrOne', members: clique });
  }

  const kept = dropImplied(candidates, notes);
  return { dependencies: kept.sort(compareStatements).map((s) => toIdl(fields, s)), notes };
}

/**
 * Unknown combinations on which the statement does not hold: of all 2^n combinations, those outside
 * the statement's group are free, so 2^(n-k) times the assignments of the k members it rejects,
 * less the known combinations that break it. Exact for k <= 30 (below 2^53).
 */
function unknownsBreaking(unknowns: Unknowns, statement: Statement): number {
  if (unknowns.size === 0) return 0;
  const k = statement.members.length;
  const holding: Record<Statement['kind'], number> = {
    Requires: 3,
    OnlyOne: k,
    AllOrNone: 2,
    ZeroOrOne: k + 1,
    Or: 2 ** k - 1,
    IfThen: 2 ** k - 1,
  };
  const breaking = 2 ** (unknowns.n - k) * (2 ** k - holding[statement.kind]);
  let known = 0;
  for (const mask of unknowns.verdicts.keys()) if (!holds(statement, mask)) known += 1;
  return breaking - known;
}

/** The weakest readings go first: a Requires is dropped before the group statement that implies it. */
const REMOVAL_ORDER: readonly Statement['kind'][] = ['Requires', 'Or', 'ZeroOrOne', 'OnlyOne', 'AllOrNone'];

function dropImplied(candidates: readonly Statement[], notes: string[]): Statement[] {
  const ordered = [...candidates].sort((a, b) => REMOVAL_ORDER.indexOf(a.kind) - REMOVAL_ORDER.indexOf(b.kind) || compareStatements(a, b));
  const kept = new Set(ordered);
  const budget = { nodes: IMPLICATION_BUDGET };
  let unchecked = 0;
  for (const statement of ordered) {
    const others = [...kept].filter((s) => s !== statement);
    const verdict = implies(others, statement, budget);
    if (verdict === true) kept.delete(statement);
    if (verdict === undefined) unchecked += 1;
  }
  if (unchecked > 0) notes.push(`${unchecked} IDL statement(s) kept without checking whether the others imply them (search bound)`);
  return [...kept];
}

/**
 * Whether required-present && forbidden-absent && every statement gives exactly the accepted
 * combinations among the known ones (`verdicts`: mask -> accepted).
 */
export function dependenciesExact(
  fields: readonly string[],
  roles: Readonly<Record<string, FieldRole>> | undefined,
  dependencies: readonly IdlStatement[],
  verdicts: ReadonlyMap<number, boolean>,
): boolean {
  const index = fieldIndex(fields);
  const withRole = (presence: FieldRole['presence']): number =>
    groupMask(fields.flatMap((name, i) => (roles?.[name]?.presence === presence ? [i] : [])));
  const required = withRole('required');
  const forbidden = withRole('forbidden');
  const statements = dependencies.map((d) => fromIdl(index, d));
  if (statements.some((s) => s === undefined)) return false;
  const predicted = (mask: number): boolean =>
    (mask & required) === required && (mask & forbidden) === 0 && statements.every((s) => s !== undefined && holds(s, mask));
  return [...verdicts].every(([mask, ok]) => predicted(mask) === ok);
}
