import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readRuleSentence, readCondition } from '../../test/support/read-words.js';
import { minimize } from '../inference/minimize.js';
import { evaluate, type Expr } from './expression.js';
import { combinations } from './field-set.js';
import { conditionInWords, ruleInWords } from './in-words.js';
import { Rule } from './rule.js';

const FIELDS = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];

const words = (expression: string, fields = FIELDS): string => ruleInWords(Rule.of(expression).expr, fields);

/** The combinations on which two expressions disagree (none when they state the same rule). */
function disagreements(fields: readonly string[], a: Expr, b: Expr): string[][] {
  return combinations(fields).filter((present) => evaluate(a, new Set(present)) !== evaluate(b, new Set(present)));
}

/** True when flipping the field never changes the outcome. */
function doesNotMatter(fields: readonly string[], expr: Expr, name: string): boolean {
  return combinations(fields).every((present) => {
    const flipped = present.includes(name) ? present.filter((f) => f !== name) : [...present, name];
    return evaluate(expr, new Set(present)) === evaluate(expr, new Set(flipped));
  });
}

describe('ruleInWords', () => {
  test.each([
    [
      'notificationUrl && expirationDateTime && !changeType && !resource',
      'Accepted exactly when notificationUrl and expirationDateTime are present and changeType and resource are absent; clientState does not matter.',
    ],
    // The rule a person read the other way round: the "or" must not be able to take the "and" with it.
    [
      '(notificationUrl && !changeType) || (notificationUrl && resource)',
      'Accepted exactly when notificationUrl is present, and either resource is present or changeType is absent; expirationDateTime and clientState do not matter.',
    ],
    [
      'notificationUrl && expirationDateTime && !changeType || notificationUrl && expirationDateTime && !resource',
      'Accepted exactly when notificationUrl and expirationDateTime are present, and at least one of changeType and resource is absent; clientState does not matter.',
    ],
    [
      '(notificationUrl && changeType && !resource) || (notificationUrl && resource && !changeType)',
      'Accepted exactly when notificationUrl is present, and exactly one of changeType and resource is present; expirationDateTime and clientState do not matter.',
    ],
    [
      'notificationUrl && !changeType || resource',
      'Accepted exactly when either notificationUrl is present and changeType is absent, or resource is present; expirationDateTime and clientState do not matter.',
    ],
    [
      'changeType || !notificationUrl || resource || !expirationDateTime',
      'Accepted exactly when either changeType is present, or resource is present, or notificationUrl is absent, or expirationDateTime is absent; clientState does not matter.',
    ],
    [
      '(changeType || resource) && (notificationUrl || clientState) && expirationDateTime',
      'Accepted exactly when expirationDateTime is present, and at least one of changeType and resource is present, and at least one of notificationUrl and clientState is present.',
    ],
    [
      '(changeType && !resource || notificationUrl) && (expirationDateTime && !clientState || resource)',
      'Accepted exactly when all of these hold: either changeType is present and resource is absent, or notificationUrl is present; either resource is present, or expirationDateTime is present and clientState is absent.',
    ],
    ['false', 'Never accepted: no combination of fields was accepted.'],
    ['true', 'Accepted whatever fields are present.'],
  ])('%s', (expression, sentence) => {
    expect(words(expression)).toBe(sentence);
    if (expression !== 'true' && expression !== 'false') {
      expect(disagreements(FIELDS, readRuleSentence(sentence).rule, Rule.of(expression).expr)).toEqual([]);
    }
  });

  test('names fields in the operation order, whatever order the expression uses', () => {
    expect(words('expirationDateTime && notificationUrl')).toMatch(
      /^Accepted exactly when notificationUrl and expirationDateTime are present;/,
    );
  });

  test('a field the evidence leaves open is undetermined, never "does not matter"', () => {
    const sentence = ruleInWords(Rule.of('notificationUrl && !changeType').expr, FIELDS, { undetermined: ['clientState', 'changeType'] });
    expect(sentence).toBe(
      'Accepted exactly when notificationUrl is present and changeType is absent; resource and expirationDateTime do not matter; the roles of changeType and clientState are undetermined.',
    );
    expect(readRuleSentence(sentence)).toMatchObject({
      ignored: ['resource', 'expirationDateTime'],
      undetermined: ['changeType', 'clientState'],
    });
  });

  test('a rule too wide for a sentence states its expression, which still reads back', () => {
    const wide = Array.from({ length: 13 }, (_, i) => `(x${i} && y${i})`).join(' || ');
    const condition = conditionInWords(Rule.of(wide).expr, []);
    expect(condition).toBe(`the expression ${wide.replaceAll(/[()]/g, '')} holds`);
    expect(readCondition(condition)).toEqual(Rule.of(wide).expr);
  });
});

describe('the sentence reads back as the rule it renders', () => {
  const fieldsOf = (n: number): string[] => Array.from({ length: n }, (_, i) => `f${i}`);

  /** Minimal sums of products, as the inference writes them, from a random truth table. */
  const inferredRule = fc
    .integer({ min: 1, max: 8 })
    .chain((n) => fc.tuple(fc.constant(fieldsOf(n)), fc.array(fc.boolean(), { minLength: 2 ** n, maxLength: 2 ** n })));
  /** Products of small sums, as the explorer writes a rule over many fields. */
  const literal = (n: number): fc.Arbitrary<Expr> =>
    fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.boolean()).map(([i, on]): Expr => {
      const f: Expr = { kind: 'field', name: `f${i}` };
      return on ? f : { kind: 'not', operand: f };
    });
  const term = (n: number): fc.Arbitrary<Expr> =>
    fc
      .array(literal(n), { minLength: 1, maxLength: 3 })
      .map((operands): Expr => (operands.length === 1 ? (operands[0] as Expr) : { kind: 'and', operands }));
  const sum = (n: number): fc.Arbitrary<Expr> =>
    fc
      .array(term(n), { minLength: 1, maxLength: 3 })
      .map((operands): Expr => (operands.length === 1 ? (operands[0] as Expr) : { kind: 'or', operands }));
  const explorerRule = fc
    .integer({ min: 1, max: 8 })
    .chain((n) => fc.tuple(fc.constant(fieldsOf(n)), fc.array(sum(n), { minLength: 1, maxLength: 4 })))
    .map(([fields, factors]): [string[], Expr] => [
      fields,
      factors.length === 1 ? (factors[0] as Expr) : { kind: 'and', operands: factors },
    ]);

  function roundTrip(fields: string[], expr: Expr): void {
    const sentence = ruleInWords(expr, fields);
    const read = readRuleSentence(sentence);
    expect(disagreements(fields, read.rule, expr), sentence).toEqual([]);
    for (const name of read.ignored) expect(doesNotMatter(fields, expr, name), `${sentence}: ${name}`).toBe(true);
  }

  // 10,000 cost about 12 s of CPU (minimising 8-field tables): `SENTENCE_RULES=10000 npm test -- lib/rule/in-words` runs them.
  const inferredRules = Number(process.env.SENTENCE_RULES ?? 1000);

  test(`for ${inferredRules} inferred rules of up to 8 fields (seeded)`, () => {
    fc.assert(
      fc.property(inferredRule, ([fields, table]) => {
        const on = table.flatMap((ok, mask) => (ok ? [mask] : []));
        const off = table.flatMap((ok, mask) => (ok ? [] : [mask]));
        roundTrip(fields, Rule.of(minimize(fields, on, off).expression).expr);
      }),
      { numRuns: inferredRules, seed: 3401 },
    );
  });

  test('for 10,000 products of sums of up to 8 fields (seeded)', () => {
    fc.assert(
      fc.property(explorerRule, ([fields, expr]) => roundTrip(fields, expr)),
      { numRuns: 10_000, seed: 3402 },
    );
  });
});
