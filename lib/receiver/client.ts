/**
 * The receiver seen from a vitest worker: the receiver runs in the main process (lib/run/run-environment.ts), so a
 * suite reads notifications and switches misbehaviours over the control API (control.ts) on loopback.
 */
import { CONTROL_KEY_HEADER, CONTROL_PREFIX, MAX_POLL_WAIT_MS } from './control.js';
import { filterToQuery } from './filter.js';
import {
  MAX_WAIT_MS,
  type NotificationFilter,
  type NotificationPredicate,
  type ReceivedHandshake,
  type ReceivedNotification,
  type ReceiverMode,
} from './types.js';
import { ReceiverControlError, ReceiverTimeoutError } from '../errors.js';

export interface ReceiverControl {
  /** The receiver's loopback URL (Receiver.localUrl). */
  url: string;
  key: string;
}

const scopeQuery = (scope: string | undefined): string => (scope === undefined ? '' : `?scope=${encodeURIComponent(scope)}`);

/** Each long poll is held at most this long, so that a waiting test notices its own deadline. */
const POLL_SLICE_MS = 5_000;

export class ReceiverClient {
  readonly #control: ReceiverControl;

  constructor(control: ReceiverControl) {
    this.#control = control;
  }

  async notifications(filter: NotificationFilter = {}): Promise<ReceivedNotification[]> {
    const body = (await this.#call('GET', `notifications?${filterToQuery(filter).toString()}`)) as {
      notifications: ReceivedNotification[];
    };
    return body.notifications;
  }

  async handshakes(): Promise<ReceivedHandshake[]> {
    return ((await this.#call('GET', 'handshakes')) as { handshakes: ReceivedHandshake[] }).handshakes;
  }

  async mode(scope?: string): Promise<ReceiverMode> {
    return (await this.#call('GET', `mode${scopeQuery(scope)}`)) as ReceiverMode;
  }

  /** Replaces the receiver's mode (what is not given is normal), or only a scope's (scope.ts). */
  async setMode(mode: Partial<ReceiverMode>, scope?: string): Promise<ReceiverMode> {
    return (await this.#call('PUT', `mode${scopeQuery(scope)}`, mode)) as ReceiverMode;
  }

  async clear(): Promise<void> {
    await this.#call('DELETE', 'notifications');
  }

  /**
   * The first notification that passes `filter` (on the receiver) and `predicate` (here), received
   * before or during the wait. Long-polls in slices; rejects with ReceiverTimeoutError after timeoutMs.
   */
  async waitFor(
    filter: NotificationFilter,
    timeoutMs: number,
    predicate: NotificationPredicate = () => true,
  ): Promise<ReceivedNotification> {
    if (!(Number.isFinite(timeoutMs) && timeoutMs > 0 && timeoutMs <= MAX_WAIT_MS)) {
      throw new RangeError(
        `ReceiverClient.waitFor: timeoutMs must be a number of milliseconds from 1 to ${MAX_WAIT_MS}, got ${String(timeoutMs)}`,
      );
    }
    const deadline = Date.now() + timeoutMs;
    let after = filter.after;
    for (;;) {
      const left = deadline - Date.now();
      const waitMs = Math.max(0, Math.min(left, POLL_SLICE_MS, MAX_POLL_WAIT_MS));
      const query = filterToQuery({ ...filter, ...(after !== undefined ? { after } : {}) });
      query.set('waitMs', String(Math.floor(waitMs)));
      const { notifications } = (await this.#call('GET', `notifications?${query.toString()}`)) as { notifications: ReceivedNotification[] };
      const found = notifications.find(predicate);
      if (found !== undefined) return found;
      const last = notifications.at(-1);
      if (last !== undefined) after = last.seq;
      if (Date.now() >= deadline) {
        throw new ReceiverTimeoutError(`ReceiverClient.waitFor: no matching notification within ${timeoutMs} ms`);
      }
    }
  }

  async #call(method: string, route: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.#control.url}${CONTROL_PREFIX}${route}`, {
      method,
      headers: { [CONTROL_KEY_HEADER]: this.#control.key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(MAX_POLL_WAIT_MS + 10_000),
    });
    const text = await response.text();
    if (!response.ok) {
      let message = text;
      try {
        message = (JSON.parse(text) as { error?: string }).error ?? text;
      } catch {
        // not JSON: keep the text
      }
      throw new ReceiverControlError(`receiver ${method} ${route.split('?')[0] ?? route}: ${response.status} ${message}`);
    }
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  }
}
