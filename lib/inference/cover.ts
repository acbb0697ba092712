/**
 * Cheapest set of primes that covers every accepted combination: fewest terms first, then fewest
 * literals. Exact branch and bound (Petrick's method without multiplying out the product of sums):
 * dominated primes are dropped first, then the search always branches on the combination with the
 * fewest covering primes, so essential primes are taken first. A node budget bounds the search;
 * past it the best cover found so far is kept, at worst the greedy one it started from.
 */
import { popcount } from '../rule/field-set.js';
import { covers, type Cube } from './primes.js';

export interface CoverResult {
  /** Indices into the primes, in ascending order. */
  chosen: number[];
  /** False when the node budget ran out before the search proved the cover minimal. */
  minimal: boolean;
}

const MAX_NODES = 3_000;

/** Lexicographic (terms, literals) as one number: a term outweighs every literal of any cover. */
const TERM_COST = 1_000_000;

export function minimumCover(rows: readonly number[], primes: readonly Cube[]): CoverResult {
  const cost = primes.map((p) => TERM_COST + popcount(p.care));
  const allRowsOf = primes.map((p) => rows.flatMap((row, i) => (covers(p, row) ? [i] : [])));
  const live = undominated(rows.length, allRowsOf, cost);
  const rowsOf = primes.map((_, j) => (live.has(j) ? (allRowsOf[j] ?? []) : []));
  const coveredBy = rows.map((): number[] => []);
  rowsOf.forEach((list, j) => list.forEach((i) => coveredBy[i]?.push(j)));
  if (coveredBy.some((list) => list.length === 0)) {
    throw new Error('minimumCover: an accepted combination is covered by no prime');
  }

  const hits = new Array<number>(rows.length).fill(0);
  /** Uncovered rows each prime would cover now. */
  const gain = rowsOf.map((list) => list.length);
  const take = (j: number, sign: 1 | -1): void => {
    for (const i of rowsOf[j] ?? []) {
      const before = hits[i] ?? 0;
      hits[i] = before + sign;
      if ((sign === 1 && before === 0) || (sign === -1 && before === 1)) {
        for (const k of coveredBy[i] ?? []) gain[k] = (gain[k] ?? 0) - sign;
      }
    }
  };

  /** Primes a branch has ruled out, and how many primes not ruled out cover each row. */
  const banned = new Array<boolean>(primes.length).fill(false);
  const open = coveredBy.map((list) => list.length);
  const ban = (j: number, on: boolean): void => {
    banned[j] = on;
    for (const i of rowsOf[j] ?? []) open[i] = (open[i] ?? 0) + (on ? -1 : 1);
  };

  let best = greedyCover(rows.length, rowsOf, cost);
  let bestCost = best.reduce((sum, j) => sum + (cost[j] ?? 0), 0);
  const chosen: number[] = [];
  const stamp = new Array<number>(rows.length).fill(0);
  let nodes = 0;
  let exhausted = false;

  // A lower bound on what covering the rest costs: uncovered rows no two of which share a prime
  // need one prime each, at least the cheapest of those covering it. Rows with few covering primes
  // conflict with few others, so taking them first finds larger independent sets.
  const conflicts = rows.map((_, i) => {
    const seen: number[] = [];
    for (const j of coveredBy[i] ?? []) {
      for (const r of rowsOf[j] ?? []) {
        if (stamp[r] !== i + 1) {
          stamp[r] = i + 1;
          seen.push(r);
        }
      }
    }
    return seen;
  });
  stamp.fill(0);
  const cheapest = coveredBy.map((list) => Math.min(...list.map((j) => cost[j] ?? 0)));
  const rowOrder = rows.map((_, i) => i).sort((a, b) => (coveredBy[a]?.length ?? 0) - (coveredBy[b]?.length ?? 0) || a - b);
  const lowerBound = (): number => {
    let bound = 0;
    for (const i of rowOrder) {
      if (hits[i] !== 0 || stamp[i] === nodes) continue;
      bound += cheapest[i] ?? 0;
      for (const r of conflicts[i] ?? []) stamp[r] = nodes;
    }
    return bound;
  };

  const search = (spent: number): void => {
    nodes += 1;
    if (nodes > MAX_NODES) {
      exhausted = true;
      return;
    }
    let pick = -1;
    for (let i = 0; i < rows.length; i += 1) {
      if (hits[i] === 0 && (pick === -1 || (open[i] ?? 0) < (open[pick] ?? 0))) pick = i;
    }
    if (pick === -1) {
      if (spent < bestCost) {
        bestCost = spent;
        best = [...chosen];
      }
      return;
    }
    if (open[pick] === 0 || spent + lowerBound() >= bestCost) return;
    const options = (coveredBy[pick] ?? [])
      .filter((j) => !banned[j])
      .sort((a, b) => (gain[b] ?? 0) - (gain[a] ?? 0) || (cost[a] ?? 0) - (cost[b] ?? 0) || a - b);
    // Once the covers that use option j are explored, the later branches need not use j again.
    const tried: number[] = [];
    for (const j of options) {
      take(j, 1);
      chosen.push(j);
      search(spent + (cost[j] ?? 0));
      chosen.pop();
      take(j, -1);
      if (exhausted) break;
      ban(j, true);
      tried.push(j);
    }
    for (const j of tried) ban(j, false);
  };
  search(0);
  return { chosen: [...best].sort((a, b) => a - b), minimal: !exhausted };
}

/**
 * Primes worth considering: a prime that covers a subset of another's rows at no lower cost
 * can always be swapped for that one (ties keep the earlier prime).
 */
function undominated(rowCount: number, rowsOf: readonly number[][], cost: readonly number[]): Set<number> {
  const words = Math.ceil(rowCount / 32);
  const bits = rowsOf.map((list) => {
    const set = new Uint32Array(words);
    for (const i of list) set[i >>> 5] = (set[i >>> 5] ?? 0) | (1 << (i & 31));
    return set;
  });
  const has = (k: number, row: number): boolean => ((bits[k]?.[row >>> 5] ?? 0) & (1 << (row & 31))) !== 0;
  const subset = (a: Uint32Array, b: Uint32Array): boolean => a.every((word, w) => (word & ~(b[w] ?? 0)) === 0);
  // A prime that dominates j covers j's first row, so only those are compared.
  const byFirstRow = new Map<number, number[]>();
  rowsOf.forEach((list, k) =>
    list.forEach((row) => {
      const coverers = byFirstRow.get(row) ?? [];
      coverers.push(k);
      byFirstRow.set(row, coverers);
    }),
  );
  const live = new Set<number>();
  rowsOf.forEach((list, j) => {
    const [first] = list;
    if (first === undefined) return;
    const dominated = (byFirstRow.get(first) ?? []).some((k) => {
      if (k === j || (rowsOf[k]?.length ?? 0) < list.length || !has(k, first)) return false;
      const cj = cost[j] ?? 0;
      const ck = cost[k] ?? 0;
      const strictlyBetter = ck < cj || (rowsOf[k]?.length ?? 0) > list.length || k < j;
      return ck <= cj && strictlyBetter && subset(bits[j] as Uint32Array, bits[k] as Uint32Array);
    });
    if (!dominated) live.add(j);
  });
  return live;
}

/** Repeatedly take the prime covering most uncovered rows, then drop primes made redundant. */
function greedyCover(rowCount: number, rowsOf: readonly number[][], cost: readonly number[]): number[] {
  const hits = new Array<number>(rowCount).fill(0);
  const chosen: number[] = [];
  const uncoveredBy = (j: number): number => (rowsOf[j] ?? []).filter((i) => hits[i] === 0).length;
  let left = rowCount;
  while (left > 0) {
    let bestJ = -1;
    let bestGain = 0;
    for (let j = 0; j < rowsOf.length; j += 1) {
      const gain = uncoveredBy(j);
      if (gain > bestGain || (gain === bestGain && gain > 0 && (cost[j] ?? 0) < (cost[bestJ] ?? 0))) {
        bestJ = j;
        bestGain = gain;
      }
    }
    chosen.push(bestJ);
    for (const i of rowsOf[bestJ] ?? []) {
      if (hits[i] === 0) left -= 1;
      hits[i] = (hits[i] ?? 0) + 1;
    }
  }
  return chosen.filter((j) => {
    const redundant = (rowsOf[j] ?? []).every((i) => (hits[i] ?? 0) > 1);
    if (redundant) for (const i of rowsOf[j] ?? []) hits[i] = (hits[i] ?? 0) - 1;
    return !redundant;
  });
}
