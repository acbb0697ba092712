/**
 * Fewest candidate statements that explain every rejection left unexplained by the roles (each
 * rejected combination breaks at least one chosen statement). All such smallest sets are listed,
 * so that the caller can tell whether they describe one rule or several.
 */

/** `covered[c]`: the indices (0..count-1) of the rejections candidate c explains. */
export function smallestCovers(count: number, covered: readonly number[][], maxSize: number, limit: number): number[][] | undefined {
  if (count === 0) return [[]];
  const words = Math.ceil(count / 32);
  const bits = covered.map((list) => {
    const set = new Uint32Array(words);
    for (const i of list) set[i >>> 5] = (set[i >>> 5] ?? 0) | (1 << (i & 31));
    return set;
  });
  const coveringOf: number[][] = Array.from({ length: count }, () => []);
  covered.forEach((list, c) => list.forEach((i) => coveringOf[i]?.push(c)));
  if (coveringOf.some((list) => list.length === 0)) return undefined;

  const has = (set: Uint32Array, i: number): boolean => ((set[i >>> 5] ?? 0) & (1 << (i & 31))) !== 0;
  for (let size = 1; size <= maxSize; size += 1) {
    const found = new Map<string, number[]>();
    const search = (chosen: number[], open: Uint32Array, depth: number): void => {
      if (found.size >= limit) return;
      let pick = -1;
      for (let i = 0; i < count; i += 1) {
        if (has(open, i) && (pick === -1 || (coveringOf[i]?.length ?? 0) < (coveringOf[pick]?.length ?? 0))) pick = i;
      }
      if (pick === -1) {
        const key = [...chosen].sort((a, b) => a - b);
        found.set(key.join(','), key);
        return;
      }
      if (depth === 0) return;
      for (const c of coveringOf[pick] ?? []) {
        if (chosen.includes(c)) continue;
        const cover = bits[c] as Uint32Array;
        const rest = open.map((word, w) => word & ~(cover[w] ?? 0));
        search([...chosen, c], rest, depth - 1);
      }
    };
    const all = new Uint32Array(words);
    for (let i = 0; i < count; i += 1) all[i >>> 5] = (all[i >>> 5] ?? 0) | (1 << (i & 31));
    search([], all, size);
    if (found.size > 0) return [...found.values()];
  }
  return undefined;
}
