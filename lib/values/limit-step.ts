/**
 * One ask of a limit search's step, as the value suite and its self-tests send it. The value is built from a fresh
 * moment right before each ask, so a lifetime (measured by the target from the request's arrival) is x units from the
 * send, not from when the search reached the step. An answer that came so late that the lifetime the target saw may
 * be x less a good part of a unit says x was accepted only if it came in time: a 2xx that late is asked again with a
 * fresh moment (at most twice more), and is no answer when every ask was that late. A refusal that late still counts
 * (a shorter lifetime refused: x, longer, is refused too).
 */
import type { Exchange } from '../http/types.js';
import type { ValueContext } from '../operation/types.js';
import { askAnswerOf } from './ask-value.js';
import type { AskAnswer } from './settle.js';

/** Milliseconds of a unit of time a lifetime limit is counted in; undefined for a unit that is not one. */
const UNIT_MS: Record<string, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

/** Asks of one step when the answers come late. */
const MOST_ASKS = 3;

export interface LimitStepAsk {
  answer: AskAnswer;
  /** The ask the answer rests on. */
  exchange: Exchange;
}

/** How long after the value was built the answer came: an upper bound on what the trip took off the lifetime. */
export function answerLagMs(exchange: Pick<Exchange, 'startedAt' | 'durationMs'>, built: Date): number {
  const started = Date.parse(exchange.startedAt);
  return (Number.isFinite(started) ? started : built.getTime()) + Math.max(0, exchange.durationMs) - built.getTime();
}

/** Whether a 2xx to a value built at `built` came soon enough to speak for its step (a unit of time: within half a unit). */
export function answeredInTime(exchange: Pick<Exchange, 'startedAt' | 'durationMs'>, built: Date, unit: string): boolean {
  const unitMs = UNIT_MS[unit];
  return unitMs === undefined || answerLagMs(exchange, built) <= unitMs / 2;
}

/**
 * Sends one step: `send` builds the body from the context it is given, sends it once and undoes what it created, and
 * returns the create's exchange. `unit` is the limit's; a unit of time makes late 2xx answers asked again.
 */
export async function askLimitStep(
  send: (ctx: ValueContext) => Promise<Exchange>,
  fresh: () => ValueContext,
  o: { unit: string; field: string; fields: readonly string[] },
): Promise<LimitStepAsk> {
  const unitMs = UNIT_MS[o.unit];
  let last: LimitStepAsk | undefined;
  for (let ask = 0; ask < (unitMs === undefined ? 1 : MOST_ASKS); ask += 1) {
    const ctx = fresh();
    const exchange = await send(ctx);
    const answer = askAnswerOf(exchange, o.field, o.fields);
    if (unitMs === undefined || answer.outcome !== 'accepted' || answerLagMs(exchange, ctx.now) <= unitMs / 2) return { answer, exchange };
    last = { answer: { outcome: 'unknown' }, exchange };
  }
  if (last === undefined) throw new Error('askLimitStep: no ask was made');
  return last;
}
