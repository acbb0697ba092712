import type { PresenceAnswer } from '../rule/answer.js';
import { settle, type AskAnswer, type IntermittentNote, type IntermittentRefusals, type SettleOptions } from './settle.js';
import { bisect, type AskMode, type StepAnswer } from './bisect.js';
import type { LimitResult, LimitStep } from './limit-result.js';
import { statedNumbers } from './stated-limit.js';
/**
 * Bisection for the largest value a target accepts (the longest lifetime to the minute,
 * the longest clientState to the character). It assumes the answers are monotone: every value up to
 * the limit accepted, every one above rejected. It never guesses: an answer it could not get ends
 * the search with what was established so far.
 *
 * Two ways to ask a step. `findLimit` takes each answer as it comes (an `unknown` asked once more): the renewal
 * search, whose refusals are not evidence for a rule. `findLimitSettled` never rests a limit on one answer
 * (./settle.ts): a refusal of a kind this search has not confirmed yet is asked again until it is (a kind it confirmed
 * counts at once on the halvings), a refusal a 2xx contradicts was intermittent, and the limit is stated only once
 * both edges are settled on their own, asked one right after the other (no kind counted from other values, and a
 * lifetime measured from each request's arrival has no time to move between the two); a contradiction that persists
 * ends the search undetermined, with the evidence, never a number.
 *
 * Known limits first: a number a refusal's message states ("can only be 4230 minutes in the future") or the
 * operation's description documents is a candidate, checked at its edges (the candidate accepted, the next value
 * refused) before any halving; the halvings go on only where those answers disagree, so a stated limit costs a few
 * asks and is never taken on the message's word.
 */

export type { CandidateSource, LimitEnd, LimitResult, LimitStep } from './limit-result.js';

/** Probes enough for integer precision over [low, high]: the two ends, the halvings, and two retries. */
export function defaultMaxSteps(low: number, high: number): number {
  return 2 + Math.ceil(Math.log2(Math.max(2, high - low))) + 2;
}

/**
 * Asks enough for a settled search on a target whose refusals name nothing: the plain search's (its two retries the
 * room for one intermittent refusal), the first refusal's two more asks, the edges settled on their own (the lower
 * once more, the upper three times), and a candidate that is not the limit (its two values and the next one's two
 * more asks, less the halving it saves).
 */
export function defaultSettledSteps(low: number, high: number): number {
  return defaultMaxSteps(low, high) + 2 + 4 + 6;
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
 * tried), then checks each candidate at its edges (`candidates`: a limit known from elsewhere), then halves the gap.
 * An `unknown` answer is asked once more; a second `unknown` stops the search. At most `maxSteps` probes are made.
 */
export async function findLimit(
  probe: (x: number) => Promise<PresenceAnswer>,
  low: number,
  high: number,
  maxSteps: number = defaultMaxSteps(low, high),
  candidates: readonly number[] = [],
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
  return bisect({ steps, maxSteps, step, confirmEdges: false, documented: candidates }, low, high);
}

export interface SettledSearchOptions {
  /** Kinds of refusal the run has seen on bodies the target also accepted; this search adds those it sees. */
  seen: IntermittentRefusals;
  maxSteps?: number;
  /** The unit of x ("minutes"): a number a refusal states followed by it is the first candidate. */
  unit?: string;
  /** Limits the operation's description documents: candidates checked at their edges before any halving. */
  documented?: readonly number[];
  /** The limit a baseline of the same target recorded: checked at its edges first. */
  recorded?: readonly number[];
  /**
   * Numbers a settled refusal of `x` points to besides what its message states (the handshake deadline: the seconds
   * the target took to refuse a hold): candidates too, checked at their edges like a stated number, never taken on
   * their word. Called once the refusal is settled.
   */
  pointsTo?: (x: number) => readonly number[];
  /** The recorded and documented candidates are checked right after `low`, before `high` (lib/values/bisect.ts). */
  candidatesFirst?: boolean;
  /** Before a refusal naming nothing counts at a step (./settle.ts): the field's base body checked (./base-controls.ts). */
  beforeCounting?: SettleOptions['beforeCounting'];
}

/**
 * `findLimit` for a limit a report states: each step settled (./settle.ts) over `probe`'s answers, a refusal of a kind
 * this search already confirmed counting at once on a halving (a limit's refusals say the same thing of each value
 * past it), the numbers each refusal states checked first, and the limit stated only when both edges, each settled on
 * its own, agree.
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
  const step = async (x: number, mode: AskMode): Promise<StepAnswer> => {
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
        {
          seen: o.seen,
          ...(o.beforeCounting !== undefined ? { beforeCounting: o.beforeCounting } : {}),
          ...(mode === 'again-accepted' ? { acceptedBefore: true } : {}),
          // An edge is settled on its own: a kind confirmed on other values does not count there at once.
          ...(mode === 'step' ? { confirmedKinds: confirmed } : {}),
        },
      );
      if (settled.intermittent !== undefined) contradicted.push(settled.intermittent);
      const decisive = settled.decisive;
      if (settled.verdict === 'undetermined') return { kind: 'undetermined', why: `${x}: ${settled.why ?? 'undetermined'}` };
      if (settled.verdict !== 'rejected' || decisive.outcome !== 'rejected') return { kind: settled.verdict };
      return refusedStep(decisive, x, confirmed, o);
    } catch (error) {
      if (error === OUT_OF_STEPS || error === OUT_OF_ASKS) return { kind: 'out-of-steps' };
      throw error;
    }
  };
  const intermittent = (): IntermittentNote | undefined => intermittentOf(contradicted, asks);
  return bisect(
    {
      steps,
      maxSteps,
      step,
      confirmEdges: true,
      documented: o.documented ?? [],
      recorded: o.recorded ?? [],
      intermittent,
      ...(o.candidatesFirst === true ? { candidatesFirst: true } : {}),
    },
    low,
    high,
  );
}

/**
 * A step's settled refusal: confirmed here, by its own asks, so on the halvings one ask of its kind counts (the edges
 * settle again); trusted when it names the field or another value confirmed its kind; with the numbers it points to.
 */
function refusedStep(
  decisive: Extract<AskAnswer, { outcome: 'rejected' }>,
  x: number,
  confirmed: Set<string>,
  o: SettledSearchOptions,
): StepAnswer {
  const trusted = decisive.namesField || confirmed.has(decisive.kind.key);
  confirmed.add(decisive.kind.key);
  const stated = decisive.message === undefined ? [] : statedNumbers(decisive.message, o.unit ?? '');
  // What the search measured itself first: it knows how its candidate was found (and may have sent its asks).
  return { kind: 'rejected', stated: [...(o.pointsTo?.(x) ?? []), ...stated], trusted };
}

/** The refusals later 2xx contradicted, of the first kind seen, counted over the search's asks. */
function intermittentOf(contradicted: readonly IntermittentNote[], asks: number): IntermittentNote | undefined {
  const first = contradicted[0];
  if (first === undefined) return undefined;
  const refused = contradicted.filter((c) => c.shown === first.shown).reduce((n, c) => n + c.refused, 0);
  return { shown: first.shown, refused, asks };
}

const OUT_OF_STEPS = Symbol('out of steps');

/**
 * What a settled search's probe throws when it may send no more (its own budget spent, e.g. on asks sent ahead that
 * the walk did not use): the search ends as it does at `maxSteps`, with what it established.
 */
export const OUT_OF_ASKS: unique symbol = Symbol('out of asks');
