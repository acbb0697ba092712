/**
 * Refusals that depend on what already exists, not on the body (the profile's `state`): a conflicting live
 * subscription, the app's quota, a count limit per resource. modelled on public reports: Graph and SharePoint relay
 * them from the workload as `ExtensionError` with the real status inside the text (aspnetcore-webhooks-sample #92,
 * microsoft-graph-docs #21403, the SubscriptionCountReached Q&A thread); the texts are theirs.
 */
import type { Answer } from './answer.js';
import { errorAnswer, type RequestIds } from './errors.js';
import type { ReferenceProfile, StateRules } from './profile-types.js';
import type { SubscriptionRecord, SubscriptionStore } from './store.js';

/** The client that made the quota's foreign subscriptions: someone else's, never the run's to delete. */
export const FOREIGN_APPLICATION = { id: '0f0f0f0f-0000-4000-8000-00000000f0e1', displayName: 'another client of this tenant' };

/** reference choice: foreign subscriptions outlive any run (a year). */
const FOREIGN_LIFETIME_MS = 365 * 24 * 3600_000;

/** modelled on public reports: the count limit's Retry-After, the end of time as .NET writes it. */
export const COUNT_LIMIT_RETRY_AFTER = 'Fri, 31 Dec 9999 23:59:59 GMT';

const relayed = (status: string, reason: string): string => `Operation: Create; Exception: [Status Code: ${status}; Reason: ${reason}]`;

export function isForeign(record: SubscriptionRecord): boolean {
  return record.createdBy.application.id === FOREIGN_APPLICATION.id;
}

/** Adds the quota's foreign subscriptions that are not live yet (when a profile is set, after the store is cleared). */
export function seedForeign(profile: ReferenceProfile, store: SubscriptionStore, nowMs: number): void {
  const wanted = profile.state?.quota?.foreign ?? 0;
  const live = store.list(nowMs).filter(isForeign).length;
  for (let i = live; i < wanted; i += 1) {
    store.add(
      {
        id: `foreign-${i + 1}`,
        resource: `/drives/${profile.record.driveId}/items/${profile.record.rootItemId}`,
        notificationUrl: `https://hooks.another-client.invalid/drive/${i + 1}`,
        expirationDateTime: new Date(nowMs + FOREIGN_LIFETIME_MS).toISOString(),
        createdBy: { application: { ...FOREIGN_APPLICATION } },
      },
      nowMs + FOREIGN_LIFETIME_MS,
    );
  }
}

/** The refusal the service's state gives this record before it is stored, if any. */
export function stateRefusal(
  profile: ReferenceProfile,
  store: SubscriptionStore,
  record: SubscriptionRecord,
  ids: RequestIds,
): Answer | undefined {
  const rules = profile.state;
  if (rules === undefined) return undefined;
  const live = store.list(ids.nowMs);
  const refuse = (status: number, message: string, headers: Record<string, string> = {}): Answer =>
    errorAnswer(profile, status, 'ExtensionError', message, 'ExtensionError', ids, headers);
  if (conflicts(rules, live, record)) {
    return refuse(400, relayed('Conflict', 'A subscription already exists. It must be deleted before a another can be made.'));
  }
  if (rules.quota !== undefined && live.length >= rules.quota.max) {
    return refuse(403, relayed('Forbidden', 'Maximum number of subscriptions has been reached'));
  }
  const limit = rules.countLimit;
  if (limit !== undefined && record.resource.startsWith(limit.resourcePrefix ?? '')) {
    const counted = live.filter((s) => s.resource.startsWith(limit.resourcePrefix ?? '')).length;
    if (counted >= limit.max) {
      const reason = `Resource 'SubscriptionCountReached' has reached limit of '${limit.max}'. Please retry after '12/31/9999 11:59:59 PM'`;
      return refuse(429, relayed('429', reason), { 'retry-after': COUNT_LIMIT_RETRY_AFTER });
    }
  }
  return undefined;
}

function conflicts(rules: StateRules, live: SubscriptionRecord[], record: SubscriptionRecord): boolean {
  const key = rules.conflictKey;
  if (key === undefined || key.length === 0) return false;
  const valueOf = (r: SubscriptionRecord, field: string): unknown => (r as unknown as Record<string, unknown>)[field];
  return live.some((other) => key.every((field) => valueOf(other, field) === valueOf(record, field)));
}
