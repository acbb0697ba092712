/**
 * Combinations of present fields as bitmasks: bit i stands for `fields[i]`.
 * Masks are plain numbers, so an operation may have at most MAX_FIELDS fields.
 */

/** Bitwise operators work on 32-bit signed integers; 30 keeps every mask positive with room to spare. */
export const MAX_FIELDS = 30;

/** Every subset of `fields` (2^n of them), in bitmask order: field i is bit i, the empty body first. */
export function combinations(fields: readonly string[]): string[][] {
  if (fields.length > 20) {
    throw new RangeError(`combinations: ${fields.length} fields give 2^${fields.length} subsets; at most 20 fields are enumerated`);
  }
  const all: string[][] = [];
  for (let mask = 0; mask < 2 ** fields.length; mask += 1) all.push(presentOf(fields, mask));
  return all;
}

/** The fields a mask stands for, in field order. */
export function presentOf(fields: readonly string[], mask: number): string[] {
  return fields.filter((_, i) => (mask & (1 << i)) !== 0);
}

/** The mask of a set of present fields; undefined when one of them is not in `fields`. */
export function maskOf(index: ReadonlyMap<string, number>, present: readonly string[]): number | undefined {
  let mask = 0;
  for (const name of present) {
    const i = index.get(name);
    if (i === undefined) return undefined;
    mask |= 1 << i;
  }
  return mask;
}

/** The mask of a set of field indices. */
export function maskOfIndices(indices: readonly number[]): number {
  return indices.reduce((mask, i) => mask | (1 << i), 0);
}

export function fieldIndex(fields: readonly string[]): Map<string, number> {
  return new Map(fields.map((name, i) => [name, i]));
}

export function popcount(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count += 1;
  return count;
}

/**
 * The one key of a combination, for maps and comparisons: the same fields in any order give the same
 * key. NUL separates them because no field name holds it, where `+` or `,` may (`a+b` is not {a, b}).
 */
export function combinationKey(present: readonly string[]): string {
  return [...present].sort().join('\u0000');
}

/** `{notificationUrl, expirationDateTime}`; `{}` for the empty body. */
export function formatCombination(present: readonly string[]): string {
  return `{${present.join(', ')}}`;
}

/**
 * The inclusion-minimal members of a family of masks, smallest first (a hitting set of these hits
 * every member of the family).
 */
export function minimalSets(family: readonly number[]): number[] {
  const sorted = [...new Set(family)].sort((a, b) => popcount(a) - popcount(b) || a - b);
  const kept: number[] = [];
  for (const set of sorted) {
    if (!kept.some((k) => (k & set) === k)) kept.push(set);
  }
  return kept;
}
