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

/** Which rows each live prime covers (none for a dominated one), which live primes cover each row, and each prime's cost. */
interface CoverTables {
  cost: number[];
  rowsOf: number[][];
  coveredBy: number[][];
}

function coverTables(rows: readonly number[], primes: readonly Cube[]): CoverTables {
  const cost = primes.map((p) => TERM_COST + popcount(p.care));
  const allRowsOf = primes.map((p) => rows.flatMap((row, i) => (covers(p, row) ? [i] : [])));
  const live = undominated(rows.length, allRowsOf, cost);
  const rowsOf = primes.map((_, j) => (live.has(j) ? (allRowsOf[j] ?? []) : []));
  const coveredBy = rows.map((): number[] => []);
  rowsOf.forEach((list, j) => list.forEach((i) => coveredBy[i]?.push(j)));
  if (coveredBy.some((list) => list.length === 0)) {
    throw new Error('minimumCover: an accepted combination is covered by no prime');
  }
  return { cost, rowsOf, coveredBy };
}

/** For each row, the rows that share a prime with it (itself included). */
function conflictsOf(rowCount: number, { rowsOf, coveredBy }: CoverTables): number[][] {
  const stamp = new Array<number>(rowCount).fill(0);
  return coveredBy.map((list, i) => {
    const seen: number[] = [];
    for (const j of list) {
      for (const r of rowsOf[j] ?? []) {
        if (stamp[r] !== i + 1) {
          stamp[r] = i + 1;
          seen.push(r);
        }
      }
    }
    return seen;
  });
}

/** The branch and bound: its state, and one method per move (take a prime, ban one, bound the rest, branch). */
class CoverSearch {
  readonly #t: CoverTables;
  readonly #hits: number[];
  /** Uncovered rows each prime would cover now. */
  readonly #gain: number[];
  /** Primes a branch has ruled out, and how many primes not ruled out cover each row. */
  readonly #banned: boolean[];
  readonly #open: number[];
  readonly #stamp: number[];
  readonly #conflicts: number[][];
  readonly #cheapest: number[];
  readonly #rowOrder: number[];
  readonly #chosen: number[] = [];
  #best: number[];
  #bestCost: number;
  #nodes = 0;
  exhausted = false;

  constructor(rowCount: number, tables: CoverTables) {
    const { cost, rowsOf, coveredBy } = tables;
    this.#t = tables;
    this.#hits = new Array<number>(rowCount).fill(0);
    this.#gain = rowsOf.map((list) => list.length);
    this.#banned = new Array<boolean>(rowsOf.length).fill(false);
    this.#open = coveredBy.map((list) => list.length);
    this.#best = greedyCover(rowCount, rowsOf, cost);
    this.#bestCost = this.#best.reduce((sum, j) => sum + (cost[j] ?? 0), 0);
    this.#stamp = new Array<number>(rowCount).fill(0);
    // A lower bound on what covering the rest costs: uncovered rows no two of which share a prime
    // need one prime each, at least the cheapest of those covering it. Rows with few covering primes
    // conflict with few others, so taking them first finds larger independent sets.
    this.#conflicts = conflictsOf(rowCount, tables);
    this.#cheapest = coveredBy.map((list) => Math.min(...list.map((j) => cost[j] ?? 0)));
    this.#rowOrder = coveredBy.map((_, i) => i).sort((a, b) => (coveredBy[a]?.length ?? 0) - (coveredBy[b]?.length ?? 0) || a - b);
  }

  get best(): number[] {
    return this.#best;
  }

  #take(j: number, sign: 1 | -1): void {
    for (const i of this.#t.rowsOf[j] ?? []) {
      const before = this.#hits[i] ?? 0;
      this.#hits[i] = before + sign;
      if ((sign === 1 && before === 0) || (sign === -1 && before === 1)) {
        for (const k of this.#t.coveredBy[i] ?? []) this.#gain[k] = (this.#gain[k] ?? 0) - sign;
      }
    }
  }

  #ban(j: number, on: boolean): void {
    this.#banned[j] = on;
    for (const i of this.#t.rowsOf[j] ?? []) this.#open[i] = (this.#open[i] ?? 0) + (on ? -1 : 1);
  }

  #lowerBound(): number {
    let bound = 0;
    for (const i of this.#rowOrder) {
      if (this.#hits[i] !== 0 || this.#stamp[i] === this.#nodes) continue;
      bound += this.#cheapest[i] ?? 0;
      for (const r of this.#conflicts[i] ?? []) this.#stamp[r] = this.#nodes;
    }
    return bound;
  }

  /** The uncovered row with the fewest primes left to cover it; -1 when every row is covered. */
  #pickRow(): number {
    let pick = -1;
    for (let i = 0; i < this.#hits.length; i += 1) {
      if (this.#hits[i] === 0 && (pick === -1 || (this.#open[i] ?? 0) < (this.#open[pick] ?? 0))) pick = i;
    }
    return pick;
  }

  search(spent: number): void {
    this.#nodes += 1;
    if (this.#nodes > MAX_NODES) {
      this.exhausted = true;
      return;
    }
    const pick = this.#pickRow();
    if (pick === -1) {
      if (spent < this.#bestCost) {
        this.#bestCost = spent;
        this.#best = [...this.#chosen];
      }
      return;
    }
    if (this.#open[pick] === 0 || spent + this.#lowerBound() >= this.#bestCost) return;
    const { cost, coveredBy } = this.#t;
    const gain = this.#gain;
    const options = (coveredBy[pick] ?? [])
      .filter((j) => !this.#banned[j])
      .sort((a, b) => (gain[b] ?? 0) - (gain[a] ?? 0) || (cost[a] ?? 0) - (cost[b] ?? 0) || a - b);
    // Once the covers that use option j are explored, the later branches need not use j again.
    const tried: number[] = [];
    for (const j of options) {
      this.#take(j, 1);
      this.#chosen.push(j);
      this.search(spent + (cost[j] ?? 0));
      this.#chosen.pop();
      this.#take(j, -1);
      if (this.exhausted) break;
      this.#ban(j, true);
      tried.push(j);
    }
    for (const j of tried) this.#ban(j, false);
  }
}

export function minimumCover(rows: readonly number[], primes: readonly Cube[]): CoverResult {
  const search = new CoverSearch(rows.length, coverTables(rows, primes));
  search.search(0);
  return { chosen: [...search.best].sort((a, b) => a - b), minimal: !search.exhausted };
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
