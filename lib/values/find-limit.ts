import type { PresenceAnswer } from '../rule/answer.js';
/**
 * Bisection for the largest value a target accepts (the longest lifetime to the minute,
 * the longest clientState to the character). It assumes the answers are monotone: every value up to
 * the limit accepted, every one above rejected. It never guesses: an answer it could not get ends
 * the search with what was established so far.
 */

export interface LimitStep {
  x: number;
  answer: PresenceAnswer;
}

/** How the search ended. */
export type LimitEnd =
  /** Largest accepted and smallest rejected differ by one. */
  | 'exact'
  /** `high` was accepted: the limit, if any, is above the range. */
  | 'high-accepted'
  /** `low` was rejected: nothing is pinned. */
  | 'low-rejected'
  /** An answer stayed unknown after a retry. */
  | 'no-answer'
  /** `maxSteps` probes were made before the gap closed. */
  | 'max-steps';

export interface LimitResult {
  end: LimitEnd;
  /** Largest value seen accepted; when `end` is 'exact', the limit. Undefined when none was. */
  largestAccepted: number | undefined;
  /** Smallest value seen rejected. Undefined when none was. */
  smallestRejected: number | undefined;
  /** Probes made, retries of unknown answers included. */
  probes: number;
  /** Every probe in order. */
  steps: LimitStep[];
  /** What stopped the search short of an exact limit, or why there is none, in plain words. */
  note?: string;
}

/** Probes enough for integer precision over [low, high]: the two ends, the halvings, and two retries. */
export function defaultMaxSteps(low: number, high: number): number {
  return 2 + Math.ceil(Math.log2(Math.max(2, high - low))) + 2;
}

function checkArguments(low: number, high: number, maxSteps: number): void {
  if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high)) {
    throw new RangeError(`findLimit low and high should be integers, got ${low} and ${high}`);
  }
  if (high <= low) throw new RangeError(`findLimit high should be greater than low, got low ${low} and high ${high}`);
  if (!Number.isInteger(maxSteps) || maxSteps < 2) {
    throw new RangeError(`findLimit maxSteps should be an integer of 2 or more (low and high are confirmed first), got ${maxSteps}`);
  }
}

/**
 * Finds the largest x in [low, high] that `probe` accepts. First confirms that `low` is accepted
 * (otherwise no limit is pinned) and `high` rejected (otherwise: accepted up to the largest value
 * tried), then halves the gap. An `unknown` answer is asked once more; a second `unknown` stops
 * the search. At most `maxSteps` probes are made.
 */
export async function findLimit(
  probe: (x: number) => Promise<PresenceAnswer>,
  low: number,
  high: number,
  maxSteps: number = defaultMaxSteps(low, high),
): Promise<LimitResult> {
  checkArguments(low, high, maxSteps);
  const steps: LimitStep[] = [];
  const done = (end: LimitEnd, accepted: number | undefined, rejected: number | undefined, note?: string): LimitResult => ({
    end,
    largestAccepted: accepted,
    smallestRejected: rejected,
    probes: steps.length,
    steps,
    ...(note !== undefined ? { note } : {}),
  });

  /** One answer for x, asking twice when the first is unknown; undefined when out of steps. */
  const ask = async (x: number): Promise<PresenceAnswer | undefined> => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (steps.length >= maxSteps) return undefined;
      const answer = await probe(x);
      steps.push({ x, answer });
      if (answer !== 'unknown') return answer;
    }
    return 'unknown';
  };
  const outOfSteps = `stopped after ${maxSteps} requests (the most allowed)`;
  const unknownAt = (x: number): string => `no answer for ${x} after a retry: search stopped, nothing inferred past what was seen`;

  const first = await ask(low);
  if (first === undefined) return done('max-steps', undefined, undefined, outOfSteps);
  if (first === 'unknown') return done('no-answer', undefined, undefined, unknownAt(low));
  if (first === 'rejected') {
    const why = `the smallest value tried (${low}) was rejected: no limit pinned; the rejection may have another cause than a limit`;
    return done('low-rejected', undefined, low, why);
  }
  const last = await ask(high);
  if (last === undefined) return done('max-steps', low, undefined, outOfSteps);
  if (last === 'unknown') return done('no-answer', low, undefined, unknownAt(high));
  if (last === 'accepted') {
    return done('high-accepted', high, undefined, `accepted up to the largest value tried (${high}): the limit, if any, is higher`);
  }

  let accepted = low;
  let rejected = high;
  while (rejected - accepted > 1) {
    const mid = accepted + Math.floor((rejected - accepted) / 2);
    const answer = await ask(mid);
    if (answer === undefined) {
      return done('max-steps', accepted, rejected, `${outOfSteps}: the limit lies between ${accepted} and ${rejected - 1}`);
    }
    if (answer === 'unknown') return done('no-answer', accepted, rejected, unknownAt(mid));
    if (answer === 'accepted') accepted = mid;
    else rejected = mid;
  }
  return done('exact', accepted, rejected);
}
