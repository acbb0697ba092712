/**
 * What a probe run will do before it does it: the suites, their cases (the ids the reports will use) and an upper
 * bound of the requests each sends, from the settings and the operation description alone, sending nothing. The ids
 * are the suites' own (./case-ids.ts); the self-test that runs both (test/dry-run.test.ts) fails when a suite sends
 * more than its bound or records a case the plan does not name.
 *
 * A bound counts each exchange once (a create, the DELETE that undoes it, a read); `worstCase` adds a retry of every
 * one of them (MAX_RETRIES) and the end-of-run cleanup, and is cut at MAX_REQUESTS, where the engine stops a run.
 */
import { engineLimits } from '../config/engine-limits.js';
import { servedByReference, type Settings } from '../config/types.js';
import { SHRINK_REQUESTS } from '../properties/bounds.js';
import { presenceBound, SUITE_DESCRIPTORS, type PlannedCase, type SuiteDescriptor } from './suites/index.js';

export type { PlannedCase } from './suites/index.js';

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
export const SUITES: readonly string[] = SUITE_DESCRIPTORS.map((d) => d.id);

/** The suites a run with these filters runs: vitest keeps a file whose path contains a filter. */
export function selectedSuites(filters: readonly string[]): string[] {
  if (filters.length === 0) return [...SUITES];
  return SUITES.filter((s) => filters.some((f) => `suites/${s}.test.ts`.includes(f)));
}

/**
 * A suite's cases for this run: its own, or, where it does not apply to the operation, each skipped with the reason
 * its descriptor gives (the suite file skips them with the same words).
 */
function suiteCases(suite: SuiteDescriptor, settings: Settings, embedded: boolean): PlannedCase[] {
  const cases = suite.cases(settings, { embedded });
  const applies = suite.appliesTo(settings.target.operation);
  if (applies === true) return cases;
  return cases.map(({ id }) => ({ id, requests: 0, creates: 0, skipped: applies }));
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
  const embedded = servedByReference(settings.target);
  const selected = selectedSuites(options.filters ?? []);
  const chosen = SUITE_DESCRIPTORS.filter((d) => selected.includes(d.id));
  const withoutMatrix = !chosen.some((d) => d.id === '02-presence-matrix') || options.shard !== undefined;
  let presenceCounted = false;
  const suites = chosen.map((descriptor): PlannedSuite => {
    const suite = descriptor.id;
    const cases = suiteCases(descriptor, settings, embedded);
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
  // A campaign's shared reference has a URL like a configured target: the run checks its setup and reads its ledger.
  const configured = settings.target.baseUrl !== undefined;
  const before = { setupCheck: configured ? 2 : 0, leftovers: configured ? (options.leftovers ?? 0) : 0 };
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
  // What the suites wait for on their own (notifications, the slow receiver, the deadline's holds), from their descriptors.
  const waitMs = chosen.reduce((ms, d) => ms + (d.waitMs?.(settings, suites.find((s) => s.suite === d.id)?.cases ?? []) ?? 0), 0);
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
  return SUITE_DESCRIPTORS.flatMap((suite) => suiteCases(suite, settings, servedByReference(settings.target)).map((c) => c.id));
}
