/**
 * One budget for a campaign: MAX_REQUESTS split over the operations it runs, each a floor first (so a small body is
 * still probed), the rest in proportion to their field counts (a body of more fields needs more combinations).
 * The shares never add up to more than the whole.
 */

/** The least share of an operation, when the budget allows it: a few fields' matrix and their deletes. */
export const SHARE_FLOOR = 100;

/** Each operation's share of `total`, in the order given; whole requests, largest remainders rounded up. */
export function splitBudget(total: number, fieldCounts: readonly number[]): number[] {
  const n = fieldCounts.length;
  if (n === 0) return [];
  const floor = Math.min(SHARE_FLOOR, Math.floor(total / n));
  const rest = total - floor * n;
  const weight = fieldCounts.reduce((sum, f) => sum + Math.max(1, f), 0);
  const exact = fieldCounts.map((f) => (rest * Math.max(1, f)) / weight);
  const shares = exact.map((x) => floor + Math.floor(x));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** An operation not yet run: its field count and the share the first split gave it. */
export interface WaitingShare {
  fields: number;
  first: number;
}

/**
 * The shares of the operations not yet run once the runs before them are done: `left` (MAX_REQUESTS less every
 * request sent so far) split over them by the same rule, so what a run did not spend goes to those after it. One the
 * new split would give less than its first share keeps its first share and the others split the rest, so a run never
 * gets less than it was first promised. The runs before spent no more than their shares, so `left` covers the first
 * shares of those waiting; should it not, they keep their first shares, whose sum the first split bounded.
 */
export function reshareBudget(left: number, waiting: readonly WaitingShare[]): number[] {
  const firsts = waiting.map((w) => w.first);
  if (left < firsts.reduce((a, b) => a + b, 0)) return firsts;
  const pinned = new Set<number>();
  // Each pass pins at least one more share or ends, so there are at most waiting.length + 1 passes.
  for (let pass = 0; pass <= waiting.length; pass += 1) {
    const free = waiting.map((_, i) => i).filter((i) => !pinned.has(i));
    const pinnedSum = [...pinned].reduce((sum, i) => sum + (firsts[i] ?? 0), 0);
    const split = splitBudget(
      left - pinnedSum,
      free.map((i) => waiting[i]?.fields ?? 0),
    );
    const short = free.filter((i, k) => (split[k] ?? 0) < (firsts[i] ?? 0));
    if (short.length === 0) {
      const shares = [...firsts];
      for (const [k, i] of free.entries()) shares[i] = split[k] ?? 0;
      return shares;
    }
    for (const i of short) pinned.add(i);
  }
  return firsts;
}

/**
 * The budget as a campaign's runs go: each run's share, recomputed by `reshareBudget` after every run over what is
 * left of `total`, so what one did not spend goes to those after it.
 */
export function givenBack(total: number, runs: readonly { id: string; fields: number }[], first: ReadonlyMap<string, number>) {
  const current = new Map(first);
  const done = new Set<string>();
  let sent = 0;
  return {
    share: (id: string): number | undefined => current.get(id),
    spent: (id: string, requests: number): void => {
      done.add(id);
      sent += requests;
      const waiting = runs.filter((r) => !done.has(r.id));
      const next = reshareBudget(
        total - sent,
        waiting.map((r) => ({ fields: r.fields, first: first.get(r.id) ?? 0 })),
      );
      for (const [i, r] of waiting.entries()) current.set(r.id, next[i] ?? 0);
    },
  };
}
