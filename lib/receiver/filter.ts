import { isObject } from '../json.js';
import type { NotificationFilter, ReceivedNotification } from './types.js';

/** The objects a notification body speaks of: the items of its `value` array, or the body itself. */
export function notificationItems(body: unknown): Record<string, unknown>[] {
  if (body === null || typeof body !== 'object') return [];
  const value = (body as { value?: unknown }).value;
  const list = Array.isArray(value) ? (value as unknown[]) : [body];
  return list.filter(isObject);
}

export function matchesFilter(n: ReceivedNotification, f: NotificationFilter): boolean {
  if (f.after !== undefined && n.seq <= f.after) return false;
  if (f.clientState === undefined && f.subscriptionId === undefined) return true;
  return notificationItems(n.body).some(
    (i) =>
      (f.clientState === undefined || i['clientState'] === f.clientState) &&
      (f.subscriptionId === undefined || i['subscriptionId'] === f.subscriptionId),
  );
}

/** The filter as query parameters (for the control API) and back. */
export function filterToQuery(f: NotificationFilter): URLSearchParams {
  const q = new URLSearchParams();
  if (f.clientState !== undefined) q.set('clientState', f.clientState);
  if (f.subscriptionId !== undefined) q.set('subscriptionId', f.subscriptionId);
  if (f.after !== undefined) q.set('after', String(f.after));
  return q;
}

export function filterFromQuery(q: URLSearchParams): NotificationFilter | string {
  const f: NotificationFilter = {};
  const clientState = q.get('clientState');
  const subscriptionId = q.get('subscriptionId');
  const after = q.get('after');
  if (clientState !== null) f.clientState = clientState;
  if (subscriptionId !== null) f.subscriptionId = subscriptionId;
  if (after !== null) {
    if (!/^\d{1,15}$/.test(after)) return `after must be a whole number, got ${JSON.stringify(after.slice(0, 20))}`;
    f.after = Number(after);
  }
  return f;
}
