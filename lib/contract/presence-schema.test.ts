import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { combinations } from '../rule/field-set.js';
import { inferPresence } from '../inference/infer-presence.js';
import { evaluate, parseExpression } from '../rule/expression.js';
import type { Observation } from '../inference/types.js';
import { Rule } from '../rule/rule.js';
import { nonPortableKeywords } from './portable.js';
import { presenceSchema } from './presence-schema.js';

/**
 * Infers from a truth table as the report does, and returns the presence schema and a body checker. `inexact`: as
 * if the statements did not state the rule whole (a bound stopped them).
 */
function fromTruth(fields: string[], truth: string, inexact = false) {
  const rule = parseExpression(truth);
  const observations: Observation[] = combinations(fields).map((present) => {
    const ok = evaluate(rule, new Set(present));
    return { present, outcome: ok ? 'accepted' : 'rejected', status: ok ? 201 : 400 };
  });
  const inference = inferPresence(fields, observations);
  const roles = Object.fromEntries(Object.entries(inference.roles ?? {}).map(([f, r]) => [f, r.presence]));
  const schema = presenceSchema({
    fields,
    roles,
    rule: Rule.of(inference.rule.expression),
    dependencies: inference.rule.dependencies,
    dependenciesExact: inference.rule.dependenciesExact && !inexact,
  });
  const whole = {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f, !schema.forbidden.includes(f)])),
    ...schema.keywords,
  };
  // The same schema judged under 2020-12 and under draft-07 rules: both must give the same answer.
  const [modern, draft07] = [new Ajv2020({ strict: false }).compile(whole), new Ajv({ strict: false }).compile(whole)];
  const accepts = (present: string[]): boolean => {
    const body = Object.fromEntries(present.map((f) => [f, 'v']));
    const answer = modern(body) as boolean;
    expect(draft07(body), `draft-07 on ${present.join('+')}`).toBe(answer);
    return answer;
  };
  expect(nonPortableKeywords(whole)).toEqual([]);
  return { schema, accepts, rule };
}

const F = ['a', 'b', 'c', 'd'];

describe('presenceSchema', () => {
  test.each([
    ['IF a THEN b', 'd && (!a || b)', 'anyOf'],
    ['OnlyOne', 'd && ((a && !b && !c) || (!a && b && !c) || (!a && !b && c))', 'oneOf'],
    ['Or', 'd && (a || b || c)', 'anyOf'],
    ['two statements', 'd && ((a && b) || c)', 'allOf'],
    ['AllOrNone', 'd && ((a && b && c) || (!a && !b && !c))', 'anyOf'],
    ['ZeroOrOne', 'd && !((a && b) || (a && c) || (b && c))', 'not'],
  ])('%s is written with IDL keywords (%s) and accepts exactly the rule', (_name, truth, keyword) => {
    const { schema, accepts, rule } = fromTruth(F, truth);
    expect(schema.form).toBe('idl');
    expect(Object.keys(schema.keywords)).toContain(keyword);
    expect(schema.keywords.required).toEqual(['d']);
    for (const present of combinations(F)) expect(accepts(present), present.join('+')).toBe(evaluate(rule, new Set(present)));
  });

  test('IF a THEN b is "a absent or b present" over required lists, never dependentRequired (draft-07 skips it)', () => {
    const { schema } = fromTruth(F, 'd && (!a || b)');
    expect(schema.keywords).toEqual({ required: ['d'], anyOf: [{ not: { required: ['a'] } }, { required: ['b'] }] });
  });

  test('required fields go in `required`, forbidden ones are `false`: a conjunction needs nothing else', () => {
    const { schema } = fromTruth(F, 'a && !b && c');
    expect(schema).toMatchObject({ form: 'roles', forbidden: ['b'], keywords: { required: ['a', 'c'] } });
    expect(Object.keys(schema.keywords)).toEqual(['required']);
  });

  const PARITY = 'd && ((a && !b && !c) || (!a && b && !c) || (!a && !b && c) || (a && b && c))';

  test("a rule no group statement captures is written with the IDL's compound clauses", () => {
    // Odd parity of a, b, c: Or(a, b, c), and two of them need the third.
    const { schema, accepts, rule } = fromTruth(F, PARITY);
    expect(schema.form).toBe('idl');
    expect(schema.keywords.allOf).toContainEqual({
      anyOf: [{ not: { required: ['a'] } }, { not: { required: ['b'] } }, { required: ['c'] }],
    });
    for (const present of combinations(F)) expect(accepts(present)).toBe(evaluate(rule, new Set(present)));
  });

  test('a rule that roles and IDL do not describe exactly is the anyOf of its minimal products', () => {
    const { schema, accepts, rule } = fromTruth(F, PARITY, true);
    expect(schema.form).toBe('products');
    expect(schema.keywords.required).toEqual(['d']);
    expect(schema.keywords.anyOf).toEqual([
      { required: ['a', 'b', 'c'] },
      { required: ['a'], properties: { b: false, c: false } },
      { required: ['b'], properties: { a: false, c: false } },
      { required: ['c'], properties: { a: false, b: false } },
    ]);
    for (const present of combinations(F)) expect(accepts(present)).toBe(evaluate(rule, new Set(present)));
  });

  test('nothing accepted: no form, the caller writes a schema that accepts nothing', () => {
    expect(presenceSchema({ fields: F, roles: {}, rule: Rule.of('false'), dependencies: [], dependenciesExact: true }).form).toBe(
      'nothing-accepted',
    );
  });
});
