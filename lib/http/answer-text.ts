/**
 * The one wording of what an exchange got back, for findings, notes and cleanup lines: a status, or
 * the engine's failure named by its kind, so that a reader can tell the network's doing from the target's.
 */
import type { Exchange, Failure } from './types.js';

/** `timeout: no answer within 30000 ms`: the kind first, then the engine's message. */
export const failureText = (failure: Failure): string => `${failure.kind}: ${failure.message}`;

/** `201`, or `no answer` where the target gave no status. */
export const statusOrNoAnswer = (status: number | null): string => (status === null ? 'no answer' : String(status));

/** `answered 404`, or the failure when there was one (`network: ECONNRESET`); `answered nothing` otherwise. */
export const answerText = (exchange: Exchange): string =>
  exchange.failure !== undefined ? failureText(exchange.failure) : `answered ${exchange.status ?? 'nothing'}`;

/** Statuses seen, counted, in status order: `201 x7, 400 x13, no answer x1`. */
export function statusTally(statuses: readonly (number | null)[]): string {
  const counts = new Map<number | null, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => (a ?? Infinity) - (b ?? Infinity))
    .map(([status, n]) => `${statusOrNoAnswer(status)} x${n}`)
    .join(', ');
}
