import type { PresenceAnswer } from '../rule/answer.js';
import { settle, type AskAnswer, type IntermittentNote, type IntermittentRefusals } from './settle.js';
/**
 * Bisection for the largest value a target accepts (the longest lifetime to the minute,
 * the longest clientState to the character). It assumes the answers are monotone: every value up to
 * the limit accepted, every one above rejected. It never guesses: an answer it could not get ends
 * the search with what was established so far.
 *
 * Two ways to ask a step. `findLimit` takes each answer as it comes (an `unknown` asked once more): the renewal
 * search, whose refusals are not evidence for a rule. `findLimitSettled` never rests a limit on one answer
 * (./settle.ts): a refusal of a kind this search has not confirmed yet is asked again until it is, a refusal a 2xx
 * contradicts was intermittent, and the limit is stated only once both edges agree on a second ask; a contradiction
 * that persists ends the search undetermined, with the evidence, never a number.
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
  | 'max-steps'
  /** The answers for one value contradicted each other on asking again: no limit is stated. */
  | 'undetermined';

export interface LimitResult {
  end: LimitEnd;
  /** Largest value seen accepted; when `end` is 'exact', the limit. Undefined when none was. */
  largestAccepted: number | undefined;
  /** Smallest value seen rejected. Undefined when none was. */
  smallestRejected: number | undefined;
  /** Probes made, retries of unknown answers and second asks included. */
  probes: number;
  /** Every probe in order. */
  steps: LimitStep[];
  /** What stopped the search short of an exact limit, or why there is none, in plain words. */
  note?: string;
  /** A refusal the target gave a value it also accepted, over the search's asks (settled searches only). */
  intermittent?: IntermittentNote;
}

/** Probes enough for integer precision over [low, high]: the two ends, the halvings, and two retries. */
export function defaultMaxSteps(low: number, high: number): number {
  return 2 + Math.ceil(Math.log2(Math.max(2, high - low))) + 2;
}

/**
 * Asks enough for a settled search: the plain search's, plus a second ask of the first refusal of each kind (a
 * message that does not name the field a third), of both edges, and room for an intermittent refusal or two.
 */
export function defaultSettledSteps(low: number, high: number): number {
  return defaultMaxSteps(low, high) + 12;
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

/** A step's answer: settled, or why the search cannot go on. */
type StepAnswer = { kind: 'accepted' | 'rejected' } | { kind: 'unknown' | 'out-of-steps' } | { kind: 'undetermined'; why: string };

interface Search {
  steps: LimitStep[];
  maxSteps: number;
  /** The answer for x; `again`: x was answered before and this asks it once more (an edge's second ask). */
  step: (x: number, again?: 'accepted' | 'rejected') => Promise<StepAnswer>;
  /** Ask each edge again before an exact limit is stated. */
  confirmEdges: boolean;
  intermittent?: () => IntermittentNote | undefined;
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
  const step = async (x: number): Promise<StepAnswer> => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (steps.length >= maxSteps) return { kind: 'out-of-steps' };
      const answer = await probe(x);
      steps.push({ x, answer });
      if (answer !== 'unknown') return { kind: answer };
    }
    return { kind: 'unknown' };
  };
  return bisect({ steps, maxSteps, step, confirmEdges: false }, low, high);
}

export interface SettledSearchOptions {
  /** Kinds of refusal the run has seen on bodies the target also accepted; this search adds those it sees. */
  seen: IntermittentRefusals;
  maxSteps?: number;
}

/**
 * `findLimit` for a limit a report states: each step settled (./settle.ts) over `probe`'s answers, a refusal naming
 * the field of a kind this search already confirmed counting at once (a limit's refusals say the same thing of each
 * value past it),
 * and the limit stated only when both edges agree on a second ask.
 */
export async function findLimitSettled(
  probe: (x: number) => Promise<AskAnswer>,
  low: number,
  high: number,
  o: SettledSearchOptions,
): Promise<LimitResult> {
  const maxSteps = o.maxSteps ?? defaultSettledSteps(low, high);
  checkArguments(low, high, maxSteps);
  const steps: LimitStep[] = [];
  const confirmed = new Set<string>();
  let asks = 0;
  const contradicted: IntermittentNote[] = [];
  const step = async (x: number, again?: 'accepted' | 'rejected'): Promise<StepAnswer> => {
    try {
      const settled = await settle(
        async () => {
          if (steps.length >= maxSteps) throw OUT_OF_STEPS;
          const answer = await probe(x);
          steps.push({ x, answer: answer.outcome });
          asks += 1;
          return answer;
        },
        (a) => a,
        { seen: o.seen, ...(again === 'accepted' ? { acceptedBefore: true } : {}), confirmedKinds: confirmed },
      );
      if (settled.intermittent !== undefined) contradicted.push(settled.intermittent);
      const decisive = settled.decisive;
      // Only a refusal that names the field speaks for every value past the limit; one about nothing in the body
      // may be a backend failing now and then, confirmed by chance, and is asked again wherever it comes.
      if (settled.verdict === 'rejected' && decisive.outcome === 'rejected' && decisive.namesField) confirmed.add(decisive.kind.key);
      if (settled.verdict === 'undetermined') return { kind: 'undetermined', why: `${x}: ${settled.why ?? 'undetermined'}` };
      return { kind: settled.verdict };
    } catch (error) {
      if (error === OUT_OF_STEPS) return { kind: 'out-of-steps' };
      throw error;
    }
  };
  const intermittent = (): IntermittentNote | undefined => {
    const first = contradicted[0];
    if (first === undefined) return undefined;
    const refused = contradicted.filter((c) => c.shown === first.shown).reduce((n, c) => n + c.refused, 0);
    return { shown: first.shown, refused, asks };
  };
  return bisect({ steps, maxSteps, step, confirmEdges: true, intermittent }, low, high);
}

const OUT_OF_STEPS = Symbol('out of steps');

async function bisect(s: Search, low: number, high: number): Promise<LimitResult> {
  const done = (end: LimitEnd, accepted: number | undefined, rejected: number | undefined, note?: string): LimitResult => {
    const intermittent = s.intermittent?.();
    return {
      end,
      largestAccepted: accepted,
      smallestRejected: rejected,
      probes: s.steps.length,
      steps: s.steps,
      ...(note !== undefined ? { note } : {}),
      ...(intermittent !== undefined ? { intermittent } : {}),
    };
  };
  const outOfSteps = `stopped after ${s.maxSteps} requests (the most allowed)`;
  const unknownAt = (x: number): string => `no answer for ${x} after a retry: search stopped, nothing inferred past what was seen`;
  /** The end for an answer that stops the search; undefined for accepted and rejected. */
  const stop = (a: StepAnswer, x: number, accepted: number | undefined, rejected: number | undefined): LimitResult | undefined => {
    switch (a.kind) {
      case 'out-of-steps': {
        const between = accepted !== undefined && rejected !== undefined ? `: the limit lies between ${accepted} and ${rejected - 1}` : '';
        return done('max-steps', accepted, rejected, `${outOfSteps}${between}`);
      }
      case 'unknown':
        return done('no-answer', accepted, rejected, unknownAt(x));
      case 'undetermined':
        return done('undetermined', accepted, rejected, `the answers for ${a.why}; no limit is stated`);
      default:
        return undefined;
    }
  };

  const first = await s.step(low);
  const lowStop = stop(first, low, undefined, undefined);
  if (lowStop !== undefined) return lowStop;
  if (first.kind === 'rejected') {
    const why = `the smallest value tried (${low}) was rejected: no limit pinned; the rejection may have another cause than a limit`;
    return done('low-rejected', undefined, low, why);
  }
  const last = await s.step(high);
  const highStop = stop(last, high, low, undefined);
  if (highStop !== undefined) return highStop;
  if (last.kind === 'accepted') {
    return done('high-accepted', high, undefined, `accepted up to the largest value tried (${high}): the limit, if any, is higher`);
  }

  let accepted = low;
  let rejected = high;
  /** Values rejected so far: a rejection a second ask overturns falls back to the next one above. */
  const rejections = [high];
  for (;;) {
    while (rejected - accepted > 1) {
      const mid = accepted + Math.floor((rejected - accepted) / 2);
      const answer = await s.step(mid);
      const midStop = stop(answer, mid, accepted, rejected);
      if (midStop !== undefined) return midStop;
      if (answer.kind === 'accepted') accepted = mid;
      else rejections.push((rejected = mid));
    }
    if (!s.confirmEdges) break;
    // Both sides of the limit agree on a second ask before it is stated.
    const lower = await s.step(accepted, 'accepted');
    const lowerStop = stop(lower, accepted, accepted, rejected);
    if (lowerStop !== undefined) return lowerStop;
    if (lower.kind !== 'accepted') {
      return done(
        'undetermined',
        accepted,
        rejected,
        `the answers for ${accepted}: accepted first, then rejected when asked again; no limit is stated`,
      );
    }
    const upper = await s.step(rejected, 'rejected');
    const upperStop = stop(upper, rejected, accepted, rejected);
    if (upperStop !== undefined) return upperStop;
    if (upper.kind === 'rejected') break;
    // A 2xx overturns the rejection (it was intermittent): the limit is above, below the next value rejected.
    accepted = rejected;
    rejected = Math.min(...rejections.filter((x) => x > accepted));
    if (!Number.isFinite(rejected)) {
      return done(
        'undetermined',
        accepted,
        undefined,
        `the answers for ${accepted}: rejected first, then accepted when asked again; no limit is stated`,
      );
    }
  }
  return done('exact', accepted, rejected);
}
