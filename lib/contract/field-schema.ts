/**
 * One field's value schema, from what the target accepted and rejected in that field: the JSON type
 * seen accepted, a format every accepted string has, a date-time spelling pattern, lifetime and
 * length bounds, and, for rejections none of those explain, an `enum` of the accepted values or a
 * `not: {enum}` of the rejected ones whose form the spec does not give (a value of the spec's form
 * refused has a reason the schema cannot state, and one refused with a message naming other fields
 * only is refused for them: both stay unexplained). Each constraint is kept only as far as the evidence carries
 * it: it must accept every accepted value, and is added only when it refuses a rejected one.
 * Candidates are judged by the same ajv that checks the contract, so what is derived is what is checked.
 *
 * Types and bounds are stated only as far as the bodies sent support them: a whole number accepted makes the type
 * `number`, and `integer` only where a fraction was refused (a target that took 42 may take 1.5, which was never
 * sent); an array accepted gets `maxItems`, `minItems` and the type of its items only where an array beyond them
 * was refused (a one-element array accepted says nothing of two).
 */
import { jsonTypeOf } from '../json.js';
import { contractAjv, lifetimeOf, LIFETIME_KEYWORD, type LifetimeBound, type LifetimeUnit } from './contract-ajv.js';

export interface ValueSample {
  value: unknown;
  outcome: 'accepted' | 'rejected';
  /** The value depends on the run (time, notification URL, unique tag): never listed literally. */
  varies: boolean;
  /**
   * The value has the form spec §2 gives the field (its class's expectation `spec-form`). Refused, it is
   * refused for a reason of the target's own that no keyword here states (an IP literal notificationUrl
   * its URL check could not reach): recorded as unexplained, never raised to a `not: {enum}` rule.
   */
  specForm?: boolean;
  /** Refused with a message about other fields: no evidence about this value, derived from nothing, unexplained. */
  aboutOthers?: boolean;
  subject: string;
}

export interface FieldLimit {
  kind: 'length' | 'lifetime';
  unit: string;
  /** The limit the search pinned, in `unit`; undefined when it stopped before its edges met. */
  value: number | undefined;
  /** The smallest value the search saw refused: an unfinished search's proven bound is the value below it. */
  firstRejected?: number | undefined;
}

/** What a search that stopped short proves: nothing above the value below its first refusal is accepted. */
const stoppedBound = (limit: FieldLimit | undefined): number | undefined =>
  limit?.value === undefined && limit?.firstRejected !== undefined ? limit.firstRejected - 1 : undefined;

export interface DerivedField {
  schema: Record<string, unknown>;
  /** Where a bound lies between a value accepted and one refused, and the values between were not tried. */
  gaps: string[];
  /** Rejections the schema cannot express (a run-dependent value refused for no reason a keyword states). */
  unexplained: string[];
}

// Widest first: on a tie the wider spelling is kept (it claims less than the evidence shows).
const DATE_TIME_SPELLINGS = [
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$',
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$',
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$',
];
const FORMATS = ['date-time', 'uri', 'email', 'uuid'];
const TYPE_ORDER = ['string', 'integer', 'number', 'boolean', 'null', 'object', 'array'];

const json = (v: unknown): string => JSON.stringify(v) ?? 'undefined';
const byJson = (a: unknown, b: unknown): number => (json(a) < json(b) ? -1 : json(a) > json(b) ? 1 : 0);
const codePoints = (s: string): number => [...s].length;

/** A schema being derived: the schema so far, with the checks every step makes against the refused values. */
interface Derivation {
  schema: Record<string, unknown>;
  gaps: string[];
  /** A validator of a schema, compiled once per distinct schema. */
  validator: (schema: Record<string, unknown>) => (value: unknown) => boolean;
  /** The refused values the schema so far still accepts. */
  open: () => ValueSample[];
  /** Adds the keyword, and keeps it only when it refuses a value the schema accepted before. */
  keepIf: (key: string, value: unknown) => void;
}

function derivation(rejected: readonly ValueSample[], now: Date): Derivation {
  const ajv = contractAjv(now);
  // ajv caches a compiled schema by its object, and `schema` below changes as keywords are added:
  // each check compiles a copy and drops it again. The same schema is checked again and again (before
  // and after each candidate keyword), and compiling is what costs: one compile per distinct schema.
  const compiled = new Map<string, (value: unknown) => boolean>();
  const validator = (schema: Record<string, unknown>): ((value: unknown) => boolean) => {
    const key = JSON.stringify(schema);
    const known = compiled.get(key);
    if (known !== undefined) return known;
    const copy = structuredClone(schema);
    const validate = ajv.compile(copy);
    ajv.removeSchema(copy);
    const check = (value: unknown): boolean => validate(value) as boolean;
    compiled.set(key, check);
    return check;
  };
  const schema: Record<string, unknown> = {};
  const open = (): ValueSample[] => {
    const validate = validator(schema);
    return rejected.filter((s) => validate(s.value));
  };
  const keepIf = (key: string, value: unknown): void => {
    const before = open().length;
    schema[key] = value;
    if (open().length === before) delete schema[key];
  };
  return { schema, gaps: [], validator, open, keepIf };
}

const byTypeOrder = (a: string, b: string): number => TYPE_ORDER.indexOf(a) - TYPE_ORDER.indexOf(b);
const typeOf = (list: readonly string[]): unknown => (list.length === 1 ? list[0] : [...list]);

/** The types seen accepted; `integer` claims every fraction refused: only where one was. */
function typeKeywords(d: Derivation, accepted: readonly unknown[]): void {
  const { schema } = d;
  const types: string[] = [...new Set(accepted.map((v) => jsonTypeOf(v)))];
  types.sort(byTypeOrder);
  if (types.length > 0) schema.type = typeOf(types);
  const numbers = accepted.filter((v): v is number => typeof v === 'number');
  if (numbers.length > 0 && numbers.every((n) => Number.isInteger(n))) {
    const before = d.open().length;
    const wide = schema.type;
    schema.type = typeOf(types.map((t) => (t === 'number' ? 'integer' : t)));
    if (d.open().length === before) schema.type = wide;
  }
}

/** An array accepted says nothing of a longer, a shorter or another kind: each bound only where one was refused. */
function arrayKeywords(d: Derivation, accepted: readonly unknown[]): void {
  const arrays = accepted.filter((v): v is unknown[] => Array.isArray(v));
  if (arrays.length === 0) return;
  const lengths = arrays.map((a) => a.length);
  d.keepIf('maxItems', Math.max(...lengths));
  if (Math.min(...lengths) > 0) d.keepIf('minItems', Math.min(...lengths));
  const itemTypes = [...new Set(arrays.flat().map((v) => jsonTypeOf(v)))].sort(byTypeOrder);
  if (itemTypes.length > 0) d.keepIf('items', { type: typeOf(itemTypes) });
}

/**
 * format, pattern and the length keywords apply to strings only, so they hold beside other accepted types
 * (a field that takes a string or null keeps its string limits).
 */
function stringKeywords(d: Derivation, strings: readonly string[], limits: readonly FieldLimit[], now: Date): void {
  const format = FORMATS.find((f) => strings.every(d.validator({ format: f })));
  if (format !== undefined) d.schema.format = format;
  if (format === 'date-time') {
    let best: { pattern: string; explained: number } | undefined;
    for (const pattern of DATE_TIME_SPELLINGS) {
      if (!strings.every((v) => new RegExp(pattern, 'u').test(v))) continue;
      const explained = d.open().filter((s) => typeof s.value === 'string' && !new RegExp(pattern, 'u').test(s.value)).length;
      if (explained > 0 && (best === undefined || explained > best.explained)) best = { pattern, explained };
    }
    if (best !== undefined) d.schema.pattern = best.pattern;
    const lifetime = lifetimeBound(strings, d.open(), limits, now, d.gaps);
    if (lifetime !== undefined) d.keepIf(LIFETIME_KEYWORD, lifetime);
  }
  if (format === 'uri') {
    // The schemes seen accepted, when a URI of another scheme was refused (e.g. https only).
    const schemes = [...new Set(strings.map((v) => /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(v)?.[1] ?? ''))].sort();
    if (!schemes.includes('')) d.keepIf('pattern', `^(?:${schemes.map((s) => s.replace(/[.+]/g, '\\$&')).join('|')}):`);
  }
  lengthBounds(strings, d.open(), limits, d.keepIf);
}

/**
 * What no keyword explained: an `enum` of the accepted values when they are fixed and fewer than those refused, else a
 * `not: {enum}` of the fixed refused values the spec's form does not give.
 */
function enumKeywords(d: Derivation, accepted: readonly ValueSample[]): void {
  const left = d.open();
  if (left.length === 0) return;
  const acceptedValues = uniqueSorted(accepted.map((s) => s.value));
  if (accepted.length > 0 && accepted.every((s) => !s.varies) && acceptedValues.length <= left.length) {
    d.schema.enum = acceptedValues;
  } else {
    const fixed = uniqueSorted(left.filter((s) => !s.varies && s.specForm !== true).map((s) => s.value));
    if (fixed.length > 0) d.schema.not = { enum: fixed };
  }
}

/** Smallest set: beside an `enum`, a bound or spelling that refuses nothing the others do not is dropped. */
function dropRedundant(d: Derivation): void {
  const { schema } = d;
  if (schema.enum === undefined) return;
  for (const key of ['minLength', 'maxLength', 'pattern', LIFETIME_KEYWORD]) {
    if (!(key in schema)) continue;
    const kept = schema[key];
    const before = d.open().length;
    delete schema[key];
    if (d.open().length !== before) schema[key] = kept;
  }
}

export function deriveFieldSchema(samples: readonly ValueSample[], limits: readonly FieldLimit[], now: Date): DerivedField {
  const accepted = samples.filter((s) => s.outcome === 'accepted');
  const rejected = samples.filter((s) => s.outcome === 'rejected' && s.aboutOthers !== true);
  const aboutOthers = samples.filter((s) => s.outcome === 'rejected' && s.aboutOthers === true);
  const d = derivation(rejected, now);
  const values = accepted.map((s) => s.value);
  typeKeywords(d, values);
  arrayKeywords(d, values);
  const strings = values.filter((v): v is string => typeof v === 'string');
  if (strings.length > 0) stringKeywords(d, strings, limits, now);
  enumKeywords(d, accepted);
  dropRedundant(d);
  const { schema, gaps } = d;
  return { schema, gaps: LIFETIME_KEYWORD in schema ? gaps : [], unexplained: [...d.open(), ...aboutOthers].map((s) => s.subject) };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

function uniqueSorted(values: readonly unknown[]): unknown[] {
  const seen = new Map<string, unknown>();
  for (const v of values) seen.set(json(v), v);
  return [...seen.values()].sort(byJson);
}

/**
 * The lifetime bound: the limit's largest accepted lifetime as the maximum; from the samples, the
 * shortest and longest accepted lifetimes as bounds where a rejected instant lies beyond them.
 */
function lifetimeBound(
  strings: readonly string[],
  open: readonly ValueSample[],
  limits: readonly FieldLimit[],
  now: Date,
  gaps: string[],
): LifetimeBound | undefined {
  const limit = limits.find((l) => l.kind === 'lifetime');
  const unit = (limit?.unit ?? 'minutes') as LifetimeUnit;
  const lifetimes = strings.map((v) => lifetimeOf(v, now, unit)).filter((x): x is number => x !== undefined);
  if (lifetimes.length === 0) return undefined;
  const shortest = Math.min(...lifetimes);
  const longest = Math.max(...lifetimes);
  const refused = open.map((s) => lifetimeOf(s.value, now, unit)).filter((x): x is number => x !== undefined);
  const bound: LifetimeBound = { unit };
  const below = refused.filter((x) => x < shortest);
  if (below.length > 0) {
    bound.minimum = Math.floor(shortest);
    gaps.push(
      `lifetime: ${round(Math.max(...below))} ${unit} refused, ${round(shortest)} accepted; between them not tried (the minimum is the shortest accepted)`,
    );
  }
  const stopped = stoppedBound(limit);
  if (limit?.value !== undefined) bound.maximum = Math.max(limit.value, longest);
  else if (stopped !== undefined && stopped >= longest) {
    bound.maximum = stopped;
    gaps.push(
      `lifetime: ${round(longest)} ${unit} accepted, ${stopped + 1} refused; the limit's search stopped between them (the maximum is the last value not refused)`,
    );
  } else if (refused.some((x) => x > longest)) {
    bound.maximum = longest;
    gaps.push(
      `lifetime: ${round(longest)} ${unit} accepted, ${round(Math.min(...refused.filter((x) => x > longest)))} refused; between them not tried (the maximum is the longest accepted)`,
    );
  }
  return bound.minimum === undefined && bound.maximum === undefined ? undefined : bound;
}

/**
 * maxLength only from a limit found by bisection (the evidence of a length bound); minLength 1 only
 * when the empty string was refused and every accepted string has a character. Lengths of samples
 * tried for other reasons would be guesses.
 */
function lengthBounds(
  strings: readonly string[],
  open: readonly ValueSample[],
  limits: readonly FieldLimit[],
  keepIf: (key: string, value: unknown) => void,
): void {
  const limit = limits.find((l) => l.kind === 'length');
  // A search that stopped short proves only that nothing past its first refusal is accepted.
  const bound = limit?.value ?? stoppedBound(limit);
  if (bound !== undefined) keepIf('maxLength', Math.max(bound, ...strings.map(codePoints)));
  if (strings.every((v) => v.length > 0) && open.some((s) => s.value === '')) keepIf('minLength', 1);
}
