/**
 * A kind of refusal: its status, error code and message pattern (the fields a message names, the values the request
 * sent where it repeats them, and its numbers masked: lib/inference/message-pattern.ts). The report's rejection groups, each suite's "refusals" case and the
 * run's one finding per kind (./once-per-kind.ts) all key refusals so, so that they name the same kinds.
 */
import { classifyAnswer } from '../answer/classify.js';
import type { Exchange } from '../http/types.js';
import { messagePattern } from '../inference/message-pattern.js';
import { sentValues } from '../inference/mask-values.js';

export interface RefusalKind {
  /** Status, error code and pattern, as one comparable string. */
  key: string;
  /** The kind in words: `422 "Field required: <field>"`. */
  label: string;
}

/** The kind of a refused answer (a 4xx the presence reading calls rejected); undefined for any other answer. */
export function refusalKind(exchange: Exchange, fields: readonly string[]): RefusalKind | undefined {
  const answer = classifyAnswer(exchange);
  const status = exchange.status;
  if (answer.outcome !== 'rejected' || status === null) return undefined;
  const sent = sentValues(exchange.requestBody);
  return kindOf(
    status,
    answer.errorCode,
    answer.errorMessage === undefined ? undefined : messagePattern(answer.errorMessage, fields, sent),
  );
}

export function kindOf(status: number, errorCode: string | undefined, pattern: string | undefined): RefusalKind {
  return {
    key: JSON.stringify([status, errorCode ?? null, pattern ?? null]),
    label: `${status}${errorCode === undefined ? '' : ` ${errorCode}`}${pattern === undefined ? '' : ` "${pattern}"`}`,
  };
}
