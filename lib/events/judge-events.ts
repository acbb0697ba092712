/**
 * The events suite's verdicts besides the delivery's own (judge-delivery.ts): what a case says when no
 * subscription or no change could be had (the harness's ERROR: the target was never asked what §6 asks), the
 * delay of a notification, and whether one refused with a 500 came again. Pure: the suite creates, changes
 * and waits; these read what it saw, and say either a judgement or why there is nothing to judge.
 */
import { failureText } from '../http/answer-text.js';
import type { Exchange } from '../http/types.js';
import { judgeServerError } from '../protocol/server-error.js';
import type { Verdict } from '../outcome.js';
import type { ReceivedNotification } from '../receiver/types.js';
import { redeliveryFinding } from './redelivery.js';

export interface EventJudgement {
  verdict: Verdict;
  specRef: string;
  finding?: string;
  expected?: string;
  observed: string;
}

/** Nothing to judge, and why, for the case's skip. */
export interface NothingToJudge {
  nothing: string;
}

/** How a change was made, as the suite made it. */
export interface ChangeMade {
  how: string;
  startedAtMs: number;
  durationMs: number;
}

/**
 * A create in an accepted body that the target refused this time; `caveat`: what the presence rule assumes, when the
 * body came from it. The harness could not put §6 to the target (ERROR), unless the create failed with a server error:
 * that is the target's failure, DEVIATES as in every suite.
 */
export function notCreated(exchange: Exchange, caveat: string | undefined, specRef = 'spec §6'): EventJudgement {
  const answer = exchange.failure !== undefined ? failureText(exchange.failure) : `status ${exchange.status ?? 'none'}`;
  const harness: EventJudgement = {
    verdict: 'ERROR',
    specRef,
    finding: 'no subscription to notify',
    observed: `the create in an accepted body was not accepted this time (${answer})${caveat === undefined ? '' : `; that body was read from the presence rule, and ${caveat}`}`,
  };
  const failed = judgeServerError('the create of the subscription to notify', exchange, specRef);
  return failed === undefined ? harness : { ...harness, ...failed };
}

/** A change the suite could not make: §6 was never put to the target. */
export function changeFailed(how: string, message: string): EventJudgement {
  return { verdict: 'ERROR', specRef: 'spec §6', finding: `no change could be made (${how})`, observed: message };
}

/** How soon the notification came after the change was started (spec §6 does not say how soon it must). */
export function judgeDelay(
  notification: ReceivedNotification | undefined,
  change: ChangeMade,
  waitMs: number,
): EventJudgement | NothingToJudge {
  if (notification === undefined) {
    return { nothing: `no notification arrived within ${waitMs / 1000} s, so there is no delay to measure (see events/notification)` };
  }
  const delay = Date.parse(notification.receivedAt) - change.startedAtMs;
  const finding = `the notification arrived ${delay} ms after the change was started (${change.how}, which took ${change.durationMs} ms)`;
  return { verdict: 'INFORMATIONAL', specRef: 'open: spec §6 does not say how soon a notification is sent', finding, observed: finding };
}

/**
 * Whether a notification the receiver answered 500 once came again. `first`: the first notification after the
 * change; `again`: the next one for the same subscription within the wait.
 */
export function judgeRedelivery(
  first: ReceivedNotification | undefined,
  again: ReceivedNotification | undefined,
  waitMs: number,
  specRef: string,
): EventJudgement | NothingToJudge {
  if (first === undefined) {
    return { nothing: `no notification arrived within ${waitMs / 1000} s, so a redelivery cannot be seen (see events/notification)` };
  }
  // The receiver's one 500 may have gone to another request first (a validation handshake): nothing to see then.
  if (first.answeredStatus < 500) {
    return {
      nothing: `the receiver's one 500 went to another request first, so this notification was answered ${first.answeredStatus}; nothing to observe`,
    };
  }
  const finding = redeliveryFinding(first, again, waitMs);
  return { verdict: 'INFORMATIONAL', specRef, finding, observed: finding };
}
