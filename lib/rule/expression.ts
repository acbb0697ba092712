/**
 * Boolean expressions over field names, in the report's syntax:
 * field names, `true`, `false`, `!`, `&&`, `||` and parentheses.
 * Used to write inferred rules, to read rules back (baselines, the reference
 * service's rule profiles) and to check that a rule holds on a combination.
 */
import { ExpressionSyntaxError } from '../errors.js';

export type Expr =
  | { kind: 'const'; value: boolean }
  | { kind: 'field'; name: string }
  | { kind: 'not'; operand: Expr }
  | { kind: 'and'; operands: Expr[] }
  | { kind: 'or'; operands: Expr[] };

type Token = { kind: 'name'; text: string } | { kind: 'op'; text: '!' | '&&' | '||' | '(' | ')' };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i] as string;
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '!' || ch === '(' || ch === ')') {
      tokens.push({ kind: 'op', text: ch });
      i += 1;
    } else if (source.startsWith('&&', i) || source.startsWith('||', i)) {
      tokens.push({ kind: 'op', text: source.slice(i, i + 2) as '&&' | '||' });
      i += 2;
    } else {
      const match = /^[A-Za-z_$][\w$.-]*/.exec(source.slice(i));
      if (match === null) {
        throw new ExpressionSyntaxError(`expression: unexpected character '${ch}' at position ${i}`);
      }
      tokens.push({ kind: 'name', text: match[0] });
      i += match[0].length;
    }
  }
  return tokens;
}

/** Parses `a && !b || (c && d)`; `&&` binds tighter than `||`. */
export function parseExpression(source: string): Expr {
  const tokens = tokenize(source);
  let pos = 0;
  const peek = (): Token | undefined => tokens[pos];
  const isOp = (text: string): boolean => {
    const t = peek();
    return t !== undefined && t.kind === 'op' && t.text === text;
  };

  const parseOr = (): Expr => {
    const operands = [parseAnd()];
    while (isOp('||')) {
      pos += 1;
      operands.push(parseAnd());
    }
    return operands.length === 1 ? (operands[0] as Expr) : { kind: 'or', operands };
  };
  const parseAnd = (): Expr => {
    const operands = [parseUnary()];
    while (isOp('&&')) {
      pos += 1;
      operands.push(parseUnary());
    }
    return operands.length === 1 ? (operands[0] as Expr) : { kind: 'and', operands };
  };
  const parseUnary = (): Expr => {
    const t = peek();
    if (t === undefined) throw new ExpressionSyntaxError('expression: unexpected end');
    pos += 1;
    if (t.kind === 'op' && t.text === '!') return { kind: 'not', operand: parseUnary() };
    if (t.kind === 'op' && t.text === '(') {
      const inner = parseOr();
      if (!isOp(')')) throw new ExpressionSyntaxError('expression: missing )');
      pos += 1;
      return inner;
    }
    if (t.kind === 'name') {
      if (t.text === 'true') return { kind: 'const', value: true };
      if (t.text === 'false') return { kind: 'const', value: false };
      return { kind: 'field', name: t.text };
    }
    throw new ExpressionSyntaxError(`expression: unexpected '${t.text}'`);
  };

  const expr = parseOr();
  if (pos !== tokens.length) {
    throw new ExpressionSyntaxError(`expression: unexpected '${(tokens[pos] as Token).text}' after a complete expression`);
  }
  return expr;
}

/** True when the expression holds for a body whose present fields are `present`. */
export function evaluate(expr: Expr, present: ReadonlySet<string>): boolean {
  switch (expr.kind) {
    case 'const':
      return expr.value;
    case 'field':
      return present.has(expr.name);
    case 'not':
      return !evaluate(expr.operand, present);
    case 'and':
      return expr.operands.every((e) => evaluate(e, present));
    case 'or':
      return expr.operands.some((e) => evaluate(e, present));
  }
}

/** Field names the expression mentions, in first-seen order. */
export function fieldsOf(expr: Expr): string[] {
  const seen = new Set<string>();
  const walk = (e: Expr): void => {
    if (e.kind === 'field') seen.add(e.name);
    else if (e.kind === 'not') walk(e.operand);
    else if (e.kind === 'and' || e.kind === 'or') e.operands.forEach(walk);
  };
  walk(expr);
  return [...seen];
}

/** Writes an expression back in the report syntax, with parentheses only where needed. */
export function formatExpression(expr: Expr): string {
  switch (expr.kind) {
    case 'const':
      return String(expr.value);
    case 'field':
      return expr.name;
    case 'not': {
      const inner = formatExpression(expr.operand);
      return expr.operand.kind === 'and' || expr.operand.kind === 'or' ? `!(${inner})` : `!${inner}`;
    }
    case 'and':
      return expr.operands.map((e) => (e.kind === 'or' ? `(${formatExpression(e)})` : formatExpression(e))).join(' && ');
    case 'or':
      return expr.operands.map(formatExpression).join(' || ');
  }
}
