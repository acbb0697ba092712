/**
 * The schema of a JSON value as seen: types, the keys of objects (sorted, so a target that orders its
 * keys differently gives the same schema), `format: date-time` on strings that are instants. Used for
 * the answers' bodies, which are described by the fields seen, never by guessed constraints.
 */
import { contractAjv } from './contract-ajv.js';

const dateTime = contractAjv(new Date(0)).compile({ type: 'string', format: 'date-time' });

export function shapeOf(value: unknown): Record<string, unknown> {
  if (value === null) return { type: 'null' };
  if (Array.isArray(value)) {
    const items = value.map(shapeOf);
    const first = items[0];
    return first !== undefined && items.every((i) => JSON.stringify(i) === JSON.stringify(first))
      ? { type: 'array', items: first }
      : { type: 'array' };
  }
  switch (typeof value) {
    case 'string':
      return dateTime(value) ? { type: 'string', format: 'date-time' } : { type: 'string' };
    case 'number':
      return { type: Number.isInteger(value) ? 'integer' : 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'object': {
      const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return { type: 'object', properties: Object.fromEntries(entries.map(([k, v]) => [k, shapeOf(v)])) };
    }
    default:
      return {};
  }
}

/** The body as JSON, or undefined when it is not JSON (cut short by the recording cap, or text). */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
