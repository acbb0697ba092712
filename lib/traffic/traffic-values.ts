/**
 * The value part of a behaviour inferred from traffic: what the recorded bodies show of each field's values.
 * Accepted bodies say which JSON types and string lengths a field was accepted with. A refusal says something
 * about one value only when the traffic isolates that value as its cause (`isolate` below); every other
 * refusal is counted as not tied to a value, never reported as one.
 *
 * Not the behaviour report's FieldValues/ValueClassResult: those are one entry per value class the probe
 * designed (a case id, the class, the form spec §2 gives the field, a verdict), sent into a body it knew
 * was accepted. Traffic has whatever values its senders chose and no expectation to judge them by; filing
 * them under classes and verdicts would claim a design and a judgement nobody made.
 */
import { foldRepeats, type AnswerClass } from '../answer/classify.js';
import type { Exchange } from '../http/types.js';
import { messagePattern } from '../inference/message-pattern.js';
import { isObject, jsonTypeOf, showValue, type Json, type JsonValueType } from '../json.js';
import type { Redactor } from '../redaction/redactor.js';
import { looksLikeSecret } from '../redaction/secret-shape.js';

export type JsonType = JsonValueType;

/** A value as it may be shown: short JSON text through the run's redactor, or why it is not shown. */
export interface ShownValue {
  /** Short JSON text (lib/json.ts showValue); absent when `hidden`. */
  value?: string;
  hidden?: 'looks like a secret';
  type: JsonType;
  /** Characters of a string (code points). */
  length?: number;
}

export interface RefusedValue extends ShownValue {
  status: number;
  errorCode?: string;
  /** The error message with field names and digits normalised (lib/inference/message-pattern.ts), as rejection groups have it. */
  messagePattern?: string;
  /**
   * What isolates the value: `one-value-changed`, an accepted body has the same fields and every other value
   * equal; `other-values-accepted`, every other value was accepted with the same fields, not all in one body.
   */
  basis: 'one-value-changed' | 'other-values-accepted';
  /** Distinct bodies refused with this value, this way. */
  bodies: number;
}

export interface TrafficFieldValues {
  accepted: {
    /** Distinct accepted bodies with the field. */
    bodies: number;
    /** Distinct values among them. */
    distinct: number;
    types: JsonType[];
    /** Shortest and longest string accepted, in characters (code points). */
    stringLength?: { shortest: number; longest: number };
    /** The first few distinct values, in the traffic's order; a secret-looking one is left out. */
    examples: ShownValue[];
  };
  /** The first few values refused with the value isolated as the cause: strings first, shortest first. */
  refused: RefusedValue[];
  /** Such values in all (by value and how refused). */
  refusedCount: number;
  /** Shortest and longest string among them, in characters. */
  refusedStringLength?: { shortest: number; longest: number };
}

export interface TrafficValues {
  /** Requests read (every request to the operation with a JSON object body of its fields), and distinct bodies among those used. */
  requests: number;
  bodies: number;
  /** Fields with an accepted or a refused value; the others are left out. */
  fields: Record<string, TrafficFieldValues>;
  /** Requests or distinct bodies left out of the value part (no evidence about a value either way), by why. */
  notEvidence: { reason: string; count: number; of: 'requests' | 'bodies' }[];
  /** Distinct rejected bodies whose refusal the traffic does not tie to one value, in all and by why. */
  rejectionsNotTied: { count: number; why: { reason: string; count: number }[] };
}

/** One request to the operation with a JSON object body of the operation's fields only. */
export interface ValueRequest {
  body: Json;
  exchange: Exchange;
  answer: AnswerClass;
}

/** Examples kept per field, and refused values listed per field (`refusedCount` says how many in all). */
const EXAMPLES = 3;
const LISTED_REFUSED = 50;
/** Longest value, error code and message pattern shown. */
const MAX_SHOWN = 60;
const MAX_PATTERN = 160;

/**
 * Statuses that speak of the credentials, the path, the headers or the target's state, never of a body's
 * values: the same body is answered 401 without a token and 201 with one. Folded with the body's other
 * answers they would make it unstable; taken as refusals they would blame a value.
 */
const NOT_ABOUT_VALUES = new Set([401, 403, 404, 405, 406, 409, 415]);

const JSON_CONTENT = /^\s*application\/([\w.+-]*\+)?json\s*(;|$)/i;

/** Strings first (most refusals that say something about a value's content are of strings), then the rest as JSON lists them. */
const TYPE_ORDER: readonly JsonType[] = ['string', 'number', 'boolean', 'null', 'object', 'array'];
const typeOrder = (type: JsonType): number => TYPE_ORDER.indexOf(type);

/** One spelling per value: objects' keys in order, so {a,b} and {b,a} are one value. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const characters = (text: string): number => [...text].length;

/** The smallest and largest of some numbers (a loop: a HAR's values may be too many to spread as arguments). */
function span(numbers: readonly number[]): { shortest: number; longest: number } | undefined {
  if (numbers.length === 0) return undefined;
  let shortest = Infinity;
  let longest = -Infinity;
  for (const n of numbers) {
    shortest = Math.min(shortest, n);
    longest = Math.max(longest, n);
  }
  return { shortest, longest };
}

type Redact = Pick<Redactor, 'redact'>;

/** Shown only when no shape of a credential is in it and the run's redactor finds nothing to redact. */
function shown(value: unknown, redactor: Redact): ShownValue {
  const type = jsonTypeOf(value);
  const json = JSON.stringify(value);
  const length = typeof value === 'string' ? { length: characters(value) } : {};
  const plain = typeof value === 'string' ? value : json;
  if (looksLikeSecret(plain) || looksLikeSecret(json) || redactor.redact(json) !== json)
    return { hidden: 'looks like a secret', type, ...length };
  return { value: showValue(value, MAX_SHOWN), type, ...length };
}

function shownText(text: string, redactor: Redact, max: number): string {
  const safe = redactor.redact(text);
  if (looksLikeSecret(safe)) return '(not shown: looks like a secret)';
  return safe.length <= max ? safe : `${safe.slice(0, max)}… (${safe.length} characters)`;
}

interface Body {
  body: Json;
  present: string[];
  /** Each present field's value in its one spelling, computed once: a HAR's bodies may be large. */
  canon: Map<string, string>;
  answers: AnswerClass[];
}

/** Each present field's value in its one spelling, or undefined for a body nested too deep to spell (a hostile HAR's). */
function spelled(body: Json, present: readonly string[]): Map<string, string> | undefined {
  try {
    return new Map(present.map((f) => [f, canonical(body[f])]));
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

type Note = (reason: string, of: 'requests' | 'bodies', count?: number) => void;

/** The requests that can speak of a value, by distinct body (its present fields' values), each with its answers. */
function distinctBodies(requests: readonly ValueRequest[], fields: readonly string[], note: Note): Map<string, Body> {
  const bodies = new Map<string, Body>();
  for (const { body, exchange, answer } of requests) {
    if (answer.status !== null && NOT_ABOUT_VALUES.has(answer.status)) {
      note(`answered ${answer.status} (about the credentials, the path, the headers or the target's state, not a value)`, 'requests');
      continue;
    }
    const type = exchange.requestHeaders['content-type'];
    // A body the target was not told is JSON may be refused for that alone, the same body accepted as JSON.
    if (type === undefined || !JSON_CONTENT.test(type)) {
      note('sent without a JSON content type', 'requests');
      continue;
    }
    const present = fields.filter((f) => Object.hasOwn(body, f));
    const canon = spelled(body, present);
    if (canon === undefined) {
      note('with a body nested too deep to compare', 'requests');
      continue;
    }
    const key = JSON.stringify([...canon]);
    const slot = bodies.get(key) ?? { body, present, canon, answers: [] };
    slot.answers.push(answer);
    bodies.set(key, slot);
  }
  return bodies;
}

interface Folded {
  accepted: Body[];
  rejected: { body: Body; answer: AnswerClass }[];
}

/** Each body's repeats folded into one outcome; only stable acceptances and refusals go on. */
function foldBodies(bodies: Map<string, Body>, note: Note): Folded {
  const folded: Folded = { accepted: [], rejected: [] };
  for (const slot of bodies.values()) {
    const { outcome } = foldRepeats(slot.present, slot.answers);
    if (outcome === 'accepted') folded.accepted.push(slot);
    else if (outcome === 'rejected') folded.rejected.push({ body: slot, answer: slot.answers[0] as AnswerClass });
    else if (outcome === 'unstable') note('answered differently when repeated (unstable)', 'bodies');
    else note('got no verdict (no answer, a 5xx or a redirect)', 'bodies');
  }
  return folded;
}

const combination = (present: readonly string[]): string => present.join('\u0000');

/** Accepted values by field set, and by field across all sets; accepted bodies by field set. */
interface AcceptedIndex {
  with: Map<string, Map<string, Set<string>>>;
  anywhere: Map<string, Set<string>>;
  bodiesWith: Map<string, Body[]>;
}

function indexAccepted(accepted: readonly Body[]): AcceptedIndex {
  const index: AcceptedIndex = { with: new Map(), anywhere: new Map(), bodiesWith: new Map() };
  for (const slot of accepted) {
    const { present, canon } = slot;
    const byField = index.with.get(combination(present)) ?? new Map<string, Set<string>>();
    index.with.set(combination(present), byField);
    const same = index.bodiesWith.get(combination(present)) ?? [];
    same.push(slot);
    index.bodiesWith.set(combination(present), same);
    for (const f of present) {
      const value = canon.get(f) as string;
      byField.set(f, (byField.get(f) ?? new Set()).add(value));
      index.anywhere.set(f, (index.anywhere.get(f) ?? new Set()).add(value));
    }
  }
  return index;
}

/** The one value a refused body's refusal is tied to, with whether one accepted body differs in it alone; or why none. */
function isolate(slot: Body, index: AcceptedIndex): { field: string; pair: boolean } | { untied: string } {
  const byField = index.with.get(combination(slot.present));
  if (byField === undefined) return { untied: 'its set of fields was never accepted' };
  const unseen = slot.present.filter((f) => !(byField.get(f)?.has(slot.canon.get(f) as string) ?? false));
  const [field] = unseen;
  if (field === undefined) return { untied: 'each of its values was accepted with the same fields' };
  if (unseen.length > 1) return { untied: 'two or more of its values were never accepted with the same fields' };
  if (index.anywhere.get(field)?.has(slot.canon.get(field) as string) === true)
    return { untied: 'its one new value was accepted with other fields' };
  const others = slot.present.filter((f) => f !== field);
  const pair = (index.bodiesWith.get(combination(slot.present)) ?? []).some((a) =>
    others.every((f) => a.canon.get(f) === slot.canon.get(f)),
  );
  return { field, pair };
}

interface Tied {
  refusals: Map<string, { field: string; refused: RefusedValue }>;
  notTied: Map<string, number>;
}

/** The refused values the traffic isolates, one entry per value and way of refusal; the other refusals counted by why. */
function tieRefusals(rejected: Folded['rejected'], index: AcceptedIndex, fields: readonly string[], redactor: Redact): Tied {
  const tied: Tied = { refusals: new Map(), notTied: new Map() };
  for (const { body: slot, answer } of rejected) {
    const isolated = isolate(slot, index);
    if ('untied' in isolated) {
      tied.notTied.set(isolated.untied, (tied.notTied.get(isolated.untied) ?? 0) + 1);
      continue;
    }
    const { field, pair } = isolated;
    const spelling = slot.canon.get(field) as string;
    const pattern =
      answer.errorMessage === undefined ? undefined : shownText(messagePattern(answer.errorMessage, fields), redactor, MAX_PATTERN);
    const key = JSON.stringify([field, spelling, answer.status, answer.errorCode ?? null, pattern ?? null]);
    const known = tied.refusals.get(key);
    if (known !== undefined) {
      known.refused.bodies += 1;
      if (pair) known.refused.basis = 'one-value-changed';
      continue;
    }
    const refused: RefusedValue = {
      ...shown(slot.body[field], redactor),
      status: answer.status ?? 0,
      ...(answer.errorCode !== undefined ? { errorCode: shownText(answer.errorCode, redactor, MAX_SHOWN) } : {}),
      ...(pattern !== undefined ? { messagePattern: pattern } : {}),
      basis: pair ? 'one-value-changed' : 'other-values-accepted',
      bodies: 1,
    };
    tied.refusals.set(key, { field, refused });
  }
  return tied;
}

/** The distinct values of `field` among accepted bodies, in the traffic's order. */
function distinctValues(withField: readonly Body[], field: string): unknown[] {
  const distinct = new Map<string, unknown>();
  for (const a of withField) {
    const spelling = a.canon.get(field) as string;
    if (!distinct.has(spelling)) distinct.set(spelling, a.body[field]);
  }
  return [...distinct.values()];
}

function examplesOf(values: readonly unknown[], redactor: Redact): ShownValue[] {
  const examples: ShownValue[] = [];
  for (const v of values) {
    if (examples.length === EXAMPLES) break;
    const s = shown(v, redactor);
    if (s.hidden === undefined) examples.push(s);
  }
  return examples;
}

/** One field's accepted and refused values; undefined when the traffic has neither. */
function fieldValues(field: string, accepted: readonly Body[], tied: Tied, redactor: Redact): TrafficFieldValues | undefined {
  const withField = accepted.filter((a) => Object.hasOwn(a.body, field));
  const refused = [...tied.refusals.values()]
    .filter((r) => r.field === field)
    .map((r) => r.refused)
    .sort((a, b) => typeOrder(a.type) - typeOrder(b.type) || (a.length ?? 0) - (b.length ?? 0));
  const refusedLength = span(refused.flatMap((r) => (r.type === 'string' && r.length !== undefined ? [r.length] : [])));
  if (withField.length === 0 && refused.length === 0) return undefined;
  const values = distinctValues(withField, field);
  const acceptedLength = span(values.filter((v): v is string => typeof v === 'string').map(characters));
  return {
    accepted: {
      bodies: withField.length,
      distinct: values.length,
      types: [...new Set(values.map(jsonTypeOf))],
      ...(acceptedLength !== undefined ? { stringLength: acceptedLength } : {}),
      examples: examplesOf(values, redactor),
    },
    refused: refused.slice(0, LISTED_REFUSED),
    refusedCount: refused.length,
    ...(refusedLength !== undefined ? { refusedStringLength: refusedLength } : {}),
  };
}

/**
 * The value evidence of `requests`. A refused value is evidence only when its body is stable (every repeat
 * answered alike), its set of fields was accepted in some stable body, exactly one of its values was never
 * accepted in a body of the same fields, and that value was not accepted with any other fields either.
 */
export function trafficValues(requests: readonly ValueRequest[], fields: readonly string[], redactor: Redact): TrafficValues {
  const notEvidence = new Map<string, { count: number; of: 'requests' | 'bodies' }>();
  const note: Note = (reason, of, count = 1) => {
    const entry = notEvidence.get(reason) ?? { count: 0, of };
    entry.count += count;
    notEvidence.set(reason, entry);
  };
  const bodies = distinctBodies(requests, fields, note);
  const { accepted, rejected } = foldBodies(bodies, note);
  const tied = tieRefusals(rejected, indexAccepted(accepted), fields, redactor);
  const out: Record<string, TrafficFieldValues> = {};
  for (const field of fields) {
    const values = fieldValues(field, accepted, tied, redactor);
    if (values !== undefined) out[field] = values;
  }
  return {
    requests: requests.length,
    bodies: bodies.size,
    fields: out,
    notEvidence: [...notEvidence].map(([reason, { count, of }]) => ({ reason, count, of })),
    rejectionsNotTied: {
      count: [...tied.notTied.values()].reduce((sum, n) => sum + n, 0),
      why: [...tied.notTied].map(([reason, count]) => ({ reason, count })),
    },
  };
}
