/**
 * A condition over fields in English, built from its structure so that it reads one way only: a person who
 * trusts the sentence over the expression builds the same bodies. English has no precedence between "and" and
 * "or", so the grammar never puts an "or" where an "and" could claim it:
 *
 *   Condition := Part (", and " Part)*                             Groups only first, Either only last
 *              | "all of these hold: " Part ("; " Part)+         two "either"s or more: a semicolon apart
 *   Part      := Groups | Closed | Either
 *   Groups    := Group (" and " Group)*                          the fields every accepted body has, and has not
 *   Group     := Names (" is present" | " are present" | " is absent" | " are absent")
 *   Closed    := "at least one of " Names (" is present" | " is absent") | "exactly one of " Names " is present"
 *   Either    := "either " Groups (" or " | ", or ") Groups ...   runs to the end of the condition
 *   Names     := name | name " and " name | name ", " ... " and " name
 *
 * A list of names never has an "or", so an "or" always separates alternatives. The test beside this file reads
 * every sentence back with a parser of this grammar and checks it against the rule on every combination.
 */
import { formatExpression, type Expr } from './expression.js';
import { ruleTerms, type RuleTerm } from './products.js';

/** Past this many alternatives a sentence stops being read: the expression itself is stated instead. */
const MAX_ALTERNATIVES = 12;

interface Literal {
  name: string;
  present: boolean;
}

type Choice =
  | { kind: 'at-least-one'; present: boolean; names: string[] }
  | { kind: 'exactly-one'; names: string[] }
  | { kind: 'either'; alternatives: Literal[][] };

/** The structure a sentence is written from: literals every accepted body keeps, then the choices left. */
interface Shape {
  common: Literal[];
  choices: Choice[];
}

/**
 * The condition in words, without a frame ("notificationUrl is present, and either changeType is absent or
 * resource is present"); "every combination" or "no combination" for a constant; `the expression E holds` when
 * no sentence of the grammar stays readable. `order` fixes the order of names (the operation's fields).
 */
export function conditionInWords(expr: Expr, order: readonly string[]): string {
  if (expr.kind === 'const') return expr.value ? 'every combination' : 'no combination';
  const shape = shapeOf(expr);
  if (shape === undefined) return `the expression ${formatExpression(expr)} holds`;
  const rank = (name: string): number => {
    const i = order.indexOf(name);
    return i === -1 ? order.length : i;
  };
  return render(shape, (names) => [...new Set(names)].sort((a, b) => rank(a) - rank(b)));
}

export interface RuleWordsOptions {
  /** Fields whose role the evidence leaves open: named as undetermined, never as not mattering. */
  undetermined?: readonly string[];
}

/**
 * The acceptance rule as a sentence: "Accepted exactly when notificationUrl and expirationDateTime are present
 * and changeType and resource are absent; clientState does not matter." `fields` are the operation's: their order
 * orders the names, and a field the rule does not mention is said not to matter, unless it is undetermined.
 */
export function ruleInWords(expr: Expr, fields: readonly string[], options: RuleWordsOptions = {}): string {
  if (expr.kind === 'const') {
    return expr.value ? 'Accepted whatever fields are present.' : 'Never accepted: no combination of fields was accepted.';
  }
  const mentioned = new Set(mentionedFields(expr));
  const undetermined = fields.filter((f) => options.undetermined?.includes(f) === true);
  const ignored = fields.filter((f) => !mentioned.has(f) && !undetermined.includes(f));
  const tail = [
    ...(ignored.length === 0 ? [] : [`${joinNames(ignored)} ${ignored.length === 1 ? 'does' : 'do'} not matter`]),
    ...(undetermined.length === 0
      ? []
      : [
          `the role${undetermined.length === 1 ? '' : 's'} of ${joinNames(undetermined)} ${undetermined.length === 1 ? 'is' : 'are'} undetermined`,
        ]),
  ];
  return `Accepted exactly when ${conditionInWords(expr, fields)}${tail.map((t) => `; ${t}`).join('')}.`;
}

/** "a", "a and b", "a, b and c": the only list a sentence uses, so that "or" never appears inside one. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

function mentionedFields(expr: Expr): string[] {
  if (expr.kind === 'field') return [expr.name];
  if (expr.kind === 'not') return mentionedFields(expr.operand);
  if (expr.kind === 'and' || expr.kind === 'or') return expr.operands.flatMap(mentionedFields);
  return [];
}

/**
 * A conjunction is read factor by factor (a rule the explorer writes as a product of small sums stays one
 * choice per sum); anything else is multiplied out into alternatives, and what they all share is pulled out front.
 */
function shapeOf(expr: Expr): Shape | undefined {
  const factors = expr.kind === 'and' ? expr.operands : [expr];
  const common: Literal[] = [];
  const choices: Choice[] = [];
  for (const factor of factors) {
    const terms = ruleTerms(factor);
    if (terms === undefined) return undefined;
    const part = factorOut(absorbed(terms));
    if (part === undefined) return undefined;
    common.push(...part.common);
    if (part.choice !== undefined) choices.push(part.choice);
  }
  const unique = dedupe(common);
  if (unique.some((l) => unique.some((m) => m.name === l.name && m.present !== l.present))) return undefined;
  // A factor that is never true makes the whole never true, which the caller states as a constant.
  return { common: unique, choices };
}

function factorOut(terms: RuleTerm[]): { common: Literal[]; choice?: Choice } | undefined {
  if (terms.length === 0 || terms.length > MAX_ALTERNATIVES) return undefined;
  const asLiterals = terms.map(literalsOf);
  const key = (l: Literal): string => `${l.present ? '+' : '-'}${l.name}`;
  const first = asLiterals[0] ?? [];
  const common = first.filter((l) => asLiterals.every((t) => t.some((m) => key(m) === key(l))));
  const shared = new Set(common.map(key));
  const rests = asLiterals.map((t) => t.filter((l) => !shared.has(key(l))));
  // A term that is only the shared part absorbs every other one.
  if (rests.some((r) => r.length === 0)) return { common };
  return { common, choice: choiceOf(rests) };
}

function choiceOf(alternatives: Literal[][]): Choice {
  const singles = alternatives.every((a) => a.length === 1) ? alternatives.map((a) => a[0] as Literal) : undefined;
  if (singles !== undefined && singles.every((l) => l.present === singles[0]?.present)) {
    return { kind: 'at-least-one', present: singles[0]?.present ?? true, names: singles.map((l) => l.name) };
  }
  const oneHot = exactlyOneOf(alternatives);
  if (oneHot !== undefined) return { kind: 'exactly-one', names: oneHot };
  return { kind: 'either', alternatives };
}

/** The names when each alternative has exactly one of them present and the others absent, and every name its own. */
function exactlyOneOf(alternatives: Literal[][]): string[] | undefined {
  if (alternatives.length < 2) return undefined;
  const names = [...new Set(alternatives.flat().map((l) => l.name))];
  if (names.length !== alternatives.length) return undefined;
  const present = new Set<string>();
  for (const alternative of alternatives) {
    const on = alternative.filter((l) => l.present);
    if (alternative.length !== names.length || on.length !== 1) return undefined;
    present.add((on[0] as Literal).name);
  }
  return present.size === names.length ? names : undefined;
}

function literalsOf(term: RuleTerm): Literal[] {
  return [...[...term.present].map((name) => ({ name, present: true })), ...[...term.absent].map((name) => ({ name, present: false }))];
}

/** Drops every term that another term's literals are a subset of (it can add no combination). */
function absorbed(terms: RuleTerm[]): RuleTerm[] {
  const within = (a: RuleTerm, b: RuleTerm): boolean =>
    [...a.present].every((f) => b.present.has(f)) && [...a.absent].every((f) => b.absent.has(f));
  return terms.filter((t, i) => !terms.some((u, j) => j !== i && within(u, t) && (!within(t, u) || j < i)));
}

function dedupe(literals: Literal[]): Literal[] {
  const seen = new Set<string>();
  return literals.filter((l) => {
    const key = `${l.present ? '+' : '-'}${l.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type Sort = (names: string[]) => string[];

function render(shape: Shape, sort: Sort): string {
  const groups = shape.common.length === 0 ? [] : [groupsInWords(shape.common, sort)];
  // An "either" runs to the end of the sentence, so it comes last; with two of them, only a list reads one way.
  const closed = shape.choices.filter((c) => c.kind !== 'either');
  const open = shape.choices.filter((c) => c.kind === 'either');
  const parts = [...groups, ...[...closed, ...open].map((c) => choiceInWords(c, sort))];
  return open.length > 1 ? `all of these hold: ${parts.join('; ')}` : parts.join(', and ');
}

function choiceInWords(choice: Choice, sort: Sort): string {
  switch (choice.kind) {
    case 'at-least-one':
      return `at least one of ${joinNames(sort(choice.names))} is ${choice.present ? 'present' : 'absent'}`;
    case 'exactly-one':
      return `exactly one of ${joinNames(sort(choice.names))} is present`;
    case 'either': {
      const alternatives = inOrder(choice.alternatives, sort).map((a) => groupsInWords(a, sort));
      const separator = alternatives.length === 2 && choice.alternatives.every((a) => a.length === 1) ? ' or ' : ', or ';
      return `either ${alternatives.join(separator)}`;
    }
  }
}

/** Alternatives by their first literal as written (present before absent, then the names' order). */
function inOrder(alternatives: Literal[][], sort: Sort): Literal[][] {
  const names = sort(alternatives.flat().map((l) => l.name));
  const written = (a: Literal[]): Literal[] =>
    [...a].sort((x, y) => Number(y.present) - Number(x.present) || names.indexOf(x.name) - names.indexOf(y.name));
  const key = (a: Literal[]): number[] => written(a).flatMap((l) => [l.present ? 0 : 1, names.indexOf(l.name)]);
  const compare = (a: number[], b: number[]): number => {
    for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
    return a.length - b.length;
  };
  return [...alternatives].sort((a, b) => compare(key(a), key(b)));
}

/** "a and b are present and c is absent": what to send, then what not to. */
function groupsInWords(literals: Literal[], sort: Sort): string {
  const present = sort(literals.filter((l) => l.present).map((l) => l.name));
  const absent = sort(literals.filter((l) => !l.present).map((l) => l.name));
  const group = (names: string[], state: string): string[] =>
    names.length === 0 ? [] : [`${joinNames(names)} ${names.length === 1 ? 'is' : 'are'} ${state}`];
  return [...group(present, 'present'), ...group(absent, 'absent')].join(' and ');
}
