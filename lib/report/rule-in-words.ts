import type { Expr } from '../rule/expression.js';
import { Rule } from '../rule/rule.js';

/**
 * The acceptance rule as a sentence, e.g. "Accepted exactly when notificationUrl and
 * expirationDateTime are present and changeType and resource are absent; clientState
 * does not matter." `fields` (the operation's fields) fixes the order of names and lets
 * the sentence name the fields the rule ignores.
 */
export function ruleInWords(expression: string, fields: readonly string[]): string {
  const rule = Rule.tryOf(expression);
  if (rule === undefined) return `Accepted exactly when the expression ${expression} holds.`;
  const expr = rule.expr;
  if (expr.kind === 'const') {
    return expr.value ? 'Accepted whatever fields are present.' : 'Never accepted: no combination of fields was accepted.';
  }
  const order = (names: Iterable<string>): string[] => sortByFields([...names], fields);
  const ignored = fields.filter((f) => !rule.fields.includes(f));
  const tail = ignored.length === 0 ? '' : `; ${joinWords(ignored)} ${ignored.length === 1 ? 'does' : 'do'} not matter`;
  return `Accepted exactly when ${sumInWords(expr, order)}${tail}.`;
}

/**
 * A condition over fields in words, without the "Accepted exactly when" frame: "changeType or
 * resource is present". For rejection groups. Falls back to the expression itself.
 */
export function conditionInWords(expression: string, fields: readonly string[]): string {
  const expr = Rule.tryOf(expression)?.expr;
  if (expr === undefined) return expression;
  if (expr.kind === 'const') return expr.value ? 'every combination' : 'no combination';
  return sumInWords(expr, (names) => sortByFields([...names], fields));
}

type Order = (names: Iterable<string>) => string[];

/** Top level: pull the literals every product shares out front ("a is present and either b or c"). */
function sumInWords(expr: Expr, order: Order): string {
  if (expr.kind !== 'or') return phrase(expr, order, false);
  const terms = expr.operands.map(conjuncts);
  const key = (e: Expr): string => JSON.stringify(e);
  const first = terms[0] ?? [];
  const common = first.filter((lit) => isLiteral(lit) && terms.every((t) => t.some((x) => key(x) === key(lit))));
  if (common.length === 0) return phrase(expr, order, false);
  const commonKeys = new Set(common.map(key));
  const rests = terms.map((t) => t.filter((x) => !commonKeys.has(key(x))));
  // A product that is only the common part absorbs the others.
  if (rests.some((r) => r.length === 0)) return phrase(and(common), order, false);
  const alternatives: Expr = { kind: 'or', operands: rests.map(and) };
  return `${phrase(and(common), order, false)} and ${phrase(alternatives, order, false)}`;
}

function phrase(expr: Expr, order: Order, nested: boolean): string {
  switch (expr.kind) {
    case 'const':
      return expr.value ? 'always' : 'never';
    case 'field':
      return `${expr.name} is present`;
    case 'not':
      return expr.operand.kind === 'field' ? `${expr.operand.name} is absent` : `not (${phrase(expr.operand, order, true)})`;
    case 'and': {
      const present = order(expr.operands.flatMap((e) => (e.kind === 'field' ? [e.name] : [])));
      const absent = order(expr.operands.flatMap((e) => (e.kind === 'not' && e.operand.kind === 'field' ? [e.operand.name] : [])));
      const others = expr.operands.filter((e) => !isLiteral(e)).map((e) => phrase(e, order, true));
      const parts = [
        ...(present.length === 0 ? [] : [`${joinWords(present)} ${present.length === 1 ? 'is' : 'are'} present`]),
        ...(absent.length === 0 ? [] : [`${joinWords(absent)} ${absent.length === 1 ? 'is' : 'are'} absent`]),
        ...others,
      ];
      return parts.join(' and ');
    }
    case 'or': {
      if (expr.operands.every(isLiteral)) {
        // "a or b is present, or c is absent"
        const present = order(expr.operands.flatMap((e) => (e.kind === 'field' ? [e.name] : [])));
        const absent = order(expr.operands.flatMap((e) => (e.kind === 'not' && e.operand.kind === 'field' ? [e.operand.name] : [])));
        const text = [
          ...(present.length === 0 ? [] : [`${joinWords(present, 'or')} is present`]),
          // "a or b is absent" reads like "neither"; say it plainly.
          ...(absent.length === 0
            ? []
            : [absent.length === 1 ? `${absent[0] ?? ''} is absent` : `at least one of ${joinWords(absent)} is absent`]),
        ].join(', or ');
        return nested ? `(${text})` : text;
      }
      // Products inside an alternative get parentheses: "either (a is present and b is absent) or c is present".
      const alternatives = expr.operands.map((e) => (e.kind === 'and' ? `(${phrase(e, order, true)})` : phrase(e, order, true)));
      const text = `either ${alternatives.join(' or ')}`;
      return nested ? `(${text})` : text;
    }
  }
}

function conjuncts(expr: Expr): Expr[] {
  return expr.kind === 'and' ? expr.operands : [expr];
}

function and(operands: Expr[]): Expr {
  return operands.length === 1 ? (operands[0] as Expr) : { kind: 'and', operands };
}

function isLiteral(e: Expr): boolean {
  return e.kind === 'field' || (e.kind === 'not' && e.operand.kind === 'field');
}

function sortByFields(names: string[], fields: readonly string[]): string[] {
  const rank = (n: string): number => {
    const i = fields.indexOf(n);
    return i === -1 ? fields.length : i;
  };
  return [...new Set(names)].sort((a, b) => rank(a) - rank(b));
}

/** "a", "a and b", "a, b and c" (or "a, b or c"). */
function joinWords(words: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1] ?? ''}`;
}
