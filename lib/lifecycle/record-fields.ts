/**
 * The created record's fields (spec §2: "Fields of the created subscription record: not shown"), each with its
 * JSON type and where its value came from, judged against the body that was sent.
 */
import { isObject, jsonTypeOf } from '../json.js';
import type { RecordField } from './types.js';

/** Most characters of a value shown for a `changed` field: values travel in every report. */
const SHOWN = 120;

export function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}… (${text.length} characters)` : text;
}

/** Deep equality of JSON values, key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
}

/**
 * Most fields listed, and the longest name kept: a record is the target's text, and a hostile one could send a
 * hundred thousand keys, each of them long. The sent fields come first, so that their origin is always told.
 */
export const MAX_RECORD_FIELDS = 64;
const MAX_NAME_LENGTH = 200;

/**
 * Each field of the returned record, and each sent field it lacks (at most MAX_RECORD_FIELDS). Undefined when the
 * answer is not a JSON object. Sorted by name, so that two runs of one target give the same order.
 */
export function recordFields(sent: Record<string, unknown>, returned: unknown): Record<string, RecordField> | undefined {
  if (!isObject(returned)) return undefined;
  const fields: Record<string, RecordField> = {};
  const sentNames = Object.keys(sent);
  const others = Object.keys(returned).filter((k) => !Object.hasOwn(sent, k) && k.length <= MAX_NAME_LENGTH);
  const names = [...sentNames, ...others.sort().slice(0, Math.max(0, MAX_RECORD_FIELDS - sentNames.length))];
  for (const name of names.sort()) {
    const inRecord = Object.hasOwn(returned, name);
    const wasSent = Object.hasOwn(sent, name);
    if (!inRecord) {
      fields[name] = { type: jsonTypeOf(sent[name]), origin: 'dropped' };
      continue;
    }
    const value = returned[name];
    if (!wasSent) fields[name] = { type: jsonTypeOf(value), origin: 'server' };
    else if (sameJson(sent[name], value)) fields[name] = { type: jsonTypeOf(value), origin: 'echoed' };
    else fields[name] = { type: jsonTypeOf(value), origin: 'changed', sent: shortJson(sent[name]), returned: shortJson(value) };
  }
  return fields;
}
