/**
 * The events suite's handshake cases (spec §6, open: "any validation of the notification URL: not
 * shown"): a create while the probe's receiver answers the validation request with a wrong token,
 * slowly (longer than the target's limit) or with 500. They only wait on the target, the slow one for
 * the target's whole validation limit (5 s on the reference), so a whole run starts them as soon as the
 * presence matrix has found an accepted body, beside suites 03 to 05, and 06-events reads what they saw
 * (a wait overlaps the cases that send instead of holding the run). Each misbehaves in a
 * scope of its own (lib/receiver/scope.ts): the other suites' creates meet a normal receiver meanwhile.
 * A run of some files only, or a shard, starts them in 06-events itself, as it would not know whether
 * 06 is in it.
 */
import { inject } from 'vitest';
import type { ReceiverMisbehaviour } from '../../lib/events/handshake-answer.js';
import type { Exchange } from '../../lib/http/types.js';
import { buildBody } from '../../lib/matrix/build-body.js';
import { scopedUrl } from '../../lib/receiver/scope.js';
import type { ReceivedHandshake, ReceiverMode } from '../../lib/receiver/types.js';
import { acceptedBase, noBaseReason } from './accepted-base.js';
import { CaseRun } from './case-run.js';
import { runStopping } from './stop.js';
import { receiverUnavailable, type Unavailable } from './cause-change.js';
import type { ProbeContext } from './context.js';
import type { HANDSHAKE_CASES } from '../../lib/plan/case-ids.js';
import { askUntilHandshake } from '../../lib/events/handshake-asks.js';
import { deadlineTopSeconds, type DeadlineSearch } from '../../lib/events/handshake-deadline.js';
import { searchDeadline } from '../../lib/events/deadline-search.js';
import { notificationField } from '../../lib/operation/notification-field.js';

export interface HandshakeCase {
  /** The case id's last part: events/handshake-{id}. */
  id: (typeof HANDSHAKE_CASES)[number];
  label: string;
  mode: Partial<ReceiverMode>;
  misbehaviour: ReceiverMisbehaviour;
}

export type HandshakeOutcome =
  | { kind: 'skipped'; why: Unavailable }
  | { kind: 'sent'; run: CaseRun; exchange: Exchange; seen: ReceivedHandshake[]; unasked: Exchange[] };

export function handshakeCases(probe: ProbeContext): HandshakeCase[] {
  const slowMs = probe.settings.receiver.slowReceiverMs;
  return [
    { id: 'wrong-token', label: 'wrong token', mode: { token: 'wrong' }, misbehaviour: { kind: 'wrong-token' } },
    {
      id: 'slow',
      label: `slow (${slowMs / 1000} s, SLOW_RECEIVER_SECONDS)`,
      mode: { delayMs: slowMs },
      misbehaviour: { kind: 'slow', delayMs: slowMs },
    },
    { id: '500', label: '500', mode: { fail: 'always' }, misbehaviour: { kind: 'fail' } },
  ];
}

const started = new Map<string, Promise<HandshakeOutcome>>();

/**
 * The case's outcome: the one startHandshakeCasesEarly started, or one started now. An early outcome is
 * read once, so a rerun (the vitest UI keeps the worker) sends again instead of reporting the old answer.
 */
export function handshakeOutcome(probe: ProbeContext, c: HandshakeCase): Promise<HandshakeOutcome> {
  const early = started.get(c.id);
  started.delete(c.id);
  return early ?? runHandshakeCase(probe, c);
}

/** Called once the presence matrix is done: starts every handshake case when this run is a whole one. */
export function startHandshakeCasesEarly(probe: ProbeContext): void {
  // A stopped run starts nothing more: 06-events will not run to read them.
  if (inject('startWaitsEarly') !== true || runStopping()) return;
  for (const c of handshakeCases(probe)) {
    if (started.has(c.id)) continue;
    const outcome = runHandshakeCase(probe, c);
    // Read later by 06-events, which fails the case when this rejects; until then nothing is unhandled.
    outcome.catch(() => undefined);
    started.set(c.id, outcome);
  }
  if (deadlineStarted === undefined) {
    deadlineStarted = runDeadlineSearch(probe);
    deadlineStarted.catch(() => undefined);
  }
}

export type DeadlineOutcome = { kind: 'skipped'; why: Unavailable } | { kind: 'searched'; run: CaseRun; search: DeadlineSearch };

let deadlineStarted: Promise<DeadlineOutcome> | undefined;

/** The deadline search's outcome: the one started early, or one started now (read once, as handshakeOutcome is). */
export function deadlineOutcome(probe: ProbeContext): Promise<DeadlineOutcome> {
  const early = deadlineStarted;
  deadlineStarted = undefined;
  return early ?? runDeadlineSearch(probe);
}

/**
 * The handshake deadline, in whole seconds from 0 (a receiver answering at once) to deadlineTopSeconds, by the search
 * of lib/events/deadline-search.ts: its holds in flight at once up to CONCURRENCY, each create in a scope of its own
 * (the hold is the scope's mode), so the holds differ and the other cases' creates meet a normal receiver. At most
 * deadlineCreates(top) creates (the plan counts them). A target that sends no validation request to the receiver
 * answering at once waits on none: the search stops there.
 */
async function runDeadlineSearch(probe: ProbeContext): Promise<DeadlineOutcome> {
  const unavailable = receiverUnavailable(probe);
  const receiver = probe.receiver;
  const field = notificationField(probe.operation);
  if (unavailable !== undefined || receiver === undefined || field === undefined)
    return { kind: 'skipped', why: unavailable ?? { reason: 'no receiver' } };
  const top = deadlineTopSeconds(probe.settings);
  if (top < 1) {
    const why =
      probe.settings.receiver.handshakeDeadlineMaxSeconds === 0
        ? 'HANDSHAKE_DEADLINE_MAX_SECONDS is 0: the handshake deadline is not searched'
        : 'REQUEST_TIMEOUT_MS is under 2 s: no hold of a whole second fits under it';
    return {
      kind: 'skipped',
      why: { reason: why, toTest: 'set HANDSHAKE_DEADLINE_MAX_SECONDS to the longest hold to try (and REQUEST_TIMEOUT_MS above it)' },
    };
  }
  const run = new CaseRun(probe);
  const base = await acceptedBase(probe, run);
  if (base === undefined)
    return { kind: 'skipped', why: await noBaseReason(probe, run, undefined, 'no create can be sent that only the receiver would fail') };
  // Short, since targets echo the notification URL in their error message; one per create, as holds run at once.
  let n = 0;
  const firstScope = 'deadline-1';
  const validations = async (): Promise<number> => (await receiver.handshakes()).filter((h) => h.scope === firstScope).length;
  // A rerun in the same worker (the vitest UI) finds the scope's earlier validations on the receiver.
  const before = await validations();
  const search = await searchDeadline({
    send: (seconds) => {
      n += 1;
      return createWhileReceiver(probe, run, receiver, base.present, `deadline-${n}`, { delayMs: seconds * 1000 });
    },
    top,
    parallel: probe.settings.pacing.concurrency,
    fields: probe.operation.fields.map((f) => f.name),
    field,
    validated: async () => (await validations()) > before,
    ...(probe.operation.validationDeadlineSeconds !== undefined ? { documented: probe.operation.validationDeadlineSeconds } : {}),
  });
  return { kind: 'searched', run, search };
}

async function runHandshakeCase(probe: ProbeContext, c: HandshakeCase): Promise<HandshakeOutcome> {
  const unavailable = receiverUnavailable(probe);
  const receiver = probe.receiver;
  if (unavailable !== undefined || receiver === undefined) return { kind: 'skipped', why: unavailable ?? { reason: 'no receiver' } };
  const run = new CaseRun(probe);
  const base = await acceptedBase(probe, run);
  if (base === undefined)
    return { kind: 'skipped', why: await noBaseReason(probe, run, undefined, 'no create can be sent that only the receiver would fail') };
  // The receiver is this run's and each case runs once in it: the case's id is scope enough, and short,
  // since targets echo the notification URL in their error message; a create asked again has a scope of its own,
  // so that the validation requests counted are its own.
  const asked = await askUntilHandshake(async (attempt) => {
    const scope = attempt === 0 ? c.id : `${c.id}-${attempt + 1}`;
    const exchange = await createWhileReceiver(probe, run, receiver, base.present, scope, c.mode);
    return { exchange, seen: (await receiver.handshakes()).filter((h) => h.scope === scope) };
  });
  return { kind: 'sent', run, ...asked };
}

/**
 * A create whose notificationUrl is the receiver's `scope`, sent while that scope answers validation in `mode`; the
 * scope answers normally again right after, and what the create made is deleted. The engine answers with an exchange,
 * never throws.
 */
async function createWhileReceiver(
  probe: ProbeContext,
  run: CaseRun,
  receiver: NonNullable<ProbeContext['receiver']>,
  present: readonly string[],
  scope: string,
  mode: Partial<ReceiverMode>,
): Promise<Exchange> {
  const values = probe.values();
  await receiver.setMode(mode, scope);
  let exchange: Exchange;
  try {
    exchange = await run.client.sendBody(
      buildBody(probe.operation, present, { ...values, notificationUrl: scopedUrl(values.notificationUrl, scope) }),
    );
  } finally {
    await receiver.setMode({}, scope);
  }
  await run.client.undoCreate(exchange);
  return exchange;
}
