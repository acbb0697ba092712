/**
 * An in-process target for explain's unit tests (nothing outside tests imports it): a function from
 * body to answer, wrapped as the engine's send, with creates, deletes and live subscriptions counted.
 */
import { isSuccessStatus } from '../../lib/http/status.js';
import { fakeExchange } from './fake-exchange.js';
import type { Exchange, RequestSpec } from '../../lib/http/types.js';
import type { ValueContext } from '../../lib/operation/types.js';

/** A status with the §7 error object (`code`, `message`), or with `body` as it is (another framework's error); or no answer. */
export type Answer = { status: number; code?: string; message?: string; body?: unknown } | { failure: 'server' | 'timeout' };

export interface FakeTarget {
  send: (request: RequestSpec) => Promise<Exchange>;
  /** Requests put on the wire (attempts: a server failure counts its retries). */
  readonly sent: number;
  readonly creates: Record<string, unknown>[];
  readonly deletes: number;
  /** Ids created and not deleted. */
  readonly live: Set<string>;
}

export const RECEIVER = 'https://receiver.test/notifications';

let unique = 0;
export const testValues = (): ValueContext => ({ now: new Date(), notificationUrl: RECEIVER, unique: String((unique += 1)) });

export function fakeTarget(answer: (body: Record<string, unknown>, index: number) => Answer): FakeTarget {
  let sent = 0;
  let deletes = 0;
  let next = 0;
  const creates: Record<string, unknown>[] = [];
  const live = new Set<string>();
  const exchange = (
    request: RequestSpec,
    status: number | null,
    body: object | undefined,
    attempts = 1,
    failure?: Exchange['failure'],
  ): Exchange =>
    fakeExchange({
      seq: sent,
      method: request.method,
      url: `http://127.0.0.1:1${request.path}`,
      requestHeaders: { ...request.headers, authorization: 'Bearer [redacted]' },
      requestBody: request.body,
      status,
      body,
      durationMs: 1,
      attempts,
      ...(failure === undefined ? {} : { failure }),
    });
  const send = async (request: RequestSpec): Promise<Exchange> => {
    if (request.method === 'DELETE') {
      sent += 1;
      deletes += 1;
      const id = decodeURIComponent(request.path.split('/').pop() ?? '');
      live.delete(id);
      return exchange(request, 204, undefined);
    }
    const body = JSON.parse(request.body ?? 'null') as Record<string, unknown>;
    creates.push(body);
    const a = answer(body, creates.length - 1);
    if ('failure' in a) {
      sent += 4;
      return exchange(request, a.failure === 'server' ? 503 : null, undefined, 4, {
        kind: a.failure,
        message: `${a.failure} after 4 attempts`,
      });
    }
    sent += 1;
    if (isSuccessStatus(a.status)) {
      const id = `sub-${(next += 1)}`;
      live.add(id);
      return exchange(request, a.status, { id });
    }
    if (a.body !== undefined && a.body !== null) return exchange(request, a.status, a.body);
    return exchange(request, a.status, a.code === undefined ? undefined : { error: { code: a.code, message: a.message ?? 'rejected' } });
  };
  return {
    send,
    get sent() {
      return sent;
    },
    creates,
    get deletes() {
      return deletes;
    },
    live,
  };
}

/**
 * The v2.0 service as the default reference profile models it: changeType undefined and resource
 * read-only (either one present: 400 naming the first in body order), notificationUrl and
 * expirationDateTime required, lifetime within 180 days, the notification URL must be the receiver's.
 */
export function v2Service(body: Record<string, unknown>): Answer {
  const writable = ['notificationUrl', 'expirationDateTime', 'clientState'];
  const outside = Object.keys(body).find((k) => !writable.includes(k));
  if (outside !== undefined) {
    return {
      status: 400,
      code: 'invalidRequest',
      message:
        outside === 'resource'
          ? "The property 'resource' is read-only."
          : `The property '${outside}' does not exist on type 'oneDrive.subscription'.`,
    };
  }
  for (const r of ['notificationUrl', 'expirationDateTime']) {
    if (!(r in body)) return { status: 400, code: 'invalidRequest', message: `The property '${r}' is required.` };
  }
  if (body['notificationUrl'] !== RECEIVER)
    return { status: 400, code: 'invalidRequest', message: 'Failed to validate the notification URL.' };
  const at = Date.parse(String(body['expirationDateTime']));
  if (Number.isNaN(at) || at < Date.now() || at - Date.now() > 180 * 24 * 3600_000) {
    return { status: 400, code: 'invalidRequest', message: `The expirationDateTime '${String(body['expirationDateTime'])}' is not valid.` };
  }
  return { status: 201 };
}
