/** Writes cubes as the report's sum of products: `(a && !b) || c`, `true`, `false`. */
import type { Expr } from '../rule/expression.js';
import { Rule } from '../rule/rule.js';
import type { Implicant } from './types.js';
import type { Cube } from './primes.js';

/** Literals of a cube in field order, as [field index, present]. */
function literals(n: number, cube: Cube): [number, boolean][] {
  const out: [number, boolean][] = [];
  for (let i = 0; i < n; i += 1) {
    const bit = 1 << i;
    if ((cube.care & bit) !== 0) out.push([i, (cube.value & bit) !== 0]);
  }
  return out;
}

/** Orders terms by their literals in field order (a field before a later one, present before absent). */
export function compareCubes(n: number, a: Cube, b: Cube): number {
  const la = literals(n, a);
  const lb = literals(n, b);
  for (let k = 0; k < Math.min(la.length, lb.length); k += 1) {
    const [ia, pa] = la[k] as [number, boolean];
    const [ib, pb] = lb[k] as [number, boolean];
    if (ia !== ib) return ia - ib;
    if (pa !== pb) return pa ? -1 : 1;
  }
  return la.length - lb.length;
}

export function toImplicant(fields: readonly string[], cube: Cube): Implicant {
  const present: string[] = [];
  const absent: string[] = [];
  for (const [i, isPresent] of literals(fields.length, cube)) {
    (isPresent ? present : absent).push(fields[i] as string);
  }
  return { present, absent };
}

/**
 * Terms joined by ` || `, literals by ` && `; within a term the present fields come first, then the
 * absent ones, each in field order (`notificationUrl && expirationDateTime && !changeType`: what to
 * send, then what not to). A term is parenthesised only when there are several terms and it has
 * several literals.
 */
export function formatSumOfProducts(fields: readonly string[], cubes: readonly Cube[]): string {
  if (cubes.length === 0) return 'false';
  const terms = cubes.map((cube) => {
    const { present, absent } = toImplicant(fields, cube);
    return [...present, ...absent.map((name) => `!${name}`)];
  });
  if (terms.some((t) => t.length === 0)) return 'true';
  return terms.map((t) => (terms.length > 1 && t.length > 1 ? `(${t.join(' && ')})` : t.join(' && '))).join(' || ');
}

/** The cubes as an expression, shaped as the parser reads formatSumOfProducts's text back. */
export function sumOfProductsExpr(fields: readonly string[], cubes: readonly Cube[]): Expr {
  if (cubes.length === 0) return { kind: 'const', value: false };
  const terms = cubes.map((cube): Expr | undefined => {
    const { present, absent } = toImplicant(fields, cube);
    const literals: Expr[] = [
      ...present.map((name): Expr => ({ kind: 'field', name })),
      ...absent.map((name): Expr => ({ kind: 'not', operand: { kind: 'field', name } })),
    ];
    return literals.length === 0 ? undefined : literals.length === 1 ? literals[0] : { kind: 'and', operands: literals };
  });
  if (terms.some((t) => t === undefined)) return { kind: 'const', value: true };
  const defined = terms as Expr[];
  return defined.length === 1 ? (defined[0] as Expr) : { kind: 'or', operands: defined };
}

/** The rule the cubes state, as a value: its text formatSumOfProducts's, nothing parsed. */
export function sumOfProductsRule(fields: readonly string[], cubes: readonly Cube[]): Rule {
  return Rule.made(formatSumOfProducts(fields, cubes), sumOfProductsExpr(fields, cubes));
}
