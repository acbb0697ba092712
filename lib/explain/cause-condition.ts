/**
 * The presence condition under which explain saw this body refused, from the fixes it found. Each fix undoes some
 * literals of the body (a field taken out was present, one added was absent, a renamed property was present under
 * the user's name and absent under the field's); a body that keeps any one of a fix's literals has not made that fix.
 * So the body stays refused while, for every fix, one of its literals still holds: the conjunction over the fixes of
 * the disjunction of their literals. It is true on every body explain saw refused and false on every one it saw
 * accepted (each accepted body made one of the fixes whole), whatever the fixes: a rename's clause is "either
 * NotificationUrl is present or notificationUrl is absent", never both at once, since taking out the misspelt
 * property alone is refused too. Stated in its smallest sum of products, so that the rule in words reads it plainly.
 */
import { minimize } from '../inference/minimize.js';
import { sumOfProductsExpr } from '../inference/sum-of-products.js';
import type { Expr } from '../rule/expression.js';
import type { SingleChange } from './types.js';

interface Literal {
  name: string;
  present: boolean;
}

/** The literals of the body a change undoes: any one of them still holding leaves the change unmade. */
function undone(change: SingleChange): Literal[] {
  switch (change.kind) {
    case 'remove':
      return [{ name: change.field, present: true }];
    case 'add':
      return [{ name: change.field, present: false }];
    case 'rename':
      return [
        { name: change.from, present: true },
        { name: change.field, present: false },
      ];
    default:
      // A value is said apart: the presence condition speaks of which fields the body has.
      return [];
  }
}

/** Fields in a condition, at most: 2^n rows are read. */
const MAX_FIELDS = 12;

/**
 * The condition, as an expression over field names; undefined when no fix changes presence (the values are the
 * cause) or when it would name more than MAX_FIELDS fields.
 */
export function refusalCondition(fixes: readonly (readonly SingleChange[])[]): Expr | undefined {
  const clauses = fixes.map((parts) => parts.flatMap(undone)).filter((c) => c.length > 0);
  if (clauses.length === 0) return undefined;
  const fields = [...new Set(clauses.flat().map((l) => l.name))];
  if (fields.length > MAX_FIELDS) return undefined;
  const holds = (mask: number, l: Literal): boolean => ((mask >> fields.indexOf(l.name)) & 1) === (l.present ? 1 : 0);
  const on: number[] = [];
  const off: number[] = [];
  for (let mask = 0; mask < 2 ** fields.length; mask += 1) {
    (clauses.every((clause) => clause.some((l) => holds(mask, l))) ? on : off).push(mask);
  }
  return sumOfProductsExpr(fields, minimize(fields, on, off).cubes);
}
