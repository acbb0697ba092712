/**
 * Reads a sentence of lib/rule/in-words.ts's grammar back to a rule, as a careful reader would: a self-test
 * holds the words against the rule on every combination, so the words can never state another rule. It is
 * written apart from the renderer (its own splitting, no shared helper), so that one mistake cannot hide in both.
 */
import { parseExpression, type Expr } from '../../lib/rule/expression.js';

export class WordsSyntaxError extends Error {}

const field = (name: string): Expr => ({ kind: 'field', name });
const not = (operand: Expr): Expr => ({ kind: 'not', operand });
const and = (operands: Expr[]): Expr => (operands.length === 1 ? (operands[0] as Expr) : { kind: 'and', operands });
const or = (operands: Expr[]): Expr => (operands.length === 1 ? (operands[0] as Expr) : { kind: 'or', operands });

/** "a", "a and b", "a, b and c". */
function names(text: string): string[] {
  const parts = text.split(', ');
  const last = parts.pop() ?? '';
  const tail = last.split(' and ');
  const all = [...parts, ...tail];
  if (parts.length > 0 && tail.length !== 2) throw new WordsSyntaxError(`not a list of names: "${text}"`);
  if (all.some((n) => !/^[A-Za-z_$][\w$.-]*$/.test(n))) throw new WordsSyntaxError(`not a list of names: "${text}"`);
  return all;
}

/** "a and b are present and c is absent". */
function groups(text: string): Expr {
  const literals: Expr[] = [];
  let rest = text;
  while (rest.length > 0) {
    const match = /^(.+?) (is|are) (present|absent)(?: and |$)/.exec(rest);
    if (match === null) throw new WordsSyntaxError(`not a group of fields: "${rest}"`);
    const list = names(match[1] as string);
    if ((list.length === 1) !== (match[2] === 'is')) throw new WordsSyntaxError(`"${match[2]}" does not agree with "${match[1]}"`);
    for (const name of list) literals.push(match[3] === 'present' ? field(name) : not(field(name)));
    rest = rest.slice(match[0].length);
  }
  return and(literals);
}

function part(text: string): Expr {
  let match = /^at least one of (.+) is (present|absent)$/.exec(text);
  if (match !== null) return or(names(match[1] as string).map((n) => (match?.[2] === 'present' ? field(n) : not(field(n)))));
  match = /^exactly one of (.+) is present$/.exec(text);
  if (match !== null) {
    const list = names(match[1] as string);
    return or(list.map((n) => and(list.map((m) => (m === n ? field(m) : not(field(m)))))));
  }
  if (text.startsWith('either ')) {
    const alternatives = text.slice('either '.length).split(/,? or /);
    if (alternatives.length < 2) throw new WordsSyntaxError(`an "either" without an "or": "${text}"`);
    return or(alternatives.map(groups));
  }
  return groups(text);
}

/** The condition of a sentence, without its frame. */
export function readCondition(text: string): Expr {
  if (text === 'every combination') return { kind: 'const', value: true };
  if (text === 'no combination') return { kind: 'const', value: false };
  const expression = /^the expression (.+) holds$/.exec(text);
  if (expression !== null) return parseExpression(expression[1] as string);
  if (text.startsWith('all of these hold: ')) return and(text.slice('all of these hold: '.length).split('; ').map(part));
  const parts = text.split(', and ');
  parts.slice(0, -1).forEach((p) => {
    if (p.startsWith('either ')) throw new WordsSyntaxError(`an "either" before the end: "${text}"`);
  });
  return and(parts.map(part));
}

export interface ReadRule {
  rule: Expr;
  /** Fields the sentence says do not matter. */
  ignored: string[];
  /** Fields the sentence says are undetermined. */
  undetermined: string[];
}

/** A whole rule sentence: "Accepted exactly when ...; x does not matter; the role of y is undetermined." */
export function readRuleSentence(sentence: string): ReadRule {
  if (sentence === 'Accepted whatever fields are present.') return { rule: { kind: 'const', value: true }, ignored: [], undetermined: [] };
  if (sentence === 'Never accepted: no combination of fields was accepted.') {
    return { rule: { kind: 'const', value: false }, ignored: [], undetermined: [] };
  }
  const framed = /^Accepted exactly when (.+)\.$/.exec(sentence);
  if (framed === null) throw new WordsSyntaxError(`not a rule sentence: "${sentence}"`);
  let body = framed[1] as string;
  const ignored: string[] = [];
  const undetermined: string[] = [];
  for (;;) {
    const role = /; the roles? of ([^;]+) (?:is|are) undetermined$/.exec(body);
    if (role !== null) {
      undetermined.unshift(...names(role[1] as string));
      body = body.slice(0, role.index);
      continue;
    }
    const matter = /; ([^;]+) (?:does|do) not matter$/.exec(body);
    if (matter !== null) {
      ignored.unshift(...names(matter[1] as string));
      body = body.slice(0, matter.index);
      continue;
    }
    break;
  }
  return { rule: readCondition(body), ignored, undetermined };
}
