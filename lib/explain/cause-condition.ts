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
import type { ExplainResult, Observation, SingleChange } from './types.js';

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

/** A literal of a fix's clause: a field present or absent, or a field that carries the user's value. */
type ClauseLiteral = Literal | { given: string };

function clauseLiterals(parts: readonly SingleChange[]): ClauseLiteral[] {
  return parts.flatMap((p): ClauseLiteral[] => (p.kind === 'replace-value' || p.kind === 'add-zone' ? [{ given: p.field }] : undone(p)));
}

/** Whether the body observed keeps the request refused by every fix: each fix's clause has a literal that holds. */
export function keepsEveryClause(fixes: readonly (readonly SingleChange[])[], seen: Observation): boolean {
  return fixes.every((parts) =>
    clauseLiterals(parts).some((l) => ('given' in l ? seen.given.includes(l.given) : seen.present.includes(l.name) === l.present)),
  );
}

/**
 * The refusals the fixes do not account for: bodies explain saw refused although they make one of the fixes whole (a
 * change of one field that took out a required field, a renamed property refused for another reason). The smallest
 * condition over which fields they have that holds on each of them and on no body seen accepted; undefined when
 * there are none, or when no such condition exists (a body refused and one accepted with the same fields).
 */
export function alsoRefused(fixes: readonly (readonly SingleChange[])[], seen: readonly Observation[]): Expr | undefined {
  const unexplained = seen.filter((o) => !o.accepted && !keepsEveryClause(fixes, o));
  if (unexplained.length === 0) return undefined;
  const accepted = seen.filter((o) => o.accepted);
  const all = [...new Set(seen.flatMap((o) => o.present))];
  // Only the fields whose presence differs among the bodies can tell them apart.
  const fields = all.filter((f) => !seen.every((o) => o.present.includes(f)));
  if (fields.length === 0 || fields.length > MAX_FIELDS) return undefined;
  const mask = (o: Observation): number => fields.reduce((m, f, i) => (o.present.includes(f) ? m | (1 << i) : m), 0);
  const on = [...new Set(unexplained.map(mask))];
  const off = [...new Set(accepted.map(mask))];
  if (on.some((m) => off.includes(m))) return undefined;
  return sumOfProductsExpr(fields, minimize(fields, on, off).cubes);
}

/** The fixes the output shows, each as its parts: the changes of one field, the changes of several, or the one found and those as small. */
export function fixClauses(r: ExplainResult): SingleChange[][] {
  if (r.singles.fixes.length > 0) return r.singles.fixes.map((f) => [f.change]);
  if (r.fixSets.length > 0) return r.fixSets.map((s) => s.parts);
  const part = (field: string): SingleChange => ({ kind: Object.hasOwn(r.original.body, field) ? 'remove' : 'add', field });
  const values = r.replaced.map((field): SingleChange => ({ kind: 'replace-value', field }));
  const toggles = [...r.removed, ...r.added];
  const main = [...toggles.map(part), ...values];
  const swaps = r.swaps.map((w) => [...toggles.filter((f) => f !== w.instead).map(part), part(w.field), ...values]);
  return main.length === 0 ? [] : [main, ...swaps];
}
