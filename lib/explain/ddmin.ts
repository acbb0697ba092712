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

/** One ddmin run: the oracle's answers by subset (of indices, so that equal items stay distinct), and the calls made. */
class Run<T> {
  readonly #cache = new Map<string, DdAnswer>();
  calls = 0;

  constructor(
    readonly items: readonly T[],
    readonly oracle: DdOracle<T>,
    readonly options: DdminOptions,
  ) {}

  async ask(subset: readonly number[], repeat = false): Promise<DdAnswer> {
    const key = subset.join(',');
    const known = this.#cache.get(key);
    if (known !== undefined && !repeat) return known;
    if (this.calls >= this.options.maxCalls) throw new Stop();
    this.calls += 1;
    const answer = await this.oracle(this.pick(subset), { repeat });
    if (answer === 'stop') throw new Stop();
    if (!repeat) this.#cache.set(key, answer);
    return answer;
  }

  cached(subset: readonly number[]): DdAnswer | undefined {
    return this.#cache.get(subset.join(','));
  }

  pick(subset: readonly number[]): T[] {
    return subset.map((i) => this.items[i] as T);
  }

  result(status: DdStatus, subset: readonly number[], checks: DdCheck<T>[] = [], disagreements: T[][] = []): DdminResult<T> {
    return { status, subset: this.pick(subset), checks, disagreements, calls: this.calls };
  }
}

export async function ddmin<T>(items: readonly T[], oracle: DdOracle<T>, options: DdminOptions): Promise<DdminResult<T>> {
  if (!Number.isInteger(options.maxCalls) || options.maxCalls < 1) {
    throw new RangeError(`ddmin: maxCalls should be a positive integer, got ${String(options.maxCalls)}`);
  }
  const run = new Run(items, oracle, options);
  const all = items.map((_, i) => i);
  const state = { current: all };
  try {
    if ((await run.ask(all)) !== 'holds') return run.result('precondition', all);
    await reduce(run, state);
    // The 1-minimality evidence. After the loop every `current \ {i}` has been asked (the last
    // round had singleton parts), except for a single item, whose removal leaves the empty set.
    const checks: DdCheck<T>[] = [];
    for (const i of state.current) {
      const answer = await run.ask(state.current.filter((j) => j !== i));
      // Only the empty set can hold here (every other removal was asked and failed): nothing is needed.
      if (answer === 'holds') return await finish(run, [], []);
      checks.push({ item: items[i] as T, answer });
    }
    return await finish(run, state.current, checks);
  } catch (error) {
    if (error instanceof Stop) return run.result('budget', state.current);
    throw error;
  }
}

/** ddmin's loop: a part or a complement that holds becomes the current set, else the partition gets finer. */
async function reduce<T>(run: Run<T>, state: { current: number[] }): Promise<void> {
  let n = 2;
  reduce: while (state.current.length >= 2) {
    const current = state.current;
    const parts = split(current, n);
    for (const part of parts) {
      if ((await run.ask(part)) === 'holds') {
        state.current = part;
        n = 2;
        continue reduce;
      }
    }
    // With two parts each complement is the other part, already asked.
    if (parts.length > 2) {
      for (const part of parts) {
        const complement = current.filter((i) => !part.includes(i));
        if ((await run.ask(complement)) === 'holds') {
          state.current = complement;
          n = Math.max(n - 1, 2);
          continue reduce;
        }
      }
    }
    if (n >= current.length) break;
    n = Math.min(current.length, 2 * n);
  }
}

/** The status of a result, each question it rests on asked once more with `confirm`. */
async function finish<T>(run: Run<T>, subset: number[], checks: DdCheck<T>[]): Promise<DdminResult<T>> {
  const status: DdStatus = checks.some((c) => c.answer !== 'fails') ? 'unresolved' : 'minimal';
  if (run.options.confirm !== true || status !== 'minimal') return run.result(status, subset, checks);
  const disagreements: T[][] = [];
  const questions = [subset, ...subset.map((i) => subset.filter((j) => j !== i))];
  for (const question of questions) {
    const first = run.cached(question);
    if ((await run.ask(question, true)) !== first) disagreements.push(run.pick(question));
  }
  return run.result(disagreements.length > 0 ? 'unstable' : 'minimal', subset, checks, disagreements);
}
