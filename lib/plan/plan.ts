/**
 * What a probe run will do before it does it: the suites, their cases (the ids the reports will use) and an upper
 * bound of the requests each sends, from the settings and the operation description alone, sending nothing. The ids
 * are the suites' own (./case-ids.ts); the self-test that runs both (test/dry-run.test.ts) fails when a suite sends
 * more than its bound or records a case the plan does not name.
 *
 * A bound counts each exchange once (a create, the DELETE that undoes it, a read); `worstCase` adds a retry of every
 * one of them (MAX_RETRIES) and the end-of-run cleanup, and is cut at MAX_REQUESTS, where the engine stops a run.
 */
import { isLoopbackHost } from '../net/loopback.js';
import { engineLimits } from '../config/engine-limits.js';
import { firstAsks, type Settings } from '../config/types.js';
import { NO_DELETE_PATH, undoPlan } from '../create/undo-plan.js';
import { MAX_PATCHED_FIELDS, RENEW_FIELD, RENEW_MINUTES } from '../lifecycle/bounds.js';
import { LIST_BOUNDS } from '../lifecycle/list-walk.js';
import type { OperationSpec } from '../operation/types.js';
import { SHRINK_REQUESTS, trialRequests } from '../properties/bounds.js';
import { AUTH_VARIANTS } from '../protocol/auth.js';
import { caseIds, CONTENT_CASES, HANDSHAKE_CASES, MALFORMED_BODIES, OTHER_VERSIONS, PROPERTIES } from './case-ids.js';
import { observationCases } from '../protocol/spec-observation.js';
import { combinations } from '../rule/field-set.js';
import { defaultMaxSteps, defaultSettledSteps } from '../values/find-limit.js';
import { deadlineCreates, deadlineTopSeconds } from '../events/handshake-deadline.js';
import { MAX_ASKS } from '../values/settle.js';
import { mostGroupBodies, planValueGroups } from '../values/value-groups.js';
import { LONE_ASKS } from '../matrix/lone-refusals.js';
import { askedAgainBound } from '../matrix/support-asks.js';
import { answeredByTheMatrix } from '../properties/judge-property.js';

export interface PlannedCase {
  id: string;
  /** Most requests the case sends, each exchange once. */
  requests: number;
  /** Most creates among them (each deleted right after, or by the run's end). */
  creates: number;
  /** Why it will be skipped, when the settings already say so. */
  skipped?: string;
}

export interface PlannedSuite {
  /** The suite file's name without `.test.ts`, as the reports name it: `02-presence-matrix`. */
  suite: string;
  cases: PlannedCase[];
  /** The presence step this suite runs first when 02-presence-matrix is not in the run (a filter, a shard). */
  presenceStep?: { requests: number; creates: number };
  /** Requests its cases share besides their own: the properties' shrinking of a counterexample (lib/properties/bounds.ts). */
  shrinking?: { requests: number; creates: number };
  requests: number;
  creates: number;
}

export interface RunPlan {
  suites: PlannedSuite[];
  /** Before the suites: the setup check (a configured target), the leftovers of earlier runs the ledger deletes. */
  before: { setupCheck: number; leftovers: number };
  /** A GET of the operation's path, asked at most once per run when a case needs to tell its 401s from every request's. */
  plainGet: number;
  /** Every suite's bound and what comes before, each exchange once. */
  requests: number;
  /** Every exchange retried MAX_RETRIES times and every create deleted again at the end, cut at MAX_REQUESTS. */
  worstCase: number;
  creates: number;
  /** `requests` at REQUESTS_PER_SECOND. */
  sendingSeconds: number;
  /** Most time the events suite may wait on its own (notifications, the slow receiver, CHANGE_COMMAND). */
  waitSeconds: number;
}

/** The suite files, in run order (suites/, numbered). */
export const SUITES = [
  '01-spec-observations',
  '02-presence-matrix',
  '03-value-classes',
  '04-properties',
  '05-protocol',
  '06-events',
  '07-lifecycle',
] as const;

/** The suites a run with these filters runs: vitest keeps a file whose path contains a filter. */
export function selectedSuites(filters: readonly string[]): string[] {
  if (filters.length === 0) return [...SUITES];
  return SUITES.filter((s) => filters.some((f) => `suites/${s}.test.ts`.includes(f)));
}

/** A create and the DELETE that undoes it. */
const CREATE = { requests: 2, creates: 1 };
const one = (id: string, sends: { requests: number; creates: number }, skipped?: string): PlannedCase => ({
  id,
  ...(skipped === undefined ? sends : { requests: 0, creates: 0 }),
  ...(skipped !== undefined ? { skipped } : {}),
});

function presenceBound(settings: Settings, repeats: number): { requests: number; creates: number } {
  const n = settings.target.operation.fields.length;
  const { exhaustiveMaxFields, exploreCombinationsPerField } = settings.exploration;
  const asked = n <= exhaustiveMaxFields ? 2 ** n : exploreCombinationsPerField * n;
  return { requests: asked * repeats * 2, creates: asked * repeats };
}

function specObservations(op: OperationSpec): PlannedCase[] {
  const { allId, withoutId } = observationCases(
    op.fields.map((f) => f.name),
    op.reportedAccepted,
  );
  return [one(allId, CREATE), ...(withoutId !== undefined ? [one(withoutId, CREATE)] : [])];
}

/** Lone refusals the plan counts on: chance rarely makes more than one or two in a run. */
const LONE_PLANNED = 2;

function presenceMatrix(settings: Settings): PlannedCase[] {
  const fields = settings.target.operation.fields.map((f) => f.name);
  const { repeats, exhaustiveMaxFields } = settings.exploration;
  const asks = firstAsks(repeats);
  const each = { requests: asks * 2, creates: asks };
  const adaptive = fields.length > exhaustiveMaxFields;
  // Under auto the explorer asks each combination once and at most once again; an answer that changed has it explore
  // again twice over (lib/presence/explore.ts): four asks per combination at most.
  const rows = adaptive
    ? [one(caseIds.matrixAdaptive, presenceBound(settings, repeats === 'auto' ? 4 : repeats))]
    : combinations(fields).map((present) => one(caseIds.matrix(present), each));
  // Under auto, the answers asked again (lib/matrix/support-asks.ts): at most half the matrix, each a create and its delete.
  const again = adaptive || repeats !== 'auto' ? [] : [one(caseIds.matrixAskedAgain, askedAgainBound(fields.length))];
  // Lone refusals are asked again (lib/matrix/lone-refusals.ts): at most one per accepted combination's neighbour, a
  // few are counted here; each ask is a create and its delete.
  const lone =
    fields.length > exhaustiveMaxFields
      ? []
      : [one(caseIds.matrixLoneRefusals, { requests: LONE_PLANNED * LONE_ASKS * 2, creates: LONE_PLANNED * LONE_ASKS })];
  return [...rows, ...again, ...lone, one(caseIds.matrixRefusals, { requests: 0, creates: 0 })];
}

/** A moment and URL to read the value classes' JSON types from: the groups do not depend on them. */
const PLAN_CONTEXT = { now: new Date(0), notificationUrl: 'https://plan.invalid/notifications', unique: 'plan' };

function valueClasses(op: OperationSpec): PlannedCase[] {
  // A refused value is asked again until its refusal is confirmed (lib/values/settle.ts): at most MAX_ASKS creates, of
  // which one at most is accepted and deleted.
  const asked = { requests: MAX_ASKS + 1, creates: 1 };
  // A group of values is sent in one member's case: its body, and when refused its halves' (mostGroupBodies), each a
  // create and its delete (lib/values/value-groups.ts); counted on its first member, as the suite's total is what holds.
  const groupBodies = new Map<string, number>();
  for (const group of planValueGroups(op, PLAN_CONTEXT)) {
    const first = group[0];
    if (first !== undefined) groupBodies.set(caseIds.value(first.field, first.valueClass.id), mostGroupBodies(group.length));
  }
  const classes = op.fields.flatMap((f) =>
    f.classes.map((c) => {
      const id = caseIds.value(f.name, c.id);
      const bodies = groupBodies.get(id) ?? 0;
      return one(id, { requests: asked.requests + 2 * bodies, creates: asked.creates + bodies });
    }),
  );
  const limits = (op.limits ?? []).map((l) => {
    const steps = l.maxSteps ?? defaultSettledSteps(l.low, l.high);
    return one(caseIds.limit(l.field, l.id), { requests: steps * 2, creates: steps });
  });
  return [...classes, ...limits, one(caseIds.valueRefusals, { requests: 0, creates: 0 })];
}

function properties(settings: Settings): PlannedCase[] {
  // Each run's trial at its most: a create and its delete, the body sent twice for the determinism property; a
  // random body is mostly refused, and then costs half that.
  const answered = answeredByTheMatrix(settings.exploration, settings.target.operation.fields.length);
  return PROPERTIES.map((name) => {
    const requests = trialRequests(settings.exploration, name);
    const skipped = name === 'matrix-rule-predicts-outcome' ? answered : undefined;
    return one(caseIds.property(name), { requests, creates: Math.ceil(requests / 2) }, skipped);
  });
}

function protocol(settings: Settings, embedded: boolean): PlannedCase[] {
  const op = settings.target.operation;
  const versioned = /^(.*?\/)v\d+\.\d+\/(.*)$/.test(op.path);
  // A create elsewhere (another version, PUT or PATCH on the collection) is undone at two paths at most.
  const elsewhere = { requests: 3, creates: 1 };
  const writes = embedded || settings.target.probeWriteMethods ? undefined : 'PROBE_WRITE_METHODS is not set';
  return [
    one(caseIds.wellFormed, { requests: 0, creates: 0 }),
    ...AUTH_VARIANTS.flatMap((v) => [one(caseIds.auth(v.id), CREATE), one(caseIds.authRefusal(v.id), { requests: 0, creates: 0 })]),
    ...MALFORMED_BODIES.map((id) => one(caseIds.malformed(id), CREATE)),
    ...CONTENT_CASES.map((id) => one(caseIds.content(id), CREATE)),
    one(caseIds.specVersion, CREATE),
    ...OTHER_VERSIONS.map((id) =>
      one(caseIds.version(id), elsewhere, versioned ? undefined : `the operation path ${op.path} has no version segment`),
    ),
    one(caseIds.method('GET'), { requests: 1, creates: 0 }),
    one(caseIds.method('PUT'), elsewhere, writes),
    one(caseIds.method('PATCH'), elsewhere, writes),
    one(caseIds.method('DELETE'), { requests: 1, creates: 0 }, writes),
  ];
}

/** Why the events suite cannot see notifications here, as suites/support/cause-change.ts decides it. */
function receiverMissing(settings: Settings): string | undefined {
  if (settings.receiver.notificationUrl !== undefined) return 'NOTIFICATION_URL names another receiver';
  const base = settings.target.baseUrl;
  if (base !== undefined && !isLoopbackHost(new URL(base).hostname) && settings.receiver.receiverPublicUrl === undefined)
    return 'the target cannot reach the receiver (RECEIVER_PUBLIC_URL is not set)';
  return undefined;
}

function events(settings: Settings, embedded: boolean): PlannedCase[] {
  const receiver = receiverMissing(settings);
  const change = receiver ?? (embedded || settings.receiver.change !== undefined ? undefined : 'no CHANGE_COMMAND or CHANGE_REQUEST');
  // A CHANGE_REQUEST goes through the probe's engine: one more request per change.
  const changed = { requests: 2 + (settings.receiver.change?.kind === 'request' ? 1 : 0), creates: 1 };
  const handshake = HANDSHAKE_CASES.map((id) => one(caseIds.handshake(id), CREATE, receiver));
  // The handshake deadline searched over the receiver's hold, each create deleted, the asks sent ahead and not used
  // counted (lib/events/handshake-deadline.ts).
  const creates = deadlineCreates(deadlineTopSeconds(settings));
  const deadline = one(
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
}

function lifecycle(settings: Settings): PlannedCase[] {
  const op = settings.target.operation;
  // The same decision the run makes (a Location seen during the run may still give one then).
  const none = undoPlan(settings.target).cleanup === undefined ? `no delete path known before the run (${NO_DELETE_PATH})` : undefined;
  const pages = LIST_BOUNDS.maxPages;
  const lifetime = op.limits?.find((l) => l.field === RENEW_FIELD && l.unit === 'minutes');
  // The longest renewal is searched up from the first renewal when it was accepted (at most to the longest lifetime a
  // create got, plus one, else to the limit's high), down to 1 minute when it was refused (lib/lifecycle/findings.ts).
  const renewSteps =
    lifetime === undefined ? 0 : Math.max(defaultMaxSteps(RENEW_MINUTES, lifetime.high + 1), defaultMaxSteps(1, RENEW_MINUTES));
  const hasRenewField = op.fields.some((f) => f.name === RENEW_FIELD);
  const patched = op.fields.filter((f) => f.name !== RENEW_FIELD).slice(0, MAX_PATCHED_FIELDS).length;
  return [
    // The subscription the cases follow is created by the first: its create, and a DELETE at the end if a case left it.
    one(caseIds.lifecycle('read'), { requests: 1 + 1 + 1, creates: 1 }, none),
    one(caseIds.lifecycle('list'), { requests: pages, creates: 0 }, none),
    one(caseIds.lifecycle('renew'), { requests: hasRenewField ? 2 + renewSteps : 0, creates: 0 }, none),
    one(caseIds.lifecycle('patch-fields'), { requests: 2 + patched * 2, creates: 1 }, none),
    one(caseIds.lifecycle('delete'), { requests: 3 + pages, creates: 0 }, none),
    one(caseIds.lifecycle('states'), { requests: 0, creates: 0 }),
  ];
}

function suiteCases(suite: string, settings: Settings, embedded: boolean): PlannedCase[] {
  const op = settings.target.operation;
  switch (suite) {
    case '01-spec-observations':
      return specObservations(op);
    case '02-presence-matrix':
      return presenceMatrix(settings);
    case '03-value-classes':
      return valueClasses(op);
    case '04-properties':
      return properties(settings);
    case '05-protocol':
      return protocol(settings, embedded);
    case '06-events':
      return events(settings, embedded);
    case '07-lifecycle':
      return lifecycle(settings);
    default:
      return [];
  }
}

/** Suites that ask the presence evidence (suites/support/shared-presence.ts), which a run without 02 gathers once. */
const NEED_PRESENCE = new Set(['03-value-classes', '04-properties', '05-protocol', '06-events', '07-lifecycle']);

export interface PlanOptions {
  /** Suite filters, as the probe command takes them. */
  filters?: readonly string[];
  /** One shard of a split run: it may lack 02-presence-matrix, so the presence step is counted. */
  shard?: string;
  /** Leftovers of earlier runs the ledger lists for this target (the run deletes them first). */
  leftovers?: number;
}

export function planRun(settings: Settings, options: PlanOptions = {}): RunPlan {
  const embedded = settings.target.baseUrl === undefined;
  const chosen = selectedSuites(options.filters ?? []);
  const withoutMatrix = !chosen.includes('02-presence-matrix') || options.shard !== undefined;
  let presenceCounted = false;
  const suites = chosen.map((suite): PlannedSuite => {
    const cases = suiteCases(suite, settings, embedded);
    let presenceStep: PlannedSuite['presenceStep'];
    if (withoutMatrix && !presenceCounted && NEED_PRESENCE.has(suite)) {
      presenceStep = presenceBound(settings, 1);
      presenceCounted = true;
    }
    const shrinking = suite === '04-properties' ? { requests: SHRINK_REQUESTS, creates: Math.ceil(SHRINK_REQUESTS / 2) } : undefined;
    const besides = [presenceStep, shrinking];
    const requests = cases.reduce((n, c) => n + c.requests, 0) + besides.reduce((n, b) => n + (b?.requests ?? 0), 0);
    const creates = cases.reduce((n, c) => n + c.creates, 0) + besides.reduce((n, b) => n + (b?.creates ?? 0), 0);
    return {
      suite,
      cases,
      ...(presenceStep !== undefined ? { presenceStep } : {}),
      ...(shrinking !== undefined ? { shrinking } : {}),
      requests,
      creates,
    };
  });
  const before = { setupCheck: embedded ? 0 : 2, leftovers: embedded ? 0 : (options.leftovers ?? 0) };
  const plainGet = suites.length > 0 ? 1 : 0;
  const inSuites = suites.reduce((n, s) => n + s.requests, 0) + plainGet;
  const creates = suites.reduce((n, s) => n + s.creates, 0);
  const requests = before.setupCheck + before.leftovers + inSuites;
  // The limits every engine of the run is made with: each exchange tried at most 1 + MAX_RETRIES times, and the
  // worker's engine (the suites') stopped at MAX_REQUESTS; the setup check, the sweep and the end-of-run cleanup have
  // engines of their own.
  const limits = engineLimits(settings);
  const tries = 1 + limits.maxRetries;
  // A case whose answers are evidence asks an exchange that got no verdict again, up to MAX_RETRIES times, each ask
  // with the engine's retries (suites/support/case-run.ts, lib/create/client.ts).
  const suiteTries = tries * tries;
  const worstCase = (before.setupCheck + before.leftovers) * tries + Math.min(inSuites * suiteTries, limits.maxRequests) + creates * tries;
  const eventsPlanned = suites.find((s) => s.suite === '06-events');
  const waits = (id: string): boolean => eventsPlanned?.cases.some((c) => c.id === id && c.skipped === undefined) === true;
  const change = settings.receiver.change?.kind === 'command' ? settings.receiver.changeCommandTimeoutMs : 0;
  const waitMs =
    (waits(caseIds.events('notification')) ? settings.receiver.notificationWaitMs + change : 0) +
    (waits(caseIds.events('redelivery-after-500')) ? 2 * settings.receiver.notificationWaitMs + change : 0) +
    (waits(caseIds.handshake('slow')) ? settings.receiver.slowReceiverMs : 0) +
    // Each create of the deadline search waits at most the longest hold (a bound: the search waits for several at once).
    (waits(caseIds.handshakeDeadline) ? deadlineCreates(deadlineTopSeconds(settings)) * deadlineTopSeconds(settings) * 1000 : 0);
  return {
    suites,
    before,
    plainGet,
    requests,
    worstCase,
    creates,
    sendingSeconds: requests / settings.pacing.requestsPerSecond,
    waitSeconds: waitMs / 1000,
  };
}

/** Every case id a whole run of these settings can record: what an expectations file may name. */
export function knownCaseIds(settings: Settings): string[] {
  return SUITES.flatMap((suite) => suiteCases(suite, settings, settings.target.baseUrl === undefined).map((c) => c.id));
}
