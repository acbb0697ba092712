/**
 * Combinations as bitmasks (bit i stands for field i, as in lib/rule/field-set.ts), and the
 * moves between a full combination and its part on a few "core" fields.
 */

export function bit(i: number): number {
  return 1 << i;
}

/** Field indices of the set bits, ascending. */
export function bitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let i = 0; mask >>> i !== 0; i += 1) if ((mask & (1 << i)) !== 0) out.push(i);
  return out;
}

/** A local assignment (bit j stands for core[j]) as a full mask over the fields. */
export function spread(core: readonly number[], local: number): number {
  let mask = 0;
  core.forEach((field, j) => {
    if ((local & (1 << j)) !== 0) mask |= 1 << field;
  });
  return mask;
}

/** The part of a full mask on the core fields, as a local assignment. */
export function project(core: readonly number[], mask: number): number {
  let local = 0;
  core.forEach((field, j) => {
    if ((mask & (1 << field)) !== 0) local |= 1 << j;
  });
  return local;
}

/** All size-k subsets of `items`, in lexicographic order of positions. */
export function* subsetsOfSize<T>(items: readonly T[], k: number, start = 0): Generator<T[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let i = start; i <= items.length - k; i += 1) {
    for (const rest of subsetsOfSize(items, k - 1, i + 1)) yield [items[i] as T, ...rest];
  }
}

export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i += 1) result = (result * (n - i + 1)) / i;
  return Math.round(result);
}
