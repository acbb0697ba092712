/** 06-events: a notification of a change, and what a misbehaving receiver does to a create (its handshake). */
import type { Settings } from '../../config/types.js';
import { HANDSHAKE_ASKS } from '../../events/handshake-asks.js';
import { deadlineCreates, deadlineTopSeconds } from '../../events/handshake-deadline.js';
import { notASubscriptionCreate } from '../../operation/notification-field.js';
import { isLoopbackHost } from '../../net/loopback.js';
import { caseIds, HANDSHAKE_CASES } from '../case-ids.js';
import { CREATE, one, search, type PlannedCase, type SuiteDescriptor } from './descriptor.js';

/** Why the events suite cannot see notifications here, as suites/support/cause-change.ts decides it. */
function receiverMissing(settings: Settings): string | undefined {
  if (settings.receiver.notificationUrl !== undefined) return 'NOTIFICATION_URL names another receiver';
  const base = settings.target.baseUrl;
  if (base !== undefined && !isLoopbackHost(new URL(base).hostname) && settings.receiver.receiverPublicUrl === undefined)
    return 'the target cannot reach the receiver (RECEIVER_PUBLIC_URL is not set)';
  return undefined;
}

/** What the planned cases wait for: each notification, the slow receiver, and each hold of the deadline search at its longest. */
function waitMs(settings: Settings, cases: readonly PlannedCase[]): number {
  const waits = (id: string): boolean => cases.some((c) => c.id === id && c.skipped === undefined);
  const change = settings.receiver.change?.kind === 'command' ? settings.receiver.changeCommandTimeoutMs : 0;
  const top = deadlineTopSeconds(settings);
  return (
    (waits(caseIds.events('notification')) ? settings.receiver.notificationWaitMs + change : 0) +
    (waits(caseIds.events('redelivery-after-500')) ? 2 * settings.receiver.notificationWaitMs + change : 0) +
    (waits(caseIds.handshake('slow')) ? settings.receiver.slowReceiverMs : 0) +
    // A bound: the search waits for several holds at once.
    (waits(caseIds.handshakeDeadline) ? deadlineCreates(top) * top * 1000 : 0)
  );
}

export const eventsSuite: SuiteDescriptor = {
  waitMs,
  id: '06-events',
  appliesTo: (op) => notASubscriptionCreate(op) ?? true,
  cases: (settings, { embedded }) => {
    const receiver = receiverMissing(settings);
    const change = receiver ?? (embedded || settings.receiver.change !== undefined ? undefined : 'no CHANGE_COMMAND or CHANGE_REQUEST');
    // A CHANGE_REQUEST goes through the probe's engine: one more request per change.
    const changed = { requests: 2 + (settings.receiver.change?.kind === 'request' ? 1 : 0), creates: 1 };
    // A create refused before any validation request is asked again (lib/events/handshake-asks.ts): those refused
    // creates, then one that may be accepted and deleted; one create and its delete whenever the first is not so refused.
    const asks = { requests: HANDSHAKE_ASKS + 1, creates: 1 };
    const handshake = HANDSHAKE_CASES.map((id) => ({
      ...one(caseIds.handshake(id), asks, receiver),
      ...(receiver === undefined ? { least: CREATE.requests } : {}),
    }));
    // The handshake deadline searched over the receiver's hold, each create deleted, the asks sent ahead and not used
    // counted (lib/events/handshake-deadline.ts); a refusal's time may pin it in a few creates.
    const creates = deadlineCreates(deadlineTopSeconds(settings));
    const deadline = search(
      caseIds.handshakeDeadline,
      { requests: 2 * creates, creates },
      receiver ?? (creates === 0 ? 'HANDSHAKE_DEADLINE_MAX_SECONDS is 0 (or REQUEST_TIMEOUT_MS under 2 s)' : undefined),
    );
    return [
      one(caseIds.events('notification'), changed, change),
      one(caseIds.events('payload-shape'), { requests: 0, creates: 0 }, change),
      one(caseIds.events('delay'), { requests: 0, creates: 0 }, change),
      one(caseIds.events('redelivery-after-500'), changed, change),
      ...handshake,
      deadline,
    ];
  },
};
