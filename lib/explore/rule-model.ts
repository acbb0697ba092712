/**
 * A rule of the supported class as data: required fields, forbidden fields and IDL statements.
 * From it, the report's expression, every field's role and the IDL dependencies, computed per group
 * of statements that share fields, so that 30 fields cost no more than their few dependent ones.
 */
import { fieldIndex, popcount } from '../rule/field-set.js';
import { inferDependencies } from '../inference/idl.js';
import { holds, type Statement } from '../inference/idl-statement.js';
import { minimize } from '../inference/minimize.js';
import type { Cube } from '../inference/primes.js';
import { rolesOf } from '../inference/roles.js';
import { compareCubes, formatSumOfProducts, sumOfProductsExpr } from '../inference/sum-of-products.js';
import type { IdlKind, IdlStatement, PresenceRole } from '../inference/types.js';
import { bitsOf, spread } from './bits.js';
import { maskOfIndices } from '../rule/field-set.js';
import type { Expr } from '../rule/expression.js';

export interface RuleModel {
  /** Mask of the fields every accepted body has. */
  required: number;
  /** Mask of the fields no accepted body has. */
  forbidden: number;
  statements: Statement[];
}

/** Largest group of fields tied by statements that is enumerated (2^16 combinations). */
const MAX_COMPONENT = 16;
/** Up to this many terms the expression is written as one sum of products, like the exhaustive one. */
const MAX_DISTRIBUTED_TERMS = 16;

export function modelAccepts(model: RuleModel, mask: number): boolean {
  return (mask & model.required) === model.required && (mask & model.forbidden) === 0 && model.statements.every((s) => holds(s, mask));
}

/** Fields the statements tie together, in groups that share no field (fields fixed by the roles left out). */
export interface Component {
  fields: number[];
  statements: Statement[];
  /** Local assignments (bit j stands for fields[j]) the statements accept, ascending, and the others. */
  accepted: number[];
  rejected: number[];
}

export function components(model: RuleModel): Component[] {
  const fixed = model.required | model.forbidden;
  const groups: { mask: number; statements: Statement[] }[] = [];
  for (const statement of model.statements) {
    let mask = maskOfIndices(statement.members) & ~fixed;
    let merged: Statement[] = [statement];
    // Absorb every group that shares a field, until none does (a merge can reach further groups).
    for (let i = groups.findIndex((g) => (g.mask & mask) !== 0); i !== -1; i = groups.findIndex((g) => (g.mask & mask) !== 0)) {
      const [g] = groups.splice(i, 1);
      if (g === undefined) break;
      mask |= g.mask;
      merged = [...g.statements, ...merged];
    }
    groups.push({ mask, statements: merged });
  }
  return groups
    .map(({ mask, statements }) => {
      const fields = bitsOf(mask);
      if (fields.length > MAX_COMPONENT) {
        throw new RangeError(`rule model: ${fields.length} fields tied by dependencies; at most ${MAX_COMPONENT} are enumerated`);
      }
      const accepted: number[] = [];
      const rejected: number[] = [];
      for (let local = 0; local < 2 ** fields.length; local += 1) {
        const full = model.required | spread(fields, local);
        (statements.every((s) => holds(s, full)) ? accepted : rejected).push(local);
      }
      return { fields, statements, accepted, rejected };
    })
    .sort((a, b) => (a.fields[0] ?? 0) - (b.fields[0] ?? 0));
}

export interface ModelDescription {
  /** Report syntax; `false` when the model accepts nothing. */
  expression: string;
  /** The same rule as the expression the parser would read from `expression`, made with it: nothing is parsed. */
  expr: Expr;
  /** Undefined when the model accepts nothing. */
  roles: Record<string, PresenceRole> | undefined;
  dependencies: IdlStatement[];
}

export function describeModel(fields: readonly string[], model: RuleModel): ModelDescription {
  const n = fields.length;
  const parts = (model.required & model.forbidden) === 0 ? components(model) : undefined;
  if (parts === undefined || parts.some((c) => c.accepted.length === 0)) {
    return { expression: 'false', expr: { kind: 'const', value: false }, roles: undefined, dependencies: [] };
  }
  const roles: Record<string, PresenceRole> = {};
  fields.forEach((name, i) => {
    roles[name] = (model.required & (1 << i)) !== 0 ? 'required' : (model.forbidden & (1 << i)) !== 0 ? 'forbidden' : 'optional';
  });
  const dependencies: IdlStatement[] = [];
  const sums: Cube[][] = [];
  for (const part of parts) {
    const names = part.fields.map((i) => fields[i] as string);
    const verdicts = new Map<number, boolean>([
      ...part.accepted.map((m) => [m, true] as const),
      ...part.rejected.map((m) => [m, false] as const),
    ]);
    const partRoles = rolesOf(names, verdicts);
    for (const name of names) roles[name] = partRoles?.[name]?.presence ?? 'optional';
    dependencies.push(...inferDependencies(names, partRoles, verdicts).dependencies);
    const { cubes } = minimize(names, part.accepted, part.rejected);
    const full = cubes.map((c) => ({ care: spread(part.fields, c.care), value: spread(part.fields, c.value) }));
    if (!full.some((c) => c.care === 0)) sums.push(full);
  }
  const unary: Cube = { care: model.required | model.forbidden, value: model.required };
  return { ...formatRule(n, fields, unary, sums), roles, dependencies: sortStatements(fields, dependencies) };
}

/**
 * The required/forbidden literals and'ed with each group's sum of products: multiplied out into one
 * sum of products (the exhaustive strategy's form) when that stays small, else kept as a product. The text and the
 * expression are made together, the expression shaped as the parser reads the text.
 */
function formatRule(n: number, fields: readonly string[], unary: Cube, sums: readonly Cube[][]): { expression: string; expr: Expr } {
  const terms = sums.reduce((count, sum) => count * sum.length, 1);
  if (terms <= MAX_DISTRIBUTED_TERMS) {
    let cubes: Cube[] = [unary];
    for (const sum of sums) {
      cubes = cubes.flatMap((a) => sum.map((b) => ({ care: a.care | b.care, value: a.value | b.value })));
    }
    const sorted = cubes.sort((a, b) => compareCubes(n, a, b));
    return { expression: formatSumOfProducts(fields, sorted), expr: sumOfProductsExpr(fields, sorted) };
  }
  const parts = [...(popcount(unary.care) === 0 ? [] : [[unary]]), ...sums.map((sum) => [...sum].sort((a, b) => compareCubes(n, a, b)))];
  const texts = parts.map((cubes) => {
    const text = formatSumOfProducts(fields, cubes);
    return cubes.length > 1 ? `(${text})` : text;
  });
  // `a && b && (c || d)` reads as one conjunction: a single term's literals join it, a sum stays one operand.
  const operands = parts.flatMap((cubes) => {
    const expr = sumOfProductsExpr(fields, cubes);
    return expr.kind === 'and' ? expr.operands : [expr];
  });
  return { expression: texts.join(' && '), expr: operands.length === 1 ? (operands[0] as Expr) : { kind: 'and', operands } };
}

const KIND_ORDER: readonly IdlKind[] = ['Requires', 'OnlyOne', 'AllOrNone', 'ZeroOrOne', 'Or'];

/** lib/inference's reporting order (kind, then members in field order), across groups. */
function sortStatements(fields: readonly string[], statements: IdlStatement[]): IdlStatement[] {
  const index = fieldIndex(fields);
  const key = (s: IdlStatement): number[] => s.fields.map((name) => index.get(name) ?? 0);
  return statements.sort((a, b) => {
    const byKind = KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
    if (byKind !== 0) return byKind;
    const ka = key(a);
    const kb = key(b);
    for (let k = 0; k < Math.min(ka.length, kb.length); k += 1) {
      const d = (ka[k] ?? 0) - (kb[k] ?? 0);
      if (d !== 0) return d;
    }
    return ka.length - kb.length;
  });
}
