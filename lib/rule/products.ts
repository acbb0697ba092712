/**
 * A rule in the report syntax as a sum of products (each term: fields that must be present, fields that
 * must be absent), so that the smallest body the rule accepts with a given field can be read off the terms
 * instead of trying 2^n bodies. Rules the explorer writes are a sum of products, or a product of a few
 * small ones (lib/explore/rule-model.ts), so multiplying out stays small; a rule that would give more than
 * MAX_TERMS terms is refused (undefined), and the caller falls back to what was observed.
 */
import type { Expr } from './expression.js';

export interface RuleTerm {
  present: ReadonlySet<string>;
  absent: ReadonlySet<string>;
}

const MAX_TERMS = 4096;

class TooManyTerms extends Error {}

/** The terms of `expr` (contradictory ones dropped); undefined when there would be more than MAX_TERMS. */
export function ruleTerms(expr: Expr): RuleTerm[] | undefined {
  try {
    return termsOf(expr, false).filter((t) => ![...t.present].some((f) => t.absent.has(f)));
  } catch (error) {
    if (error instanceof TooManyTerms) return undefined;
    throw error;
  }
}

function termsOf(expr: Expr, negated: boolean): RuleTerm[] {
  switch (expr.kind) {
    case 'const':
      return expr.value !== negated ? [{ present: new Set(), absent: new Set() }] : [];
    case 'field':
      return [negated ? { present: new Set(), absent: new Set([expr.name]) } : { present: new Set([expr.name]), absent: new Set() }];
    case 'not':
      return termsOf(expr.operand, !negated);
    case 'and':
    case 'or': {
      // De Morgan: a negated and is an or of the negated operands, and the other way round.
      const product = (expr.kind === 'and') !== negated;
      const parts = expr.operands.map((e) => termsOf(e, negated));
      return product ? parts.reduce(multiply, [{ present: new Set(), absent: new Set() }]) : capped(parts.flat());
    }
  }
}

function multiply(left: RuleTerm[], right: RuleTerm[]): RuleTerm[] {
  if (left.length * right.length > MAX_TERMS) throw new TooManyTerms();
  // A contradictory product stays one as it grows: dropped here, it costs no further multiplication.
  return left
    .flatMap((a) => right.map((b) => ({ present: new Set([...a.present, ...b.present]), absent: new Set([...a.absent, ...b.absent]) })))
    .filter((t) => ![...t.present].some((f) => t.absent.has(f)));
}

function capped(terms: RuleTerm[]): RuleTerm[] {
  if (terms.length > MAX_TERMS) throw new TooManyTerms();
  return terms;
}
