/**
 * A reader of the IDL the tool writes, apart from the code that writes it, so that a test can ask what a
 * statement means: the part of IDL (Martin-Lopez et al.; the grammar of isa-group/IDL) over presence of
 * parameters: `IF clause THEN clause;`, `Or(...)`, `OnlyOne(...)`, `AllOrNone(...)`, `ZeroOrOne(...)` (each may be
 * negated with NOT and take clauses as arguments), clauses of parameters, NOT, AND, OR and parentheses. AND and OR
 * mixed without parentheses are refused: IDL's grammar nests them to the right, which a reader may take otherwise.
 */

/** A statement as a test of the present fields. */
export type IdlPredicate = (present: ReadonlySet<string>) => boolean;

const PREDEFINED = new Set(['Or', 'OnlyOne', 'AllOrNone', 'ZeroOrOne']);

/** Reads one statement (ending in `;`); throws on anything outside the grammar. */
export function readIdl(text: string): IdlPredicate {
  const tokens = text.match(/[A-Za-z_.$][\w.$-]*|[(),;]|\S/g) ?? [];
  let at = 0;
  const peek = (): string | undefined => tokens[at];
  const next = (): string => {
    const token = tokens[at];
    if (token === undefined) throw new Error(`IDL ended early: ${text}`);
    at += 1;
    return token;
  };
  const expect = (token: string): void => {
    const got = next();
    if (got !== token) throw new Error(`IDL: expected ${token}, got ${got} in ${text}`);
  };

  const clause = (): IdlPredicate => {
    const first = term();
    const op = peek();
    if (op !== 'AND' && op !== 'OR') return first;
    const parts = [first];
    while (peek() === 'AND' || peek() === 'OR') {
      if (next() !== op) throw new Error(`IDL: AND and OR mixed without parentheses in ${text}`);
      parts.push(term());
    }
    return op === 'AND' ? (p) => parts.every((f) => f(p)) : (p) => parts.some((f) => f(p));
  };

  const term = (): IdlPredicate => {
    if (peek() === 'NOT') {
      next();
      const inner = term();
      return (p) => !inner(p);
    }
    const token = next();
    if (token === '(') {
      const inner = clause();
      expect(')');
      return inner;
    }
    if (PREDEFINED.has(token)) return predefined(token);
    if (!/^[A-Za-z_.$]/.test(token) || ['IF', 'THEN', 'AND', 'OR'].includes(token)) throw new Error(`IDL: unexpected ${token} in ${text}`);
    return (p) => p.has(token);
  };

  const predefined = (kind: string): IdlPredicate => {
    expect('(');
    const args = [clause()];
    while (peek() === ',') {
      next();
      args.push(clause());
    }
    expect(')');
    if (args.length < 2) throw new Error(`IDL: ${kind} takes two arguments or more in ${text}`);
    return (p) => {
      const count = args.filter((f) => f(p)).length;
      if (kind === 'Or') return count >= 1;
      if (kind === 'OnlyOne') return count === 1;
      if (kind === 'AllOrNone') return count === 0 || count === args.length;
      return count <= 1;
    };
  };

  let statement: IdlPredicate;
  if (peek() === 'IF') {
    next();
    const condition = clause();
    expect('THEN');
    const consequence = clause();
    statement = (p) => !condition(p) || consequence(p);
  } else {
    const negated = peek() === 'NOT';
    if (negated) next();
    const kind = next();
    if (!PREDEFINED.has(kind)) throw new Error(`IDL: a statement is IF ... THEN ... or a predefined dependency, not ${kind}: ${text}`);
    const inner = predefined(kind);
    statement = negated ? (p) => !inner(p) : inner;
  }
  expect(';');
  if (at !== tokens.length) throw new Error(`IDL: more after the statement in ${text}`);
  return statement;
}
