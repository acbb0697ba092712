/**
 * The handshake deadline's search: the longest hold of the receiver's answer to the validation request that the target
 * still accepts, in whole seconds from 0 to `top`, by the settled limit search (lib/values/find-limit.ts: a refusal
 * asked again until it is confirmed, the edges settled on their own), its waiting overlapped.
 *
 * Every ask waits: an accepted create the hold, a refused one the target's own deadline. So the walk is the settled
 * search's, and the asks it will make next are sent ahead (lib/values/ask-ahead.ts): the first refusal of a hold (the
 * top, without a documented deadline) took the target about its deadline to give, so the second under that time, measured past a create held 0 s,
 * is a candidate (timedCandidate), checked at its edges like a number a refusal states; the top's next ask and the candidate's
 * edges are sent at once, up to `parallel` in flight. On a target that answers as its refusal's time says, the search
 * takes about two deadlines (the top refused; then the top again, the candidate accepted and the next second refused
 * twice) and six creates; when the candidate is wrong, the walk goes on halving, one ask at a time, within the same
 * bound of creates (deadlineCreates), the asks sent ahead and not used counted in it.
 *
 * A deadline the vendor documents comes first: its candidate's edges are sent at once right after the first create,
 * and the top is asked only when they do not pin the deadline, so a target that keeps its documentation's deadline
 * is measured in one wait of it and four creates; one that does not costs a wait more than the search without it.
 */
import type { Exchange } from '../http/types.js';
import { askAnswerOf } from '../values/ask-value.js';
import { AskAhead } from '../values/ask-ahead.js';
import { findLimitSettled } from '../values/find-limit.js';
import { IntermittentRefusals } from '../values/settle.js';
import { deadlineCreates, type DeadlineSearch } from './handshake-deadline.js';

export interface DeadlineSearchOptions {
  /** One create with the receiver holding its validation answer `seconds`; what it made is deleted before it resolves. */
  send: (seconds: number) => Promise<Exchange>;
  /** The longest hold tried (deadlineTopSeconds). */
  top: number;
  /** Most creates in flight at once. */
  parallel: number;
  /** The operation's field names, to read whether a refusal names the notification URL's field. */
  fields: readonly string[];
  /** The field that carries the notification URL (lib/operation/notification-field.ts): a refusal naming it is confirmed on its second ask. */
  field: string;
  /** False when the target sent the receiver no validation request for the first create (held 0 s): nothing to search. */
  validated: () => Promise<boolean>;
  /**
   * Deadlines the vendor documents, in seconds (the operation's validationDeadlineSeconds): a deadline of D is the
   * candidate D - 1, checked at its edges right after the first create and before the top, so that a documented
   * deadline the target keeps costs one wait of it; never taken on the documentation's word.
   */
  documented?: readonly number[];
}

/** The longest holds accepted that documented deadlines point to, inside [0, top - 1], in the order given. */
export function documentedCandidates(deadlines: readonly number[], top: number): number[] {
  return [...new Set(deadlines.filter((d) => Number.isInteger(d) && d >= 1 && d <= top).map((d) => d - 1))];
}

/**
 * The second under the time a refusal took, less a create held 0 s (the round trips both have), rounded: the refusal
 * comes a little after a deadline of whole seconds (a timer fires late) or a little before it (the receiver's answer
 * needs its own round trip too), so a deadline of 5 s is read as 5 either way, and the longest hold accepted as 4.
 * Inside [0, top - 1].
 */
export function timedCandidate(refusedMs: number, unheldMs: number, top: number): number {
  const seconds = Math.round((refusedMs - unheldMs) / 1000) - 1;
  return Math.min(Math.max(seconds, 0), top - 1);
}

/**
 * What the walk asks next when a refusal of `seconds` gives `candidate`, if the candidate holds: this hold until its
 * refusal is confirmed, the candidate, the next second until its refusal is confirmed on its own (a refusal naming the
 * field on its second ask, else its third).
 */
function askedAfterRefusal(seconds: number, candidate: number, namesField: boolean): number[] {
  const confirm = namesField ? 2 : 3;
  return [...Array<number>(confirm - 1).fill(seconds), candidate, ...Array<number>(confirm).fill(candidate + 1)];
}

/** Wall time of an exchange sent once, with no retry or wait inside it; undefined otherwise. */
const onceMs = (e: Exchange): number | undefined => (e.attempts === 1 && e.status !== null ? e.durationMs : undefined);

export async function searchDeadline(o: DeadlineSearchOptions): Promise<DeadlineSearch> {
  const sent = new Map<number, Exchange>();
  const creates: Exchange[] = [];
  const max = deadlineCreates(o.top);
  const asks = new AskAhead(
    async (seconds) => {
      const exchange = await o.send(seconds);
      creates.push(exchange);
      return exchange;
    },
    { max, parallel: o.parallel },
  );
  let first = true;
  let unheldMs: number | undefined;
  let candidate: number | undefined;
  let timedFrom: number | undefined;
  const documented = documentedCandidates(o.documented ?? [], o.top);
  const noValidation = Symbol('no validation request');
  const searched = { topSeconds: o.top, sent, creates, ...(o.documented !== undefined ? { documented: o.documented } : {}) };
  const probe = async (seconds: number) => {
    const exchange = await asks.ask(seconds);
    sent.set(seconds, exchange);
    const answer = askAnswerOf(exchange, o.field, o.fields);
    if (first) {
      // Held 0 s, asked alone: a target that sends no validation request makes no hold matter, and the search stops.
      first = false;
      if (!(await o.validated())) throw noValidation;
      unheldMs = onceMs(exchange);
      // The walk's next asks when a deadline is documented: its candidate, and the next second until refused twice (a
      // refusal naming the field is confirmed on its second ask; a third, when needed, is asked when the walk gets there).
      const known = documented[0];
      if (known !== undefined) asks.ahead([known, known + 1, known + 1]);
    }
    const took = onceMs(exchange);
    if (seconds > 0 && candidate === undefined && answer.outcome === 'rejected' && took !== undefined && unheldMs !== undefined) {
      // Any hold refused took the target about its deadline to refuse: the first one gives the candidate.
      candidate = timedCandidate(took, unheldMs, o.top);
      timedFrom = seconds;
      // Nothing sent ahead when the candidate is the documented one, whose asks are on their way already.
      if (!documented.includes(candidate)) asks.ahead(askedAfterRefusal(seconds, candidate, answer.namesField));
    }
    return answer;
  };
  try {
    const result = await findLimitSettled(probe, 0, o.top, {
      seen: new IntermittentRefusals(),
      maxSteps: max,
      pointsTo: (seconds) => (seconds === timedFrom && candidate !== undefined ? [candidate] : []),
      documented,
      candidatesFirst: documented.length > 0,
    });
    await asks.settled();
    return { result, ...searched };
  } catch (error) {
    await asks.settled();
    if (error !== noValidation) throw error;
    return { result: undefined, ...searched };
  }
}
