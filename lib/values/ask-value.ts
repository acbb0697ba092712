/**
 * One value of one field in an otherwise accepted body, asked until its answer is settled (./settle.ts): the base
 * body was accepted, so a refusal of the value disagrees with it and is asked again before it counts. The value
 * suite's cases and its self-tests both ask through here.
 */
import type { Exchange } from '../http/types.js';
import { classifyAnswer } from '../answer/classify.js';
import { messagePattern, namedInError } from '../inference/message-pattern.js';
import { sentValues } from '../inference/mask-values.js';
import { kindOf } from '../protocol/refusal-kind.js';
import { settle, type AskAnswer, type IntermittentRefusals, type Settled } from './settle.js';

/** Characters of a message an intermittent refusal is shown with. */
const SHOWN_CHARS = 200;

/** One answer as the settling reads it: the kind of a refusal, whether it names `field`, and its words. */
export function askAnswerOf(exchange: Exchange, field: string, fields: readonly string[]): AskAnswer {
  const answer = classifyAnswer(exchange);
  if (answer.outcome === 'accepted') return { outcome: 'accepted' };
  if (answer.outcome !== 'rejected' || exchange.status === null) return { outcome: 'unknown' };
  const message = answer.errorMessage;
  // The value asked about, where the refusal quotes it, is masked: the same refusal of another value is the same kind.
  const pattern = message === undefined ? undefined : messagePattern(message, fields, sentValues(exchange.requestBody));
  const kind = kindOf(exchange.status, answer.errorCode, pattern);
  const cut = message === undefined ? undefined : message.length > SHOWN_CHARS ? `${message.slice(0, SHOWN_CHARS)}...` : message;
  const shown = `${exchange.status}${answer.errorCode === undefined ? '' : ` ${answer.errorCode}`}${cut === undefined ? '' : ` ${JSON.stringify(cut)}`}`;
  return {
    outcome: 'rejected',
    kind,
    namesField: namedInError(answer, fields).includes(field),
    shown,
    ...(message !== undefined ? { message } : {}),
  };
}

/**
 * Sends the value (`send` sends the body once and undoes what it created) until its answer is settled. The
 * verdict is judged on `decisive`; an `undetermined` answer is the value's `unstable` outcome.
 */
export function askValue(
  send: () => Promise<Exchange>,
  o: { field: string; fields: readonly string[]; seen: IntermittentRefusals; maxAsks?: number },
): Promise<Settled<Exchange>> {
  return settle(send, (e) => askAnswerOf(e, o.field, o.fields), {
    seen: o.seen,
    ...(o.maxAsks !== undefined ? { maxAsks: o.maxAsks } : {}),
  });
}
