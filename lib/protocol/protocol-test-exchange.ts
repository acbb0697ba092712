/** Answers the protocol checks' unit tests share; the exchange itself comes from lib/http/test-exchange.ts. */
import type { Exchange } from '../http/types.js';

/** The target kept answering 5xx through the engine's retries. */
export const serverFailure = (status = 500): Partial<Exchange> => ({
  status,
  attempts: 4,
  retriedStatuses: [status, status, status],
  failure: { kind: 'server', message: `HTTP ${status} after 4 attempts` },
});

export const timedOut: Partial<Exchange> = { status: null, attempts: 4, failure: { kind: 'timeout', message: 'no answer within 10000 ms (after 4 attempts)' } };
