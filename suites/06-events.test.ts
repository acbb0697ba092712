/**
 * spec §6 Events:
 *   "A subscription causes notifications to be sent to its notificationUrl."
 *   "The caller-supplied clientState string is part of the subscription."
 *   "Notification payload, event kinds, delivery headers, retries and any validation of the
 *    notification URL: not shown."
 * A subscription is created with a unique clientState, the watched drive is made to change (the
 * embedded reference's trigger, or CHANGE_COMMAND / CHANGE_REQUEST on a configured target), and the
 * probe's receiver waits, at most NOTIFICATION_WAIT_SECONDS, for the notification: it must name the
 * subscription and carry its clientState. What the spec leaves open (payload shape, delay, redelivery
 * after a 500, what a misbehaving receiver does to a create) is recorded as INFORMATIONAL.
 *
 * The receiver is shared by the whole run and some cases change its mode: the cases of this file run
 * one after another (no describe.concurrent), files run one at a time in one worker, and every mode
 * change is undone in a finally. The handshake cases misbehave in scopes of their own instead
 * (suites/support/handshake-cases.ts), which lets a whole run start them right after the presence matrix.
 */
import { describe, test, type TestContext } from 'vitest';
import { handshakeAnswer } from '../lib/events/handshake-answer.js';
import { judgeHandshakeDeadline } from '../lib/events/handshake-deadline.js';
import { isFor, judgeDelivery, type SubscriptionUnderTest } from '../lib/events/judge-delivery.js';
import { judgePayloadShape } from '../lib/events/payload-shape.js';
import { changeFailed, judgeDelay, judgeRedelivery, notCreated, type NothingToJudge } from '../lib/events/judge-events.js';
import { spec6Open } from '../lib/events/spec-refs.js';
import { isSuccessStatus } from '../lib/http/status.js';
import type { Exchange } from '../lib/http/types.js';
import { buildBody } from '../lib/matrix/build-body.js';
import type { ReceivedNotification, ReceiverMode } from '../lib/receiver/types.js';
import { acceptedBase, noBaseReason } from './support/accepted-base.js';
import { CaseRun, example, finishCase, skipCase } from './support/case-run.js';
import { changeUnavailable, makeChange, type ChangeOutcome, type Unavailable } from './support/cause-change.js';
import { deadlineOutcome, handshakeCases, handshakeOutcome, type HandshakeCase } from './support/handshake-cases.js';
import { probeContext } from './support/context.js';

import { caseIds } from '../lib/plan/case-ids.js';
import { ReceiverTimeoutError } from '../lib/errors.js';
import { settleWhenStopped } from './support/stop.js';

const probe = probeContext();
settleWhenStopped(probe);
const waitMs = probe.settings.receiver.notificationWaitMs;

/** Skips the case `id` with why it cannot run here and, when something would let it, what. */
function skip(context: TestContext, id: string, why: string | Unavailable): never {
  return skipCase(context, { id, ...(typeof why === 'string' ? { reason: why } : why) });
}

const isCreated = (e: Exchange): boolean => e.failure === undefined && isSuccessStatus(e.status);

/** A subscription in an accepted body that carries a clientState of its own; a string says why none can be made. */
async function createWatched(
  run: CaseRun,
): Promise<{ exchange: Exchange; subscription: SubscriptionUnderTest; caveat?: string } | Unavailable> {
  const base = await acceptedBase(probe, run, 'clientState');
  // No accepted body carries a clientState: nothing can be matched to a notification.
  if (base === undefined) return noBaseReason(probe, run, 'clientState', 'a notification cannot be matched to it');
  const ctx = probe.values();
  const clientState = `probe-events-${ctx.unique}`;
  const exchange = await run.client.sendBody(buildBody(probe.operation, base.present, ctx, { clientState }));
  return {
    exchange,
    subscription: { subscriptionId: run.client.createdId(exchange), clientState },
    ...(base.caveat !== undefined ? { caveat: base.caveat } : {}),
  };
}

/** The first notification for the subscription after `after` (a receiver seq), or undefined after waitMs. */
async function waitForNotification(subscription: SubscriptionUnderTest, after?: number): Promise<ReceivedNotification | undefined> {
  const receiver = probe.receiver;
  if (receiver === undefined) return undefined;
  try {
    return await receiver.waitFor(after === undefined ? {} : { after }, waitMs, isFor(subscription));
  } catch (error) {
    if (error instanceof ReceiverTimeoutError) return undefined;
    throw error;
  }
}

/** Runs `body` with the receiver in `mode`, and puts it back to normal whatever happens. */
async function withReceiverMode<T>(mode: Partial<ReceiverMode>, body: () => Promise<T>): Promise<T> {
  await probe.receiver?.setMode(mode);
  try {
    return await body();
  } finally {
    await probe.receiver?.setMode({});
  }
}

type Delivery =
  | { kind: 'skipped'; why: Unavailable }
  | { kind: 'not-created'; exchange: Exchange; caveat: string | undefined }
  | { kind: 'change-failed'; exchange: Exchange; change: Extract<ChangeOutcome, { kind: 'failed' }> }
  | {
      kind: 'observed';
      exchange: Exchange;
      subscription: SubscriptionUnderTest;
      change: Extract<ChangeOutcome, { kind: 'made' }>;
      notification: ReceivedNotification | undefined;
    };

/**
 * One subscription, one change, one wait: the delivery case judges it, the payload-shape and delay
 * cases describe the same notification (on a live target a change may be costly and a wait long).
 * The requests count in the run of the case that asked first.
 */
let delivery: Promise<Delivery> | undefined;
function observeDelivery(run: CaseRun): Promise<Delivery> {
  delivery ??= (async (): Promise<Delivery> => {
    const unavailable = changeUnavailable(probe);
    if (unavailable !== undefined) return { kind: 'skipped', why: unavailable };
    const created = await createWatched(run);
    if ('reason' in created) return { kind: 'skipped', why: created };
    const { exchange, subscription } = created;
    if (!isCreated(exchange)) return { kind: 'not-created', exchange, caveat: created.caveat };
    try {
      const change = await makeChange(probe, run, subscription);
      if (change.kind === 'failed') return { kind: 'change-failed', exchange, change };
      return { kind: 'observed', exchange, subscription, change, notification: await waitForNotification(subscription) };
    } finally {
      await run.client.undoCreate(exchange);
    }
  })();
  return delivery;
}

/**
 * Ends the case when there is no delivery to look at: skipped, with the reason; or, when no subscription
 * or no change could be had, an ERROR in the delivery case (`owner`) and a skip pointing to it in the
 * cases that only describe its notification. The delivery when there is one, else undefined once the case has ended.
 */
async function deliveryOrEnd(context: TestContext, id: string, run: CaseRun, owner: boolean): Promise<Observed | undefined> {
  const d = await observeDelivery(run);
  if (d.kind === 'observed') return d;
  if (d.kind === 'skipped') skip(context, id, d.why);
  const judged = d.kind === 'not-created' ? notCreated(d.exchange, d.caveat) : changeFailed(d.change.how, d.change.message);
  if (!owner) skip(context, id, `${judged.finding ?? 'no delivery'}: nothing to describe (see events/notification)`);
  await finishCase(context, run, { id: caseIds.events('notification'), kind: 'events', ...judged, example: example(d.exchange) });
  return undefined;
}

type Observed = Extract<Delivery, { kind: 'observed' }>;

const delayOf = (d: Observed): number | undefined =>
  d.notification === undefined ? undefined : Date.parse(d.notification.receivedAt) - d.change.startedAtMs;

/** A judgement, or the skip of a case with nothing to judge. */
const judgedOrSkip = <T extends object>(context: TestContext, id: string, judged: T | NothingToJudge): T =>
  'nothing' in judged ? skip(context, id, judged.nothing) : judged;

/** spec §6: a change is notified at the notificationUrl, naming the subscription and carrying its clientState. */
async function notificationCase(context: TestContext): Promise<void> {
  const run = new CaseRun(probe);
  const d = await deliveryOrEnd(context, caseIds.events('notification'), run, true);
  if (d === undefined) return;
  const judged = judgeDelivery(d.notification, d.subscription, waitMs, delayOf(d));
  await finishCase(context, run, {
    id: caseIds.events('notification'),
    kind: 'events',
    specRef: judged.specRef,
    verdict: judged.verdict,
    expected: judged.expected,
    observed: `${judged.observed} (change: ${d.change.how})`,
    ...(judged.finding !== undefined ? { finding: judged.finding } : {}),
    example: example(d.exchange),
  });
}

/** Open: which keys a notification carries (SharePoint or Graph shape). */
async function payloadShapeCase(context: TestContext): Promise<void> {
  const run = new CaseRun(probe);
  const d = await deliveryOrEnd(context, caseIds.events('payload-shape'), run, false);
  if (d === undefined) return;
  if (d.notification === undefined)
    return skip(
      context,
      caseIds.events('payload-shape'),
      `no notification arrived within ${waitMs / 1000} s, so there is no payload to describe (see events/notification)`,
    );
  await finishCase(context, run, {
    id: caseIds.events('payload-shape'),
    kind: 'events',
    ...judgePayloadShape(d.notification),
    example: example(d.exchange),
  });
}

/** Open: the time from the change to its notification. */
async function delayCase(context: TestContext): Promise<void> {
  const run = new CaseRun(probe);
  const d = await deliveryOrEnd(context, caseIds.events('delay'), run, false);
  if (d === undefined) return;
  const judged = judgedOrSkip(context, caseIds.events('delay'), judgeDelay(d.notification, d.change, waitMs));
  await finishCase(context, run, { id: caseIds.events('delay'), kind: 'events', ...judged, example: example(d.exchange) });
}

/** Open: a notification the receiver answers 500 once is sent again. */
async function redeliveryCase(context: TestContext): Promise<void> {
  const unavailable = changeUnavailable(probe);
  if (unavailable !== undefined) return skip(context, caseIds.events('redelivery-after-500'), unavailable);
  const run = new CaseRun(probe);
  const created = await createWatched(run);
  if ('reason' in created) return skip(context, caseIds.events('redelivery-after-500'), created);
  const { exchange, subscription } = created;
  const base = {
    id: caseIds.events('redelivery-after-500'),
    kind: 'events' as const,
    specRef: spec6Open('retries'),
    example: example(exchange),
  };
  if (!isCreated(exchange)) {
    await finishCase(context, run, { ...base, ...notCreated(exchange, created.caveat, base.specRef) });
    return;
  }
  let outcome: { change: ChangeOutcome; first?: ReceivedNotification | undefined; again?: ReceivedNotification | undefined };
  try {
    outcome = await withReceiverMode({ fail: 'once' }, async () => {
      const change = await makeChange(probe, run, subscription);
      if (change.kind === 'failed') return { change };
      const first = await waitForNotification(subscription);
      return { change, first, again: first === undefined ? undefined : await waitForNotification(subscription, first.seq) };
    });
  } finally {
    await run.client.undoCreate(exchange);
  }
  const { change, first, again } = outcome;
  if (change.kind === 'failed') {
    await finishCase(context, run, { ...base, ...changeFailed(change.how, change.message) });
    return;
  }
  const judged = judgedOrSkip(context, caseIds.events('redelivery-after-500'), judgeRedelivery(first, again, waitMs, base.specRef));
  await finishCase(context, run, { ...base, ...judged });
}

/** Open: the longest the receiver may hold its validation answer and the create still succeed (the search's outcome). */
async function deadlineCase(context: TestContext): Promise<void> {
  const outcome = await deadlineOutcome(probe);
  if (outcome.kind === 'skipped') return skip(context, caseIds.handshakeDeadline, outcome.why);
  const { search } = outcome;
  // The answer past the deadline, else the last create.
  const edge = search.sent.get(search.result?.smallestRejected ?? Number.NaN) ?? search.creates.at(-1);
  await finishCase(context, outcome.run, {
    id: caseIds.handshakeDeadline,
    kind: 'events',
    ...judgeHandshakeDeadline(search),
    ...(edge !== undefined ? { example: example(edge) } : {}),
  });
}

/** Open: the answer to a create while the receiver answers its validation request as `c` says. */
async function handshakeCase(context: TestContext, c: HandshakeCase): Promise<void> {
  const outcome = await handshakeOutcome(probe, c);
  if (outcome.kind === 'skipped') return skip(context, caseIds.handshake(c.id), outcome.why);
  const answer = handshakeAnswer(c.misbehaviour, outcome.exchange, outcome.seen, outcome.unasked);
  await finishCase(context, outcome.run, {
    id: caseIds.handshake(c.id),
    kind: 'events',
    ...answer,
    example: example(outcome.exchange),
  });
}

describe('events (spec §6)', () => {
  test(
    'spec §6/notification: a change is notified at the notificationUrl, naming the subscription and carrying its clientState',
    {
      meta: { caseId: caseIds.events('notification') },
    },
    notificationCase,
  );

  test(
    'spec §6/payload-shape (open): which keys a notification carries, SharePoint or Graph shape',
    {
      meta: { caseId: caseIds.events('payload-shape') },
    },
    payloadShapeCase,
  );

  test('spec §6/delay (open): time from the change to the notification', { meta: { caseId: caseIds.events('delay') } }, delayCase);

  test(
    'spec §6/redelivery (open): a notification the receiver answers 500 once is sent again',
    {
      meta: { caseId: caseIds.events('redelivery-after-500') },
    },
    redeliveryCase,
  );

  // Started right after the presence matrix in a whole run (suites/support/handshake-cases.ts), so the
  // slow receiver's wait has overlapped suites 03 to 05; here each case only reads what it saw.
  for (const c of handshakeCases(probe))
    test(
      `spec §6/handshake (open): the answer to a create while the receiver answers validation: ${c.label}`,
      {
        meta: { caseId: caseIds.handshake(c.id) },
      },
      (context) => handshakeCase(context, c),
    );

  // The deadline itself, searched over the receiver's hold (its holds at once where it can); started early beside the
  // cases above in a whole run.
  test(
    'spec §6/handshake-deadline (open): the longest the receiver may hold its validation answer and the create still succeed',
    {
      meta: { caseId: caseIds.handshakeDeadline },
    },
    deadlineCase,
  );
});
