/**
 * The longest renewal a target accepts, by bisection (lib/values/find-limit.ts) over an injected renew: where it looks
 * follows the first renewal's answer (up from it when accepted, down to one minute when refused for its length:
 * findings.ts renewalRange), and what it found is read from the answers alone. Where it looks first is the one finding
 * of the lifetime limit: the longest lifetime the value suite pinned for a create, and any number the first renewal's
 * refusal states, each checked at its edges before any halving. It sends only through the function it is given, so a
 * test hands it any target's answers.
 */
import { isSuccessStatus } from '../http/status.js';
import type { Exchange } from '../http/types.js';
import { classifyAnswer } from '../answer/classify.js';
import { defaultMaxSteps, findLimit } from '../values/find-limit.js';
import { limitAnswerOf } from '../values/limit-answer.js';
import { statedNumbers } from '../values/stated-limit.js';
import { longestRenewal, renewalRange, renewalWords, type RenewalEdge } from './findings.js';
import { operationFact } from './judge.js';
import type { LifecycleFacts } from './types.js';

export interface RenewalSearchInput {
  /** The first renewal's answer, `firstMinutes` ahead. */
  first: Exchange;
  firstMinutes: number;
  /** The longest lifetime a create got, when the value suite pinned it: a renewal is unlikely to outlast it. */
  createLimit: number | undefined;
  /** The top of the description's lifetime limit. */
  describedHigh: number;
}

export interface RenewalFound {
  /** What the report keeps: the longest renewal accepted, the answer just past it. */
  renewal: Pick<LifecycleFacts['renewal'], 'longestAcceptedMinutes' | 'pastLimit'>;
  /** `; longest renewal accepted: ..., by bisection between ... (n PATCHes)`, for the renew finding. */
  words: string;
  /** The refusal just past the longest renewal, when it is not the first renewal's answer. */
  pastLimit?: Exchange;
  /** The longest renewal accepted when the first was refused: renew is there, for shorter renewals. */
  shorterAccepted?: Exchange;
}

/** Undefined when the first answer says nothing of a length (not supported, throttled, a server error, no answer). */
export async function searchRenewal(
  renew: (minutes: number) => Promise<Exchange>,
  input: RenewalSearchInput,
): Promise<RenewalFound | undefined> {
  const range = renewalRange(operationFact('', '', input.first), input.firstMinutes, input.createLimit, input.describedHigh);
  if (range === undefined) return undefined;
  const sent = new Map<number, Exchange>([[input.firstMinutes, input.first]]);
  let patches = 0;
  const result = await findLimit(
    async (minutes) => {
      // The first renewal's answer is known: asked again only when the search needs it twice (an unknown answer).
      const known = sent.get(minutes);
      if (known !== undefined && limitAnswerOf(known) !== 'unknown') return limitAnswerOf(known);
      const exchange = await renew(minutes);
      patches += 1;
      sent.set(minutes, exchange);
      return limitAnswerOf(exchange);
    },
    range.low,
    range.high,
    defaultMaxSteps(range.low, range.high),
    candidatesOf(input),
  );
  const edge = result.smallestRejected === undefined ? undefined : sent.get(result.smallestRejected);
  const pastLimit: RenewalEdge | undefined =
    edge === undefined ? undefined : { status: edge.status, code: operationFact('', '', edge).code ?? null };
  const longest = result.largestAccepted === undefined ? undefined : sent.get(result.largestAccepted);
  return {
    renewal: { longestAcceptedMinutes: longestRenewal(result), pastLimit: pastLimit ?? null },
    words: renewalWords(result, pastLimit, range, patches),
    ...(edge !== undefined && edge !== input.first ? { pastLimit: edge } : {}),
    ...(!isSuccessStatus(input.first.status) && longest !== undefined ? { shorterAccepted: longest } : {}),
  };
}

/** The create's pinned lifetime, then the numbers the first renewal's refusal states (in minutes first). */
function candidatesOf(input: RenewalSearchInput): number[] {
  const message = isSuccessStatus(input.first.status) ? undefined : classifyAnswer(input.first).errorMessage;
  const stated = message === undefined ? [] : statedNumbers(message, 'minutes');
  return [...new Set([...(input.createLimit !== undefined ? [input.createLimit] : []), ...stated])];
}
