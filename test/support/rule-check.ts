/**
 * Whether a reported rule is the same function as a rule of the supported class, decided exactly:
 * both depend only on their own fields, so only the fields either one mentions are enumerated, and
 * a field both require (or both forbid) is fixed first. For the property tests and the benchmark.
 */
import { fieldIndex } from '../../lib/rule/field-set.js';
import { parseExpression, type Expr } from '../../lib/rule/expression.js';
import type { Cube } from '../../lib/inference/primes.js';
import { bitsOf, spread } from '../../lib/explore/bits.js';
import { components, modelAccepts, type RuleModel } from '../../lib/explore/rule-model.js';

/** Fields enumerated at most (2^22 combinations). */
const MAX_FREE = 24;

/** The terms of a sum of products in the report syntax (and of products of sums of products). */
export function sumOfProducts(fields: readonly string[], expression: string): Cube[] {
  const index = fieldIndex(fields);
  const bitOf = (name: string): number => {
    const i = index.get(name);
    if (i === undefined) throw new Error(`rule check: '${name}' is not one of the fields`);
    return 1 << i;
  };
  const literal = (e: Expr): Cube => {
    if (e.kind === 'field') return { care: bitOf(e.name), value: bitOf(e.name) };
    if (e.kind === 'not' && e.operand.kind === 'field') return { care: bitOf(e.operand.name), value: 0 };
    throw new Error(`rule check: not a literal in ${expression}`);
  };
  const walk = (e: Expr): Cube[] => {
    switch (e.kind) {
      case 'const':
        return e.value ? [{ care: 0, value: 0 }] : [];
      case 'or':
        return e.operands.flatMap(walk);
      case 'and':
        return e.operands.reduce<Cube[]>(
          (acc, operand) =>
            acc.flatMap((a) =>
              walk(operand).flatMap((b) =>
                ((a.value ^ b.value) & a.care & b.care) === 0 ? [{ care: a.care | b.care, value: a.value | b.value }] : [],
              ),
            ),
          [{ care: 0, value: 0 }],
        );
      default:
        return [literal(e)];
    }
  };
  return walk(parseExpression(expression));
}

export function cubesAccept(cubes: readonly Cube[], mask: number): boolean {
  return cubes.some((c) => (mask & c.care) === c.value);
}

export interface Comparison {
  equal: boolean;
  /** A combination on which they differ. */
  counterexample?: number;
}

export function sameRule(n: number, truth: RuleModel, expression: string, fields: readonly string[]): Comparison {
  const cubes = sumOfProducts(fields, expression);
  const tied = components(truth).reduce((mask, c) => mask | spread(c.fields, 2 ** c.fields.length - 1), 0);
  const mentioned = cubes.reduce((mask, c) => mask | c.care, truth.required | truth.forbidden | tied);
  // Fields every term has present (absent): a field the truth also requires (forbids) can be fixed.
  const allPresent = cubes.reduce((mask, c) => mask & c.care & c.value, 2 ** n - 1);
  const allAbsent = cubes.reduce((mask, c) => mask & c.care & ~c.value, 2 ** n - 1);
  const fixedOn = truth.required & allPresent;
  const fixedOff = truth.forbidden & allAbsent;
  const free = bitsOf(mentioned & ~fixedOn & ~fixedOff);
  if (free.length > MAX_FREE) throw new RangeError(`rule check: ${free.length} fields to enumerate`);
  for (let local = 0; local < 2 ** free.length; local += 1) {
    const mask = fixedOn | spread(free, local);
    if (modelAccepts(truth, mask) !== cubesAccept(cubes, mask)) return { equal: false, counterexample: mask };
  }
  // Off the fixed values both reject: the truth by its roles, the expression in every term.
  return { equal: true };
}
