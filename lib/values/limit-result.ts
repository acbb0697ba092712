/** What a limit search (./find-limit.ts) found, and how it ended: plain data, which the verdict and the report read. */
import type { PresenceAnswer } from '../rule/answer.js';
import type { IntermittentNote } from './limit-finding.js';

export interface LimitStep {
  x: number;
  answer: PresenceAnswer;
}

/** How the search ended. */
export type LimitEnd =
  /** Largest accepted and smallest rejected differ by one. */
  | 'exact'
  /** `high` was accepted: the limit, if any, is above the range. */
  | 'high-accepted'
  /** `low` was rejected: nothing is pinned. */
  | 'low-rejected'
  /** An answer stayed unknown after a retry. */
  | 'no-answer'
  /** `maxSteps` probes were made before the gap closed. */
  | 'max-steps'
  /** The answers for one value contradicted each other on asking again: no limit is stated. */
  | 'undetermined';

export interface LimitResult {
  end: LimitEnd;
  /** Largest value seen accepted; when `end` is 'exact', the limit. Undefined when none was. */
  largestAccepted: number | undefined;
  /** Smallest value seen rejected. Undefined when none was. */
  smallestRejected: number | undefined;
  /** Probes made, retries of unknown answers and second asks included. */
  probes: number;
  /** Every probe in order. */
  steps: LimitStep[];
  /** What stopped the search short of an exact limit, or why there is none, in plain words. */
  note?: string;
  /** A refusal the target gave a value it also accepted, over the search's asks (settled searches only). */
  intermittent?: IntermittentNote;
  /** The limit is a candidate the search checked at its edges: one a refusal stated, or one the description documents. */
  candidate?: { value: number; from: CandidateSource };
}

/** Where a candidate came from: a refusal's message, or the operation's description. */
export type CandidateSource = 'stated' | 'documented' | 'recorded';
