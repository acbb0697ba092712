/**
 * A suite as the plan, the suite file and the campaign read it: its id, whether it applies to an operation (and why
 * not), and its cases with a bound of the requests each sends, from the settings and the operation alone. The suite
 * files record exactly these case ids (lib/plan/case-ids.ts), and skip every case with `appliesTo`'s reason where the
 * suite does not apply; test/dry-run.test.ts holds what a run sends to these bounds from both sides.
 */
import type { Settings } from '../../config/types.js';
import type { OperationSpec } from '../../operation/types.js';

export interface PlannedCase {
  id: string;
  /** Most requests the case sends, each exchange once. */
  requests: number;
  /** Most creates among them (each deleted right after, or by the run's end). */
  creates: number;
  /** Why it will be skipped, when the settings already say so. */
  skipped?: string;
  /**
   * The bound is a budget the case spends as the answers lead it (a search, asks again where an answer may be
   * chance): a target whose answers settle it early spends a few requests of it.
   */
  budget?: true;
  /** Requests it sends whenever it runs, where its bound is a worst case far above that (a refusal asked until confirmed). */
  least?: number;
}

/** Where the run sends: the embedded reference (which makes its own changes and serves every method) or a configured target. */
export interface PlanTarget {
  embedded: boolean;
}

export interface SuiteDescriptor {
  /** The suite file's name without `.test.ts`, as the reports name it: `02-presence-matrix`. */
  id: string;
  /** True when the suite's cases can run on this operation; otherwise why not, in words every case is skipped with. */
  appliesTo: (op: OperationSpec) => true | string;
  /** Its cases, in the order the suite records them. */
  cases: (settings: Settings, target: PlanTarget) => PlannedCase[];
  /** Most milliseconds it may wait on its own with these cases planned (a notification, a slow receiver), if it waits. */
  waitMs?: (settings: Settings, cases: readonly PlannedCase[]) => number;
}

/** A create and the DELETE that undoes it. */
export const CREATE = { requests: 2, creates: 1 };

/** A case that sends `sends`, or sends nothing and is skipped for `skipped`. */
export const one = (id: string, sends: { requests: number; creates: number }, skipped?: string): PlannedCase => ({
  id,
  ...(skipped === undefined ? sends : { requests: 0, creates: 0 }),
  ...(skipped !== undefined ? { skipped } : {}),
});

/** A case whose bound is a budget (PlannedCase.budget). */
export const search = (id: string, sends: { requests: number; creates: number }, skipped?: string): PlannedCase => ({
  ...one(id, sends, skipped),
  budget: true,
});

/** A suite every operation with a JSON body gets. */
export const always = (): true => true;
