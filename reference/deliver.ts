/**
 * Notification delivery for a simulated change (POST /_reference/trigger): one POST per live subscription to
 * its notificationUrl, failed attempts retried as the profile says, and a report of what happened to each.
 * Bounded in count and time: at most MAX_NOTIFIED_PER_TRIGGER subscriptions, MAX_PARALLEL at once, and
 * 1 + retries attempts each (profile-json caps retries at 10, timeouts and delays at 60 s).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { isSuccessStatus } from '../lib/http/status.js';
import { loopbackTarget } from './loopback.js';
import { notificationBody } from './notification-body.js';
import { postLoopback, type OutboundResult } from './outbound.js';
import type { NotificationRules, ReferenceProfile } from './profile-types.js';
import type { SubscriptionRecord } from './store.js';

/** reference choice: a trigger notifies at most this many subscriptions (the oldest first). */
export const MAX_NOTIFIED_PER_TRIGGER = 1_000;
/** reference choice: notifications in flight at once. */
export const MAX_PARALLEL = 8;

export interface DeliveryAttempt {
  /** Status of the answer, or null when there was none. */
  status: number | null;
  /** Why there was no answer (`timeout`, `ECONNREFUSED`, ...), or null. */
  error: string | null;
  durationMs: number;
}

/** delivered: a 2xx answer; failed: every attempt failed; refused: nothing was sent. */
export type DeliveryOutcome = 'delivered' | 'failed' | 'refused';

export interface SubscriptionDelivery {
  subscriptionId: string;
  notificationUrl: string | null;
  outcome: DeliveryOutcome;
  attempts: number;
  /** Status of the last attempt's answer; null when it had none, or no attempt was made. */
  finalStatus: number | null;
  /** Why it was not delivered; null when it was. */
  message: string | null;
  log: DeliveryAttempt[];
}

export interface DeliveryReport {
  profile: string;
  shape: NotificationRules['shape'];
  startedAt: string;
  durationMs: number;
  subscriptions: SubscriptionDelivery[];
  delivered: number;
  failed: number;
  refused: number;
  /** Live subscriptions left out by MAX_NOTIFIED_PER_TRIGGER. */
  notNotified: number;
}

export interface DeliveryContext {
  signal: AbortSignal;
  /** The service's own port: a loopback URL on it is the service itself (which could trigger itself). */
  ownPort: number;
}

const REFUSALS = {
  'invalid-url': 'the notificationUrl is not an absolute http or https URL; nothing was sent',
  'not-loopback': 'the reference service only delivers to loopback notification URLs (127.0.0.0/8, ::1, localhost); nothing was sent',
  self: 'the notificationUrl is the reference service itself; nothing was sent',
} as const;

function refused(record: SubscriptionRecord, message: string): SubscriptionDelivery {
  return {
    subscriptionId: record.id,
    notificationUrl: record.notificationUrl ?? null,
    outcome: 'refused',
    attempts: 0,
    finalStatus: null,
    message,
    log: [],
  };
}

function attemptOf(result: OutboundResult, startedMs: number): DeliveryAttempt {
  const durationMs = Math.round(performance.now() - startedMs);
  if (result.kind === 'answered') return { status: result.status, error: null, durationMs };
  return { status: null, error: result.kind === 'unreachable' ? result.code : result.kind, durationMs };
}

function describe(attempt: DeliveryAttempt, rules: NotificationRules): string {
  if (attempt.status !== null) return `the receiver answered ${attempt.status}; a notification needs a 2xx`;
  if (attempt.error === 'timeout') return `the receiver did not answer within ${rules.timeoutMs} ms`;
  if (attempt.error === 'cancelled') return 'the service is closing';
  return `the receiver could not be reached (${attempt.error ?? 'unknown'})`;
}

async function deliverOne(record: SubscriptionRecord, rules: NotificationRules, ctx: DeliveryContext): Promise<SubscriptionDelivery> {
  if (record.notificationUrl === undefined) return refused(record, 'the subscription has no notificationUrl');
  const target = loopbackTarget(record.notificationUrl, ctx.ownPort);
  if (!target.ok) return refused(record, REFUSALS[target.reason]);
  const body = JSON.stringify(notificationBody(rules, record));
  const log: DeliveryAttempt[] = [];
  for (let attempt = 0; attempt <= rules.retries; attempt += 1) {
    if (attempt > 0) {
      try {
        await sleep(rules.retryDelayMs, undefined, { signal: ctx.signal });
      } catch {
        break; // closing
      }
    }
    const started = performance.now();
    const result = await postLoopback({
      url: target.url,
      headers: { 'content-type': 'application/json' },
      body,
      timeoutMs: rules.timeoutMs,
      maxBodyBytes: 0, // the status is the answer; the body is not read
      signal: ctx.signal,
    });
    const done = attemptOf(result, started);
    log.push(done);
    if (isSuccessStatus(done.status)) {
      return {
        subscriptionId: record.id,
        notificationUrl: record.notificationUrl,
        outcome: 'delivered',
        attempts: log.length,
        finalStatus: done.status,
        message: null,
        log,
      };
    }
    if (result.kind === 'cancelled') break;
  }
  const last = log.at(-1);
  return {
    subscriptionId: record.id,
    notificationUrl: record.notificationUrl,
    outcome: 'failed',
    attempts: log.length,
    finalStatus: last?.status ?? null,
    message: last === undefined ? 'the service is closing' : `not delivered after ${log.length} attempt(s): ${describe(last, rules)}`,
    log,
  };
}

export async function deliverNotifications(
  profile: ReferenceProfile,
  records: SubscriptionRecord[],
  ctx: DeliveryContext,
): Promise<DeliveryReport> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const rules = profile.notifications;
  const chosen = records.slice(0, MAX_NOTIFIED_PER_TRIGGER);
  const results: SubscriptionDelivery[] = new Array<SubscriptionDelivery>(chosen.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < chosen.length) {
      const index = next;
      next += 1;
      const record = chosen[index];
      if (record !== undefined) results[index] = await deliverOne(record, rules, ctx);
    }
  };
  await Promise.all(Array.from({ length: Math.min(MAX_PARALLEL, chosen.length) }, worker));
  const count = (outcome: DeliveryOutcome): number => results.filter((r) => r.outcome === outcome).length;
  return {
    profile: profile.name,
    shape: rules.shape,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    subscriptions: results,
    delivered: count('delivered'),
    failed: count('failed'),
    refused: count('refused'),
    notNotified: records.length - chosen.length,
  };
}
