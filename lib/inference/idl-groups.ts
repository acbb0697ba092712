/** Group searches behind the IDL statements, bounded so that 30 fields stay cheap. */

/** Maximal cliques of a graph on `nodes` (Bron-Kerbosch with pivot), size >= 2, at most `limit`. */
export function maximalCliques(
  nodes: readonly number[],
  adjacent: (a: number, b: number) => boolean,
  limit: number,
): { cliques: number[][]; complete: boolean } {
  const cliques: number[][] = [];
  let complete = true;
  const expand = (r: number[], p: number[], x: number[]): void => {
    if (!complete) return;
    if (p.length === 0 && x.length === 0) {
      if (r.length >= 2) {
        if (cliques.length === limit) complete = false;
        else cliques.push([...r].sort((a, b) => a - b));
      }
      return;
    }
    const pivot = [...p, ...x].reduce((best, u) =>
      p.filter((v) => adjacent(u, v)).length > p.filter((v) => adjacent(best, v)).length ? u : best,
    );
    for (const v of p.filter((u) => u === pivot || !adjacent(pivot, u))) {
      expand(
        [...r, v],
        p.filter((u) => u !== v && adjacent(u, v)),
        x.filter((u) => adjacent(u, v)),
      );
      p = p.filter((u) => u !== v);
      x = [...x, v];
    }
  };
  expand([], [...nodes], []);
  return { cliques, complete };
}

/**
 * Inclusion-minimal groups of 2..maxSize nodes (in node order) for which `test` holds, where `test`
 * holds on every superset of a group it holds on (so supersets of a found group are skipped).
 */
export function minimalGroups(nodes: readonly number[], maxSize: number, test: (group: number[]) => boolean): number[][] {
  const found: number[][] = [];
  const containsFound = (group: readonly number[]): boolean => found.some((f) => f.every((member) => group.includes(member)));
  for (let size = 2; size <= maxSize; size += 1) {
    for (const group of subsets(nodes, size)) {
      if (!containsFound(group) && test(group)) found.push(group);
    }
  }
  return found;
}

/** The largest group size such that all groups of 2..size stay within the budget (at least 2). */
export function groupSizeWithin(nodeCount: number, budget: number): number {
  let total = 0;
  for (let size = 2; size <= nodeCount; size += 1) {
    total += binomial(nodeCount, size);
    if (total > budget) return Math.max(2, size - 1);
  }
  return Math.max(2, nodeCount);
}

function* subsets(nodes: readonly number[], size: number, start = 0): Generator<number[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let i = start; i <= nodes.length - size; i += 1) {
    for (const rest of subsets(nodes, size - 1, i + 1)) yield [nodes[i] as number, ...rest];
  }
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i += 1) result = (result * (n - i + 1)) / i;
  return Math.round(result);
}
