/**
 * The presence part of the request body schema: which fields must, must not, or may be there, as
 * JSON Schema over `required` lists. Required fields go in `required`, forbidden ones are
 * `properties: {x: false}`; what the roles leave open is written with the IDL dependencies
 * (`oneOf`/`anyOf`/`not` over `required` lists) when they describe the rule exactly, else as the
 * `anyOf` of the rule's products (the minimal sum of products the inference found). Either form is
 * checked against the rule on every combination before it is used.
 *
 * Only keywords that mean the same under draft-07, 2019-09 and 2020-12 are written: a validator that
 * reads an OpenAPI 3.1 schema under draft-07 rules (Prism) skips `dependentRequired` without a word, so
 * `IF a THEN b` is `anyOf: [{not: {required: [a]}}, {required: [b]}]`.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Rule } from '../rule/rule.js';
import type { IdlStatement, PresenceRole } from '../inference/types.js';
import { PresenceSchemaError } from '../errors.js';

export interface PresenceInput {
  fields: string[];
  roles: Record<string, PresenceRole | string>;
  /** The rule as a value (lib/rule/rule-value.ts): the contract never reads it back from the report's text. */
  rule: Rule;
  dependencies: IdlStatement[];
  dependenciesExact: boolean;
}

export interface PresenceSchema {
  /** Keywords to merge into the body schema (required, allOf, anyOf, oneOf, not). */
  keywords: Record<string, unknown>;
  /** Fields whose property schema is `false`. */
  forbidden: string[];
  /** How the part the roles leave open is written. */
  form: 'roles' | 'idl' | 'products' | 'nothing-accepted' | 'not-probed';
  /** Combinations checked against the rule (every one up to EXHAUSTIVE_CHECK_FIELDS fields). */
  checked: number;
}

/** Up to this many fields every combination is checked against the rule (2^14 = 16384 bodies). */
const EXHAUSTIVE_CHECK_FIELDS = 14;

interface Product {
  present: string[];
  absent: string[];
}

export function presenceSchema(input: PresenceInput, extraCombinations: readonly string[][] = []): PresenceSchema {
  const { fields, roles } = input;
  const { rule } = input;
  const required = fields.filter((f) => roles[f] === 'required');
  const forbidden = fields.filter((f) => roles[f] === 'forbidden');
  const products = toProducts(rule, fields);
  if (products.length === 0) return { keywords: {}, forbidden: [], form: 'nothing-accepted', checked: 0 };

  const base: Record<string, unknown> = required.length > 0 ? { required } : {};
  const residual = products
    .map((p) => ({ present: p.present.filter((f) => !required.includes(f)), absent: p.absent.filter((f) => !forbidden.includes(f)) }))
    .filter((p) => !p.present.some((f) => forbidden.includes(f)) && !p.absent.some((f) => required.includes(f)));

  const candidates: { form: PresenceSchema['form']; keywords: Record<string, unknown>; forbidden: string[] }[] = [];
  if (residual.length === 0 || residual.some((p) => p.present.length === 0 && p.absent.length === 0)) {
    candidates.push({ form: 'roles', keywords: base, forbidden });
  } else {
    if (input.dependenciesExact && input.dependencies.length > 0) {
      candidates.push({ form: 'idl', keywords: { ...base, ...idlKeywords(input.dependencies) }, forbidden });
    }
    candidates.push({ form: 'products', keywords: { ...base, anyOf: residual.map(productSchema) }, forbidden });
  }
  // The rule's own products, roles not factored out: equivalent to the rule by construction.
  candidates.push({ form: 'products', keywords: { anyOf: products.map(productSchema) }, forbidden: [] });
  const checks = combinationsToCheck(fields, extraCombinations);
  for (const candidate of candidates) {
    if (agrees(candidate.keywords, fields, candidate.forbidden, rule, checks)) return { ...candidate, checked: checks.length };
  }
  throw new PresenceSchemaError(`presenceSchema: no form agrees with the rule ${rule.text}`);
}

function productSchema(p: Product): Record<string, unknown> {
  return {
    ...(p.present.length > 0 ? { required: p.present } : {}),
    ...(p.absent.length > 0 ? { properties: Object.fromEntries(p.absent.map((f) => [f, false])) } : {}),
  };
}

const requiredOne = (f: string): Record<string, unknown> => ({ required: [f] });
const noneOf = (group: readonly string[]): Record<string, unknown> => ({ properties: Object.fromEntries(group.map((f) => [f, false])) });

/**
 * IDL statements as JSON Schema over `required` lists: IF a THEN b is "a absent, or b present"; the group kinds
 * are combinators over `required`. Statements with the same antecedent share one member.
 */
function idlKeywords(statements: readonly IdlStatement[]): Record<string, unknown> {
  const requires = new Map<string, string[]>();
  const allOf: Record<string, unknown>[] = [];
  for (const s of statements) {
    const g = s.fields;
    switch (s.kind) {
      case 'Requires': {
        const [a, b] = g as [string, string];
        requires.set(a, [...new Set([...(requires.get(a) ?? []), b])]);
        break;
      }
      case 'OnlyOne':
        allOf.push({ oneOf: g.map(requiredOne) });
        break;
      case 'Or':
        allOf.push({ anyOf: g.map(requiredOne) });
        break;
      case 'AllOrNone':
        allOf.push({ anyOf: [{ required: g }, noneOf(g)] });
        break;
      case 'ZeroOrOne':
        allOf.push({ not: { anyOf: g.flatMap((a, i) => g.slice(i + 1).map((b) => ({ required: [a, b] }))) } });
        break;
      case 'IfThen': {
        // One clause: a field of the IF side absent, or one of the THEN side present.
        const then = s.then ?? [];
        allOf.push({ anyOf: [...g.filter((f) => !then.includes(f)).map((f) => ({ not: requiredOne(f) })), ...then.map(requiredOne)] });
        break;
      }
    }
  }
  const implications = [...requires].map(([a, bs]) => ({ anyOf: [{ not: requiredOne(a) }, { required: bs }] }));
  const members = [...implications, ...allOf];
  return members.length === 1 ? (members[0] as Record<string, unknown>) : members.length > 1 ? { allOf: members } : {};
}

/** The rule's products (./rule/products.ts), each field list in the operation's order. */
function toProducts(rule: Rule, fields: readonly string[]): Product[] {
  const terms = rule.products();
  if (terms === undefined)
    throw new PresenceSchemaError(`presenceSchema: the rule ${rule.text} has too many products to write as a schema`);
  const order = new Map(fields.map((f, i) => [f, i]));
  const sort = (xs: Iterable<string>): string[] => [...xs].sort((x, y) => (order.get(x) ?? 0) - (order.get(y) ?? 0));
  return terms.map((t) => ({ present: sort(t.present), absent: sort(t.absent) }));
}

function combinationsToCheck(fields: readonly string[], extra: readonly string[][]): string[][] {
  const all: string[][] = [];
  if (fields.length <= EXHAUSTIVE_CHECK_FIELDS) {
    for (let mask = 0; mask < 2 ** fields.length; mask += 1) all.push(fields.filter((_, i) => (mask & (1 << i)) !== 0));
  }
  return [...all, ...extra];
}

/**
 * One ajv for every check, without ajv's check of each schema against the 2020-12 meta-schema: the
 * schemas are built here, and that check cost more than the agreement check itself (measured in the
 * round-trip test). Each checked schema is dropped after use.
 */
const presenceAjv = new Ajv2020({ strict: false, validateSchema: false });

function agrees(
  keywords: Record<string, unknown>,
  fields: readonly string[],
  forbidden: readonly string[],
  rule: Rule,
  checks: readonly string[][],
): boolean {
  const schema = { type: 'object', properties: Object.fromEntries(fields.map((f) => [f, !forbidden.includes(f)])), ...keywords };
  const validate = presenceAjv.compile(schema);
  presenceAjv.removeSchema(schema);
  return checks.every((present) => (validate(Object.fromEntries(present.map((f) => [f, true]))) as boolean) === rule.accepts(present));
}
