/**
 * One reading of a server error, in every suite: a 5xx that outlasted the engine's retries, to a request a
 * client can send, DEVIATES, whatever the request (a well-formed body, a malformed one, one without a token, a
 * body without Content-Type, another method, a read or a renewal). The spec gives a create two outcomes, accepted
 * or an error response (spec §4: "status 400 with a JSON error object", spec §7); a 5xx is neither, and it
 * tells the client nothing it can act on. This is the reading of Schemathesis' `not_a_server_error` check. A
 * 5xx the engine retried away is not one (the retry got an answer), nor is a 503 or 429 that kept asking to
 * wait (throttled: no verdict, an ERROR), nor a hang (the properties suite judges hangs).
 */
import { readExchange } from '../answer/read-exchange.js';
import type { Exchange } from '../http/types.js';
import { describeAnswer } from './answer.js';
import type { Judgement } from './judgement.js';

export const SERVER_ERROR_REF = 'spec §4, §7 (a create is accepted or refused with the §7 error response; a 5xx is neither)';
export const SERVER_ERROR_EXPECTED = 'a 2xx, or a 4xx that refuses the request';

export interface ServerError {
  status: number;
  attempts: number;
}

/** The 5xx that outlasted the engine's retries, or undefined when the exchange ended otherwise. */
export function serverErrorOf(exchange: Exchange): ServerError | undefined {
  const reading = readExchange(exchange);
  return reading.kind === 'status' && reading.afterRetries ? { status: reading.status, attempts: exchange.attempts } : undefined;
}

/** `answered 500 on each of 4 attempts: the service failed instead of accepting or refusing the request`. */
export function serverErrorWords(error: ServerError): string {
  const attempts = error.attempts > 1 ? ` on each of ${error.attempts} attempts` : '';
  return `answered ${error.status}${attempts}: the service failed instead of accepting or refusing the request`;
}

/**
 * DEVIATES for a server error, with the case's own spec reference before the one every suite shares; undefined
 * for any other answer (the case judges it by its own rules).
 */
export function judgeServerError(what: string, exchange: Exchange, specRef?: string): Judgement | undefined {
  const error = serverErrorOf(exchange);
  if (error === undefined) return undefined;
  return {
    verdict: 'DEVIATES',
    specRef: specRef === undefined ? SERVER_ERROR_REF : `${specRef}; ${SERVER_ERROR_REF}`,
    expected: SERVER_ERROR_EXPECTED,
    observed: describeAnswer(exchange),
    finding: `${what}: ${serverErrorWords(error)}`,
  };
}
