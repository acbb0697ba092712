/**
 * Group testing: from a set of fields on which a monotone property holds (adding fields never makes
 * it fail), a minimal subset on which it still holds, in about k * 2 log(s) tests for a subset of k
 * out of s. Each step looks for the shortest prefix of the remaining fields that, with those already
 * kept, makes the property hold (galloping, then bisection): the last field of that prefix is needed.
 */
import { bit } from './bits.js';

/** true / false, or undefined when the test had no usable answer (then the search stops). */
export type MaskTest = (mask: number) => Promise<boolean | undefined>;

/**
 * `elements` in the order to try them (fields likely to matter first make the search cheaper).
 * The property must hold on all of them and must not hold on the empty set.
 * `knownFalse(mask)` skips tests whose answer is already known to be false.
 */
export async function minimalSubset(
  elements: readonly number[],
  holds: MaskTest,
  knownFalse: (mask: number) => boolean = () => false,
): Promise<number | undefined> {
  let core = 0;
  let rest = [...elements];
  const prefix = (p: number): number => rest.slice(0, p).reduce((mask, i) => mask | bit(i), core);
  for (;;) {
    if (rest.length === 0) return core;
    if (core !== 0 && !knownFalse(core)) {
      const alone = await holds(core);
      if (alone === undefined) return undefined;
      if (alone) return core;
    }
    // holds(prefix(lo)) is false, holds(prefix(hi)) is true.
    let lo = 0;
    let hi = rest.length;
    for (let step = 1; lo + step < hi; step *= 2) {
      const probe = await holds(prefix(lo + step));
      if (probe === undefined) return undefined;
      if (probe) {
        hi = lo + step;
        break;
      }
      lo += step;
    }
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      const probe = await holds(prefix(mid));
      if (probe === undefined) return undefined;
      if (probe) hi = mid;
      else lo = mid;
    }
    core |= bit(rest[hi - 1] as number);
    rest = rest.slice(0, hi - 1);
  }
}
