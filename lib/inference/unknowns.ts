/**
 * The combinations without a verdict, as inference must see them: every combination of the n fields
 * that is neither accepted nor rejected (unstable, error, never sent). The target may accept or reject
 * each of them, so a statement made from the matrix is true only if it holds for every way they
 * could go (every "completion"). They are the complement of the known ones, so they are counted and
 * listed from the known verdicts alone: nothing here enumerates 2^n, which stays cheap at 30 fields.
 */
export class Unknowns {
  constructor(
    readonly n: number,
    /** mask -> accepted (true) or rejected (false), for the known combinations only. */
    readonly verdicts: ReadonlyMap<number, boolean>,
  ) {}

  isUnknown(mask: number): boolean {
    return !this.verdicts.has(mask);
  }

  /**
   * Unknown combinations m with (m & care) === value, ascending. Lazy: a reader that stops early
   * pays for at most the known combinations it skips plus what it takes.
   */
  *listIn(care: number, value: number): Generator<number> {
    const free: number[] = [];
    for (let i = 0; i < this.n; i += 1) if ((care & (1 << i)) === 0) free.push(i);
    const total = 2 ** free.length;
    for (let k = 0; k < total; k += 1) {
      let mask = value;
      free.forEach((field, j) => {
        if (Math.floor(k / 2 ** j) % 2 === 1) mask |= 1 << field;
      });
      if (this.isUnknown(mask)) yield mask;
    }
  }

  get size(): number {
    return 2 ** this.n - this.verdicts.size;
  }
}

/** The first `limit` items of a generator, and whether it had more. */
export function take<T>(items: Iterable<T>, limit: number): { items: T[]; more: boolean } {
  const out: T[] = [];
  for (const item of items) {
    if (out.length === limit) return { items: out, more: true };
    out.push(item);
  }
  return { items: out, more: false };
}
