/** RFC 6901 JSON pointers: reading a value out of a parsed answer body. */

/** The value at `pointer` in `document`, or undefined when the path does not exist. */
export function readPointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let at: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(at)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      at = at[Number(token)];
    } else if (typeof at === 'object' && at !== null && Object.hasOwn(at, token)) {
      at = (at as Record<string, unknown>)[token];
    } else {
      return undefined;
    }
  }
  return at;
}
