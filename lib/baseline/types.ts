import type { PresenceRole } from '../inference/types.js';
import type { MatrixOutcome } from '../outcome.js';
import type { NotComparedReason } from '../report/types.js';

export type { NotComparedReason } from '../report/types.js';

/**
 * baselines/<name>.json: the stable part of one target's behaviour report, meant to be committed
 * (web-platform-tests keeps its expectations outside the tests the same way). Only
 * what the target decides is kept: no times, ids, request counts, ports, seeds or messages, so the
 * file changes only when the target's behaviour does. Its JSON Schema is baseline.schema.json.
 */
export interface Baseline {
  baselineVersion: 1;
  /** TARGET_NAME, or the name derived from the report's target (extract-baseline.ts). */
  name: string;
  target: BaselineTarget;
  operation: { id: string; method: string; path: string; fields: string[] };
  /** Presence role per field; empty when nothing was accepted. */
  fields: Record<string, PresenceRole>;
  rule: { expression: string; dependencies: string[] };
  /** Every combination the presence matrix has, in the report's order. */
  matrix: BaselineCombination[];
  /** Fields whose value classes or limits were probed; fields with neither are left out. */
  values: Record<string, BaselineFieldValues>;
  /** The lifecycle facts (lib/lifecycle/stable-facts.ts), fact to text; absent when the lifecycle suite did not run. */
  lifecycle?: Record<string, string>;
}

export interface BaselineTarget {
  kind: 'embedded-reference' | 'configured';
  /** The configured BASE_URL; absent for the embedded reference, whose port changes every run. */
  baseUrl?: string;
  referenceProfile?: string;
}

/**
 * What one combination or value class got, reduced to behaviour. `unstable` and `error` carry
 * neither status nor code: they say there was no single answer, and are never compared.
 */
export interface BaselineAnswer {
  outcome: MatrixOutcome;
  status: number | null;
  errorCode?: string;
}

export interface BaselineCombination extends BaselineAnswer {
  /** Fields present, in the operation's order. */
  present: string[];
}

export interface BaselineFieldValues {
  /** Value class id (e.g. `http-absolute`) to its answer, in run order. */
  classes: Record<string, BaselineAnswer>;
  /** Limit name (e.g. `longest accepted lifetime`) to what the search found. */
  limits: Record<string, BaselineLimit>;
}

export interface BaselineLimit {
  unit: string;
  /** Largest accepted value; absent when not pinned. */
  value?: number;
  /** Smallest rejected value seen; absent when none was (accepted up to the largest tried). */
  firstRejected?: number;
  /** The search lost an answer (its case was an ERROR): nothing it found is compared. */
  noVerdict?: true;
  /**
   * The search stopped before its edges met (out of requests, answers that contradict each other): where it stopped is
   * no behaviour of the target's, so no value is stored and nothing is compared.
   */
  undetermined?: true;
}

/** One difference between a baseline and a run: a closed union keyed on `kind`. */
export type DriftChange =
  | { kind: 'role'; field: string; from: PresenceRole | undefined; to: PresenceRole | undefined }
  | { kind: 'rule'; from: string; to: string }
  | { kind: 'dependencies'; from: string[]; to: string[] }
  | { kind: 'matrix'; present: string[]; from: BaselineAnswer; to: BaselineAnswer }
  | { kind: 'value'; field: string; classId: string; from: BaselineAnswer; to: BaselineAnswer }
  | { kind: 'limit'; field: string; name: string; from: BaselineLimit; to: BaselineLimit }
  | { kind: 'lifecycle'; fact: string; from: string; to: string };

export interface NotCompared {
  part: 'matrix' | 'values' | 'limits' | 'roles' | 'lifecycle';
  reason: NotComparedReason;
  count: number;
}

/** The outcome of comparing a run with a baseline (diff-baseline.ts). */
export interface Drift {
  changes: DriftChange[];
  compared: { combinations: number; valueClasses: number; limits: number; ruleAndRoles: boolean; lifecycleFacts?: number };
  notCompared: NotCompared[];
  /** Why the rule, roles and dependencies were not compared, when they were not. */
  ruleNotCompared?: string;
  /** When the baseline was made against another target than this run's: both, in words. */
  otherTarget?: { baseline: string; run: string };
}
