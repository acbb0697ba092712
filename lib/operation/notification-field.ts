/**
 * Whether an operation creates a subscription, as the events suite needs it: the body tells the target where to send
 * notifications. The description says which field does: the one whose good value is the probe's receiver URL (a
 * `receiverUrl` value in a description file, a `uri` field of an OpenAPI document). An operation without one cannot be
 * made to call the receiver, so there is nothing for the events cases to see: they are skipped, saying so.
 */
import type { OperationSpec } from './types.js';

/** A URL no good value but the receiver's can equal. */
const RECEIVER_MARK = 'https://receiver.invalid/notification-field';
const MARK_CONTEXT = { now: new Date(0), notificationUrl: RECEIVER_MARK, unique: 'notification-field' };

/** The field that carries the notification URL, or undefined when the body has none. */
export function notificationField(op: Pick<OperationSpec, 'fields'>): string | undefined {
  return op.fields.find((field) => {
    try {
      return field.good(MARK_CONTEXT) === RECEIVER_MARK;
    } catch {
      // A good value built in code may need more than this context: it is not the receiver's URL.
      return false;
    }
  })?.name;
}

/** Why the events cases do not apply to the operation; undefined when its body carries a notification URL. */
export function notASubscriptionCreate(op: Pick<OperationSpec, 'fields' | 'id'>): string | undefined {
  if (notificationField(op) !== undefined) return undefined;
  return `not a subscription-create operation: no field of the ${op.id} body carries a URL for the target to call (the events cases put the probe's receiver there)`;
}

/** What a create of the operation makes, in the run's sentences: a subscription, or a resource of another kind. */
export function createdNoun(op: Pick<OperationSpec, 'fields'>): { one: string; many: string } {
  return notificationField(op) === undefined ? { one: 'resource', many: 'resources' } : { one: 'subscription', many: 'subscriptions' };
}
