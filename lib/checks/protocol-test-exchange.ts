/** Exchanges for the protocol checks' unit tests: a plain answered request unless told otherwise. */
import type { Exchange } from '../http/types.js';

export const errorBody = (code: string, message = 'The request is malformed or incorrect.'): string => JSON.stringify({ error: { code, message } });

export function fakeExchange(overrides: Partial<Exchange> = {}): Exchange {
  return {
    seq: 1,
    method: 'POST',
    url: 'https://drive.example.com/_api/v2.0/drive/root/subscriptions',
    requestHeaders: { 'content-type': 'application/json' },
    requestBody: '{"notificationUrl":"https://receiver.example.com/n"}',
    status: 201,
    responseHeaders: {},
    responseBody: '',
    responseBodyTruncated: false,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 3,
    attempts: 1,
    retriedStatuses: [],
    ...overrides,
  };
}

/** The target kept answering 5xx through the engine's retries. */
export const serverFailure = (status = 500): Partial<Exchange> => ({
  status,
  attempts: 4,
  retriedStatuses: [status, status, status],
  failure: { kind: 'server', message: `HTTP ${status} after 4 attempts` },
});

export const timedOut: Partial<Exchange> = { status: null, attempts: 4, failure: { kind: 'timeout', message: 'no answer within 10000 ms (after 4 attempts)' } };
