/** Exchanges as the engine records them, for the value tests only (nothing outside tests imports it). */
import type { Exchange, Failure } from '../http/types.js';

export function exchangeOf(status: number | null, body: unknown = '', failure?: Failure): Exchange {
  return {
    seq: 1,
    method: 'POST',
    url: 'http://127.0.0.1:1/_api/v2.0/drive/root/subscriptions',
    requestHeaders: { 'content-type': 'application/json', authorization: 'Bearer [redacted]' },
    requestBody: '{}',
    status,
    responseHeaders: {},
    responseBody: typeof body === 'string' ? body : JSON.stringify(body),
    responseBodyTruncated: false,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 3,
    attempts: failure?.kind === 'server' ? 4 : 1,
    retriedStatuses: [],
    ...(failure !== undefined ? { failure } : {}),
  };
}

export const invalidRequest = (message = 'The request is malformed or incorrect.'): unknown => ({ error: { code: 'invalidRequest', message } });
