/**
 * The values a request sent, masked where its refusal repeats them. Many services quote the value they refuse
 * ("The value 'abc' is not valid for clientState", OData's "Cannot convert the literal 'tomorrow' to the expected
 * type 'Edm.DateTimeOffset'"): without masking, the same refusal of three values would be three kinds. A sent value
 * becomes `<value>` where it stands as a token of its own (not inside a longer word); a value shorter than
 * MIN_BARE characters, or all digits (the digits are masked anyway, and a bare number may be the limit the message
 * states), only where it is quoted. A value that spells a field's name is left to the field masking.
 *
 * Only for grouping: what is shown of a refusal is its message as the target sent it.
 */
import { QUOTES } from '../error-body/field-names.js';
import { MAX_MESSAGE } from '../error-body/read-error-body.js';

export const VALUE_PLACEHOLDER = '<value>';

/** Values shorter than this are masked only where quoted: `a` or `no` may be any word of a sentence. */
const MIN_BARE = 3;
/** Values of one body taken, at most. */
const MAX_VALUES = 64;
/** A request body longer than this is not parsed for its values. */
const MAX_BODY = 1_000_000;

const WORD = '[\\p{L}\\p{N}_]';
const OPEN = `['"\`‘“]`;
const CLOSE = `['"\`’”]`;

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The sent values as text: the body's top-level strings, numbers and booleans; nothing when it is not a JSON object. */
export function sentValues(requestBody: string | undefined): string[] {
  const out: string[] = [];
  for (const value of Object.values(bodyObject(requestBody) ?? {})) {
    if (out.length >= MAX_VALUES) break;
    const text = scalarText(value);
    if (text !== undefined) out.push(text);
  }
  return out;
}

/** The request body as a JSON object, or undefined: too long to parse, not JSON, or not an object. */
function bodyObject(requestBody: string | undefined): Record<string, unknown> | undefined {
  if (requestBody === undefined || requestBody.length > MAX_BODY) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(requestBody) as unknown;
  } catch {
    return undefined;
  }
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}

/** A string, number or boolean as text; undefined for anything else. */
const scalarText = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;

/** The message with each sent value it repeats replaced by `<value>`; the fields' own names are never masked here. */
export function maskValues(message: string, values: readonly string[], fields: readonly string[]): string {
  const names = new Set(fields.map((f) => f.toLowerCase()));
  const usable = [...new Set(values)]
    .filter((v) => v.trim() !== '' && v.length <= MAX_MESSAGE && !names.has(v.toLowerCase()) && message.includes(v))
    .sort((a, b) => b.length - a.length);
  if (usable.length === 0) return message;
  // One pass over the message: a value is never looked for inside the mask of another.
  const patterns = usable.map((value) => {
    const v = escape(value);
    const quoted = `(?<=${OPEN}\\s{0,2})${v}(?=\\s{0,2}${CLOSE})`;
    return value.length >= MIN_BARE && !/^\d+$/.test(value) ? `${quoted}|(?<!${WORD})${v}(?!${WORD})` : quoted;
  });
  return message.replace(new RegExp(patterns.join('|'), 'gu'), VALUE_PLACEHOLDER);
}

/**
 * Whether the message quotes the value the body sent for `field` right after the field's name: services say which
 * value of which field they refuse ("The resource '/drive/root' is not a resource that can be subscribed to.",
 * "clientState 'x' is too long"), and a refusal that met the body by chance quotes neither. The name in any letter
 * case, and under any spelling of it in the body (a value class sends `Resource`); the value exactly as sent, a string,
 * number or boolean, the empty string too (`The resource '' ...`).
 */
export function quotesFieldValue(message: string, requestBody: string | undefined, field: string): boolean {
  const value = sentValueOf(requestBody, field);
  if (value === undefined || value.length > MAX_MESSAGE || field === '') return false;
  // Matched in the message itself, so that each position is the message's (lower-casing may change its length).
  const names = new RegExp(`(?<!${WORD})${escape(field)}`, 'giu');
  for (let found = names.exec(message); found !== null; found = names.exec(message)) {
    let i = found.index + found[0].length;
    for (let spaces = 0; spaces < 3 && message[i] === ' '; spaces += 1) i += 1;
    const close = QUOTES.find(([open]) => message[i] === open)?.[1];
    if (close !== undefined && message.startsWith(value, i + 1) && message[i + 1 + value.length] === close) return true;
  }
  return false;
}

/** The value the body sent under `field`'s name in any letter case, as text; undefined when none or not a scalar. */
function sentValueOf(requestBody: string | undefined, field: string): string | undefined {
  const body = bodyObject(requestBody);
  if (body === undefined) return undefined;
  const name = field.toLowerCase();
  const key = Object.keys(body).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : scalarText(body[key]);
}
