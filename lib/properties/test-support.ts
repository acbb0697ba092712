/** Exchanges as the engine would record them, for the property checkers' tests only. */
import type { Exchange, Failure } from '../http/types.js';

export interface FakeAnswer {
  status: number | null;
  body?: unknown;
  failure?: Failure;
  attempts?: number;
  retriedStatuses?: number[];
  requestBody?: string;
}

let seq = 0;

export function fakeExchange(answer: FakeAnswer): Exchange {
  seq += 1;
  return {
    seq,
    method: 'POST',
    url: 'http://127.0.0.1:1/_api/v2.0/drive/root/subscriptions',
    requestHeaders: { 'content-type': 'application/json', authorization: 'Bearer [redacted]' },
    requestBody: answer.requestBody ?? '{}',
    status: answer.status,
    responseHeaders: {},
    responseBody: answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body),
    responseBodyTruncated: false,
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    attempts: answer.attempts ?? 1,
    retriedStatuses: answer.retriedStatuses ?? [],
    ...(answer.failure !== undefined ? { failure: answer.failure } : {}),
  };
}

export const invalidRequest = (status = 400): FakeAnswer => ({
  status,
  body: { error: { code: 'invalidRequest', message: 'The request is malformed or incorrect.' } },
});
