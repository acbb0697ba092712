/** Request bodies of the protocol cases, built from a well-formed body (as text, where JSON.stringify cannot say it). */

/** JSON text with its last character cut off: no longer JSON, but recognisably the same request. */
export function cutShort(json: string): string {
  if (json.length < 2) throw new RangeError('cutShort: json should be at least two characters long');
  return json.slice(0, -1);
}

export interface DuplicateKey {
  field: string;
  /** Value of the first occurrence, where the field stands in the body. */
  first: unknown;
  /** Value of the second occurrence, appended at the end. */
  last: unknown;
}

/** A JSON object in which `dup.field` occurs twice (RFC 8259 §4: names SHOULD be unique; the spec says nothing). */
export function duplicateKeyBody(body: Record<string, unknown>, dup: DuplicateKey): string {
  if (!(dup.field in body)) throw new RangeError(`duplicateKeyBody: the body has no field "${dup.field}" to repeat`);
  const member = (name: string, value: unknown): string => `${JSON.stringify(name)}:${JSON.stringify(value)}`;
  const members = Object.entries(body).map(([name, value]) => member(name, name === dup.field ? dup.first : value));
  return `{${[...members, member(dup.field, dup.last)].join(',')}}`;
}

/**
 * Which field to repeat: the first whose two candidate values differ (so the answer can show which one
 * was kept), else the first field with the same value twice. Undefined for an empty body.
 */
export function pickDuplicate(first: Record<string, unknown>, second: Record<string, unknown>): DuplicateKey | undefined {
  const names = Object.keys(first);
  const differing = names.find((n) => JSON.stringify(first[n]) !== JSON.stringify(second[n]) && n in second);
  const field = differing ?? names[0];
  if (field === undefined) return undefined;
  return { field, first: first[field], last: differing !== undefined ? second[field] : first[field] };
}

/** Which occurrence the created record kept, in plain words (undefined when the answer cannot tell). */
export function keptOccurrence(responseBody: string, dup: DuplicateKey): string | undefined {
  if (JSON.stringify(dup.first) === JSON.stringify(dup.last)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(responseBody);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || !(dup.field in parsed)) return `the answer does not echo ${dup.field}`;
  const echoed = JSON.stringify((parsed as Record<string, unknown>)[dup.field]);
  if (echoed === JSON.stringify(dup.last)) return `the record kept the last ${dup.field}`;
  if (echoed === JSON.stringify(dup.first)) return `the record kept the first ${dup.field}`;
  return `the record's ${dup.field} is neither value sent`;
}

/**
 * The same JSON object padded with spaces after its `{` to exactly `totalBytes` bytes (UTF-8):
 * insignificant whitespace (RFC 8259 §2), so only the size differs from the well-formed body.
 */
export function padWithWhitespace(json: string, totalBytes: number): string {
  if (!json.startsWith('{')) throw new RangeError('padWithWhitespace: json should be a JSON object');
  const size = Buffer.byteLength(json, 'utf8');
  if (!Number.isInteger(totalBytes) || totalBytes < size) {
    throw new RangeError(`padWithWhitespace: totalBytes should be a whole number of at least ${size}, got ${totalBytes}`);
  }
  return `{${' '.repeat(totalBytes - size)}${json.slice(1)}`;
}
