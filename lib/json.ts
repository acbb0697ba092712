/** A JSON object as parsed: documents, bodies and reports are read through this. */
export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The six types JSON has, as a value parsed from it has one (no integer: that is JSON Schema's). */
export type JsonValueType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

export function jsonTypeOf(value: unknown): JsonValueType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' ? type : 'object';
}

/**
 * A value as short JSON text for reports: `"https://x.example/n"`, `42`, `null`. Long text is cut in
 * the middle of nothing a reader needs, and says how long the whole was, so that a 4096-character
 * clientState reads `"probe-…xxx" (4096 characters)` instead of filling a table cell.
 */
export function showValue(value: unknown, max = 60): string {
  if (value === undefined) return '(absent)';
  const json = JSON.stringify(value);
  if (json.length <= max) return json;
  const length = typeof value === 'string' ? `${[...value].length} characters` : `${json.length} characters of JSON`;
  const keep = Math.max(8, max - 20);
  return `${json.slice(0, keep)}… (${length})`;
}
