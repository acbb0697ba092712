/**
 * Zeller and Hildebrandt's ddmin ("Simplifying and Isolating Failure-Inducing Input", IEEE TSE 28(2),
 * 2002), generic over an async oracle and bounded in the oracle calls it makes.
 *
 * Given `items` on which a property holds, it returns a subset on which the property still holds and
 * that is 1-minimal: taking out any one item makes the property stop holding. (In the paper the
 * property is "the test fails"; here it is whatever the caller's oracle says, e.g. "the target accepts
 * the body".) An `unresolved` answer counts as "does not hold" while reducing, as in the paper, but a
 * result whose 1-minimality rests on an unresolved answer is reported as such, never as minimal.
 */

/** The oracle's answer on one subset. `stop`: it will answer no more (its budget is spent). */
export type DdAnswer = 'holds' | 'fails' | 'unresolved' | 'stop';

export type DdOracle<T> = (subset: readonly T[], how: { repeat: boolean }) => Promise<DdAnswer>;

export interface DdminOptions {
  /** Most oracle calls, repeats included. A positive integer. */
  maxCalls: number;
  /**
   * Before concluding, ask once more about the result and each subset that shows it 1-minimal
   * (`how.repeat` is true, so a caching oracle asks afresh): an oracle that answers differently the
   * second time is unstable, and the result is then `unstable`, not `minimal`. Default false.
   */
  confirm?: boolean;
}

export type DdStatus =
  /** 1-minimal, every check answered (and confirmed, with `confirm`). */
  | 'minimal'
  /** maxCalls reached, or the oracle said `stop`: `subset` holds but may not be 1-minimal. */
  | 'budget'
  /** A repeated question got another answer (only with `confirm`). */
  | 'unstable'
  /** Some item's removal got `unresolved`: whether it is needed is not known. */
  | 'unresolved'
  /** The property does not hold on all the items: nothing to reduce. */
  | 'precondition';

export interface DdCheck<T> {
  /** The item taken out of the result. */
  item: T;
  /** What the oracle said about the result without it (`fails` for each, when minimal). */
  answer: DdAnswer;
}

export interface DdminResult<T> {
  status: DdStatus;
  /** The smallest subset found on which the property holds (all items for `precondition`). */
  subset: T[];
  /** The evidence of 1-minimality: the result without each of its items. */
  checks: DdCheck<T>[];
  /** For `unstable`: the subsets whose two answers differed. */
  disagreements: T[][];
  /** Oracle calls made (cached answers are not asked again). */
  calls: number;
}

/** `n` nearly equal consecutive parts of `items` (ddmin's partition). */
export function split<T>(items: readonly T[], n: number): T[][] {
  const parts: T[][] = [];
  let start = 0;
  for (let i = 0; i < n; i += 1) {
    const end = start + Math.floor((items.length - start) / (n - i));
    parts.push(items.slice(start, end));
    start = end;
  }
  return parts.filter((p) => p.length > 0);
}

class Stop extends Error {}

export async function ddmin<T>(items: readonly T[], oracle: DdOracle<T>, options: DdminOptions): Promise<DdminResult<T>> {
  if (!Number.isInteger(options.maxCalls) || options.maxCalls < 1) {
    throw new RangeError(`ddmin: maxCalls should be a positive integer, got ${String(options.maxCalls)}`);
  }
  // Indices, so that equal items stay distinct and subsets have a cache key.
  const all = items.map((_, i) => i);
  const cache = new Map<string, DdAnswer>();
  let calls = 0;
  const ask = async (subset: readonly number[], repeat = false): Promise<DdAnswer> => {
    const key = subset.join(',');
    const known = cache.get(key);
    if (known !== undefined && !repeat) return known;
    if (calls >= options.maxCalls) throw new Stop();
    calls += 1;
    const answer = await oracle(
      subset.map((i) => items[i] as T),
      { repeat },
    );
    if (answer === 'stop') throw new Stop();
    if (!repeat) cache.set(key, answer);
    return answer;
  };
  const pick = (subset: readonly number[]): T[] => subset.map((i) => items[i] as T);
  const result = (status: DdStatus, subset: readonly number[], checks: DdCheck<T>[] = [], disagreements: T[][] = []): DdminResult<T> => ({
    status,
    subset: pick(subset),
    checks,
    disagreements,
    calls,
  });

  let current: number[] = all;
  try {
    if ((await ask(all)) !== 'holds') return result('precondition', all);
    let n = 2;
    reduce: while (current.length >= 2) {
      const parts = split(current, n);
      for (const part of parts) {
        if ((await ask(part)) === 'holds') {
          current = part;
          n = 2;
          continue reduce;
        }
      }
      // With two parts each complement is the other part, already asked.
      if (parts.length > 2) {
        for (const part of parts) {
          const complement = current.filter((i) => !part.includes(i));
          if ((await ask(complement)) === 'holds') {
            current = complement;
            n = Math.max(n - 1, 2);
            continue reduce;
          }
        }
      }
      if (n >= current.length) break;
      n = Math.min(current.length, 2 * n);
    }
    // The 1-minimality evidence. After the loop every `current \ {i}` has been asked (the last
    // round had singleton parts), except for a single item, whose removal leaves the empty set.
    const checks: DdCheck<T>[] = [];
    for (const i of current) {
      const without = current.filter((j) => j !== i);
      const answer = await ask(without);
      if (answer === 'holds') {
        // Only the empty set can hold here (every other removal was asked and failed): nothing is needed.
        return await finish([], []);
      }
      checks.push({ item: items[i] as T, answer });
    }
    return await finish(current, checks);
  } catch (error) {
    if (error instanceof Stop) return result('budget', current);
    throw error;
  }

  async function finish(subset: number[], checks: DdCheck<T>[]): Promise<DdminResult<T>> {
    const status: DdStatus = checks.some((c) => c.answer !== 'fails') ? 'unresolved' : 'minimal';
    if (options.confirm !== true || status !== 'minimal') return result(status, subset, checks);
    const disagreements: T[][] = [];
    const questions = [subset, ...subset.map((i) => subset.filter((j) => j !== i))];
    for (const question of questions) {
      const first = cache.get(question.join(','));
      if ((await ask(question, true)) !== first) disagreements.push(pick(question));
    }
    return result(disagreements.length > 0 ? 'unstable' : 'minimal', subset, checks, disagreements);
  }
}
