/** The HTTP layer knows nothing of fields: it sends requests and records exchanges. */

export interface RequestSpec {
  method: string;
  /** Path (with query) relative to the target's base URL, e.g. `/_api/v2.0/drive/root/subscriptions`. */
  path: string;
  headers?: Record<string, string>;
  /** Raw body as sent on the wire. */
  body?: string;
  /**
   * Whether the engine adds `Authorization: Bearer <token>` (default true).
   * Protocol cases that test auth set it to false and set their own header.
   */
  auth?: boolean;
}

/** Why an exchange has no verdict of the target on the request. */
export type FailureKind =
  | 'timeout' // no answer within the request timeout, after retries
  | 'network' // connection refused/reset/dropped, after retries
  | 'server' // 5xx after retries
  | 'throttled' // 429/503 still after the retry limit
  | 'budget' // the run's request budget is spent: nothing was sent
  | 'deadline' // the run's maximum time is over: nothing was sent
  | 'malformed' // the answer could not be parsed as HTTP
  | 'token' // no access token could be got or renewed (the token endpoint failed): nothing was sent
  | 'stopped'; // the run was stopped as it cannot delete what it creates, or the target has no room for it: nothing was sent

export interface Failure {
  kind: FailureKind;
  message: string;
  /** The connection itself failed on the last attempt (refused, name not resolved, TLS handshake). */
  connect?: true;
  /** The network error's code (ECONNREFUSED, ENOTFOUND, ECONNRESET, ...), when it had one. */
  code?: string;
  /**
   * `throttled` only: the answer named a wait longer than the probe takes (RETRY_AFTER_MAX_SECONDS). It held no
   * other request: such a wait is a limit on this request's resource (a count limit), not the origin's load.
   */
  beyondWait?: true;
}

/** One request as sent and answered, after the engine's retries. Safe to store and print. */
export interface Exchange {
  /** Sequence number within the run. */
  seq: number;
  method: string;
  url: string;
  /** Request headers as sent, with Authorization redacted to `Bearer [redacted]`. */
  requestHeaders: Record<string, string>;
  requestBody: string | undefined;
  /** Final status, or null when no HTTP answer was had. */
  status: number | null;
  responseHeaders: Record<string, string>;
  /** Response body, cut at the engine's limit. */
  responseBody: string;
  responseBodyTruncated: boolean;
  startedAt: string;
  /** Wall time over all attempts, including waits for Retry-After. */
  durationMs: number;
  /** Requests put on the wire for this exchange (1 + retries). 0 when budget/deadline stopped it. */
  attempts: number;
  /** Statuses of earlier attempts that were retried (e.g. [429, 503]). */
  retriedStatuses: number[];
  failure?: Failure;
}

export interface EngineStats {
  /** Requests put on the wire, retries included. */
  requestsSent: number;
  exchanges: number;
  retries: number;
  /** Set once the budget or deadline stopped a request: the run stopped early. */
  stoppedEarly: EarlyStop | undefined;
}

/** What stopped the engine's run before every request was sent, and when. */
export interface EarlyStop {
  /** `connection`: the first requests all failed at the connection (HttpEngine's stopAfterConnectionFailures). */
  by: 'budget' | 'deadline' | 'connection' | 'undo' | 'state';
  /** ISO time of the first request it stopped. */
  at: string;
  /** In words, e.g. "request budget of 2000 spent: the run stopped early". */
  why: string;
}
