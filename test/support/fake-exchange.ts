/**
 * Exchanges as the engine records them, for unit tests only (nothing outside tests imports it): a
 * plain answered create unless told otherwise, so that a test names only what it is about.
 */
import type { Exchange } from '../../lib/http/types.js';

export interface FakeExchange extends Partial<Exchange> {
  /** The response body: a string as it is, anything else as JSON. Wins over `responseBody`. */
  body?: unknown;
}

let seq = 0;

export function fakeExchange(o: FakeExchange = {}): Exchange {
  const { body, ...fields } = o;
  seq += 1;
  return {
    seq,
    method: 'POST',
    url: 'http://127.0.0.1:1/_api/v2.0/drive/root/subscriptions',
    requestHeaders: { 'content-type': 'application/json', authorization: 'Bearer [redacted]' },
    requestBody: '{}',
    status: 201,
    responseHeaders: {},
    responseBody: '',
    responseBodyTruncated: false,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 3,
    attempts: 1,
    retriedStatuses: [],
    ...fields,
    ...(body === undefined ? {} : { responseBody: typeof body === 'string' ? body : JSON.stringify(body) }),
  };
}

/** The spec's §7 error object as a target sends it. */
export const errorBody = (code: string, message = 'The request is malformed or incorrect.'): string =>
  JSON.stringify({ error: { code, message } });

/** The target kept answering 5xx through the engine's retries. */
export const serverFailure = (status = 500): Partial<Exchange> => ({
  status,
  attempts: 4,
  retriedStatuses: [status, status, status],
  failure: { kind: 'server', message: `HTTP ${status} after 4 attempts` },
});

export const timedOut: Partial<Exchange> = {
  status: null,
  attempts: 4,
  failure: { kind: 'timeout', message: 'no answer within 10000 ms (after 4 attempts)' },
};
