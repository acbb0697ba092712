/**
 * The delivery check of the events suite: after a change, did a notification reach the subscription's
 * notificationUrl, naming the subscription and carrying its clientState? Spec §6 says a subscription
 * causes notifications to its notificationUrl and that the clientState is part of the subscription;
 * how long a notification may take is not shown, so "in time" is the configured wait.
 */
import { notificationItems } from '../receiver/filter.js';
import type { ReceivedNotification } from '../receiver/types.js';
import { SPEC_6_CLIENT_STATE, SPEC_6_DELIVERY } from './spec-refs.js';

export interface SubscriptionUnderTest {
  /** The id the create answered with; undefined when its answer named none. */
  subscriptionId: string | undefined;
  clientState: string;
}

export interface DeliveryJudgement {
  verdict: 'CONFORMS' | 'DEVIATES';
  specRef: string;
  expected: string;
  observed: string;
  finding?: string;
}

/** The item of a notification body that speaks of this subscription (by id, else by clientState). */
function itemFor(n: ReceivedNotification, s: SubscriptionUnderTest): Record<string, unknown> | undefined {
  const items = notificationItems(n.body);
  return (
    items.find((i) => s.subscriptionId !== undefined && i['subscriptionId'] === s.subscriptionId) ??
    items.find((i) => i['clientState'] === s.clientState)
  );
}

/** For ReceiverClient.waitFor: a notification that names the subscription or carries its clientState. */
export const isFor =
  (s: SubscriptionUnderTest) =>
  (n: ReceivedNotification): boolean =>
    itemFor(n, s) !== undefined;

const show = (value: unknown): string => (value === undefined ? 'none' : JSON.stringify(value));

/**
 * `found`: the first notification for the subscription, or undefined when none came within `waitMs`
 * of the change; `delayMs`: from the change to its arrival.
 */
export function judgeDelivery(
  found: ReceivedNotification | undefined,
  s: SubscriptionUnderTest,
  waitMs: number,
  delayMs?: number,
): DeliveryJudgement {
  const naming = s.subscriptionId === undefined ? 'carrying' : `naming subscription ${JSON.stringify(s.subscriptionId)} and carrying`;
  const expected = `a notification at the notificationUrl within ${waitMs / 1000} s of the change, ${naming} clientState ${JSON.stringify(s.clientState)}`;
  const item = found === undefined ? undefined : itemFor(found, s);
  if (found === undefined || item === undefined) {
    return {
      verdict: 'DEVIATES',
      specRef: SPEC_6_DELIVERY,
      expected,
      observed: `no notification for the subscription within ${waitMs / 1000} s (NOTIFICATION_WAIT_SECONDS)`,
      finding: `a change caused no notification at the notificationUrl within ${waitMs / 1000} s`,
    };
  }
  const after = delayMs === undefined ? '' : ` ${delayMs} ms after the change`;
  const got = `a notification${after} naming subscription ${show(item['subscriptionId'])} with clientState ${show(item['clientState'])}`;
  const refs = `${SPEC_6_DELIVERY}; ${SPEC_6_CLIENT_STATE}`;
  if (item['clientState'] !== s.clientState) {
    return {
      verdict: 'DEVIATES',
      specRef: refs,
      expected,
      observed: got,
      finding: `the notification for the subscription carries clientState ${show(item['clientState'])}, not the one it was created with`,
    };
  }
  if (s.subscriptionId !== undefined && item['subscriptionId'] !== s.subscriptionId) {
    // Spec §6 does not show the payload, but a notification "of" a subscription that names another one
    // cannot be told apart from someone else's by a receiver holding several: the id is how it knows.
    return {
      verdict: 'DEVIATES',
      specRef: refs,
      expected,
      observed: got,
      finding: `the notification carries the subscription's clientState but names subscription ${show(item['subscriptionId'])}, not the id the create returned`,
    };
  }
  const note = s.subscriptionId === undefined ? ' (the create named no id, so only the clientState was compared)' : '';
  return { verdict: 'CONFORMS', specRef: refs, expected, observed: `${got}${note}` };
}
