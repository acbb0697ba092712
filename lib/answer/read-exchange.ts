/**
 * The one reading of an exchange every judge starts from: the target's status, a hang, or no verdict and
 * why. The judges differ only in what they make of each (their policies stand above them: the presence
 * outcome in ./classify.ts, the protocol cases in lib/protocol/answer.ts, the properties in
 * lib/properties/check-result.ts).
 */
import { failureText } from '../http/answer-text.js';
import type { Exchange, FailureKind } from '../http/types.js';

export type ExchangeReading =
  /** The target answered with this status; `afterRetries` when it was a 5xx that outlasted the engine's retries. */
  | { kind: 'status'; status: number; afterRetries: boolean }
  /** No answer within REQUEST_TIMEOUT_MS, after the engine's retries: the target's doing, or the network's. */
  | { kind: 'hang'; reason: string }
  /** Nothing the target said about the request: the network, throttling, the run's limits, the token, an answer that was not HTTP. */
  | { kind: 'no-verdict'; reason: string; failure?: FailureKind };

export function readExchange(exchange: Exchange): ExchangeReading {
  const { failure, status } = exchange;
  if (failure?.kind === 'timeout') return { kind: 'hang', reason: failureText(failure) };
  if (status !== null && (failure === undefined || failure.kind === 'server'))
    return { kind: 'status', status, afterRetries: failure !== undefined };
  if (failure === undefined) return { kind: 'no-verdict', reason: 'no HTTP answer' };
  return { kind: 'no-verdict', reason: failureText(failure), failure: failure.kind };
}

/**
 * The engine denied the request before any attempt (the run's budget or time spent, a stop, no token): the target
 * never saw it, so it is no answer at all, not even "no verdict" of the target on this body.
 */
const neverSent = (exchange: Exchange): boolean => exchange.attempts === 0 && exchange.failure !== undefined;

/** An ask of one or more requests none of which the engine sent: no answer at all. */
export const noneSent = (exchanges: readonly Exchange[]): boolean => exchanges.length > 0 && exchanges.every(neverSent);
