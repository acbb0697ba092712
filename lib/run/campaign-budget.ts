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
