/**
 * Whether a notification the receiver refused (500) comes again (spec §6: retries not shown). Public
 * documentation says SharePoint retries 5 times 5 minutes apart and Graph backs off over hours, so
 * "not within the wait" never means "never".
 */
import type { ReceivedNotification } from '../receiver/types.js';

const gapMs = (a: ReceivedNotification, b: ReceivedNotification): number => Date.parse(b.receivedAt) - Date.parse(a.receivedAt);

/** `first`: the notification the receiver answered 500; `again`: the next one for the same subscription, if any came within `waitMs`. */
export function redeliveryFinding(first: ReceivedNotification, again: ReceivedNotification | undefined, waitMs: number): string {
  const refused = `after the receiver answered a notification ${first.answeredStatus}`;
  if (again === undefined) return `${refused}, the target did not send it again within ${waitMs / 1000} s (a later retry is not excluded)`;
  return `${refused}, the target sent it again ${gapMs(first, again)} ms later (the receiver answered ${again.answeredStatus})`;
}
