/**
 * The top-level keys of a lifecycle answer as the target gave them, each with the JSON types its values had: what
 * the observed contract describes the answer by (a list page's own keys at the page, its entries' keys in the
 * entries), so that the contract never moves a key from one level to another. Bounded as the record's fields are:
 * the answer is the target's text.
 */
import { isObject, jsonTypeOf, type JsonValueType } from '../json.js';
import type { AnswerFields } from './types.js';
import { MAX_RECORD_FIELDS } from './record-fields.js';

const MAX_NAME_LENGTH = 200;
/** Most entries of a list page read for their keys: a run's own few subscriptions fit well within it. */
export const MAX_ENTRIES_READ = 200;

/**
 * The keys of the objects given, each with the sorted types seen for it. Undefined when none of them is a JSON
 * object, when there are more than MAX_ENTRIES_READ of them, or when they have a key longer than MAX_NAME_LENGTH or
 * more than MAX_RECORD_FIELDS keys: a part of the keys would describe the answer as having fewer than it has.
 */
export function answerFields(objects: readonly unknown[]): AnswerFields | undefined {
  if (objects.length > MAX_ENTRIES_READ) return undefined;
  const seen = new Map<string, Set<JsonValueType>>();
  let anyObject = false;
  for (const object of objects) {
    if (!isObject(object)) continue;
    anyObject = true;
    for (const [key, value] of Object.entries(object)) {
      const types = seen.get(key) ?? new Set<JsonValueType>();
      types.add(jsonTypeOf(value));
      seen.set(key, types);
      if (key.length > MAX_NAME_LENGTH || seen.size > MAX_RECORD_FIELDS) return undefined;
    }
  }
  if (!anyObject) return undefined;
  return Object.fromEntries([...seen.keys()].sort().map((name) => [name, [...(seen.get(name) ?? [])].sort()]));
}
