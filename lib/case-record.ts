import type { NetworkInfo } from './config/network-info.js';
import type {} from 'vitest';
import type { EarlyStop } from './http/types.js';
import type { StateMechanism, Verdict } from './outcome.js';
import type { ExploreResult } from './explore/types.js';
import type { Observation } from './inference/types.js';
import type { SupportFigures } from './matrix/support-asks.js';
import type { ValueExpectation } from './operation/types.js';
import type { LifecyclePart } from './lifecycle/types.js';
import type { IntermittentNote, LimitFinding } from './values/limit-finding.js';

export type { LimitFinding };
import type { RefusalKind } from './protocol/refusal-kind.js';

export type { IntermittentNote } from './values/limit-finding.js';

/**
 * What a conformance case leaves behind for the reporters, attached as vitest
 * `task.meta.probe` (serialisable, survives sharding and --merge-reports).
 * Suites write it; lib/report reads it; nothing else couples the two. One kind per kind of case, each with the
 * evidence it carries: the report's builder switches on `kind` (lib/report/build-report.ts).
 */
export type CaseRecord = CaseCommon & CaseEvidence;

/** The evidence of each kind of case. A new kind of probe is one more member here and one more branch in the builder. */
export type CaseEvidence =
  /** A check of the spec's own observations (suite 01). */
  | { kind: 'observation' }
  /** One combination of present fields of the exhaustive matrix, as the worker judged it (suite 02). */
  | { kind: 'matrix'; observation: Observation }
  /**
   * Matrix answers asked again, the lone refusals (lib/matrix/lone-refusals.ts) or those a finding rests on alone and
   * a sample (lib/matrix/support-asks.ts, `askedAgain` its figures): each combination's settled observation, which
   * takes the place of its matrix case's (suite 02).
   */
  | { kind: 'confirmation'; observations: Observation[]; askedAgain?: SupportFigures }
  /** The adaptive exploration above EXHAUSTIVE_MAX_FIELDS: what it learnt and how sure it is (suite 02). */
  | { kind: 'exploration'; exploration: ExplorationRecord }
  /** One value class of one field in an otherwise accepted body (suite 03). */
  | { kind: 'value'; value: ValueObservation }
  /** A limit found by bisection (suite 03). */
  | { kind: 'limit'; limit: LimitFinding }
  /** A property-based case, with the seed to replay it with SEED (suite 04). */
  | { kind: 'property'; seed: number }
  /** A protocol judge's verdict on one answer, or on every refusal of a suite (suites 02, 03, 05). */
  | { kind: 'protocol' }
  /** A notification or handshake case (suite 06). */
  | { kind: 'events' }
  /** What a lifecycle case found out; the report merges the parts in case order (suite 07). */
  | { kind: 'lifecycle'; lifecycle: LifecyclePart };

export type CaseKind = CaseEvidence['kind'];

/** What every case says, whatever its kind. */
export interface CaseCommon {
  /** Stable id, e.g. `matrix/notificationUrl+expirationDateTime`, `spec-7/observation-all-five`. */
  id: string;
  /** Part of the spec the case checks, e.g. "spec §7 rule 1", or "open: spec §4 'Which fields are required: not shown'". */
  specRef: string;
  verdict: Verdict;
  /** Plain words for INFORMATIONAL findings and DEVIATES, e.g. "401 without a WWW-Authenticate header". */
  finding?: string;
  expected?: string;
  observed?: string;
  /** Requests put on the wire by this case, retries included. */
  requests: number;
  /** One representative exchange as a cURL command (token as $ACCESS_TOKEN) with what came back. */
  example?: ExampleExchange;
  /** Requests the case asked again because an earlier ask got no verdict (lib/create/client.ts); absent when none. */
  secondAsks?: number;
  /**
   * Answers the case took from an earlier ask of the same body (another case's, another suite's) instead of sending it
   * again; absent when none. Said per suite beside its requests, so a run shows what it did not have to send.
   */
  reused?: number;
  /**
   * Creates the case asked again because the target's state refused them while the run's own lived, and the room
   * the run had learned by the end of the case (lib/create/state-pacer.ts); absent when none was.
   */
  stateAsks?: { asks: number; room?: number; by: Partial<Record<StateMechanism, number>> };
  /** Subscriptions created by the case that could not be deleted. */
  cleanupFailures?: string[];
  /** The target the case probed (each record carries it, so merged shard reports still know). */
  target: TargetRef;
  /**
   * The worker's engine total when the case ended: requests sent by no case in particular (shared
   * evidence, retries of deletes) are counted too. The report takes each run's last total.
   */
  engineRequests?: { run: string; sent: number };
  /** Set when the engine's budget or time limit had stopped the run by the end of this case. */
  stoppedEarly?: EarlyStop;
  /** The kinds of refusal breaking spec §7 rule 1 this case judged (lib/protocol/once-per-kind.ts). */
  refusalKinds?: RefusalKind[];
  /** The cases that judged each of those kinds first: this one records them and does not fail again. */
  sameKindAs?: string[];
}

/** What the worker adds to what a case says (lib's side of suites/support/case-run.ts finishCase). */
type AddedByTheRun = 'requests' | 'cleanupFailures' | 'target' | 'stoppedEarly' | 'engineRequests' | 'secondAsks' | 'stateAsks' | 'reused';

/** A record as a case writes it, of whichever kind: the run adds its requests, target and the rest. */
export type CaseRecordInput = CaseEvidence & Omit<CaseCommon, AddedByTheRun>;

/**
 * What an exploration learnt and how sure it is (lib/explore's result), with the observations as the
 * matrix records them (status, code). The report takes the explorer's rule, roles and dependencies only
 * when `exact`, and then only where the answers alone leave them open (lib/report/explored-rule.ts).
 */
export type ExplorationRecord = Pick<
  ExploreResult,
  | 'strategy'
  | 'confirmed'
  | 'possible'
  | 'exact'
  | 'unresolved'
  | 'assumptions'
  | 'rule'
  | 'ruleExpr'
  | 'roles'
  | 'dependencies'
  | 'firstAccepted'
> & {
  /** Combinations asked (each sent REPEATS times). */
  combinationsAsked: number;
  /** Why the worker did not take the exact rule: it disagrees with an answer (lib/presence/explorer-check.ts). */
  explorerNotUsed?: string;
  /**
   * The worker checked the exact rule against its answers when the exploration ended (explorerNotUsed says what it
   * found): the report takes that decision, and only a merge of shards, whose answers may hold more, checks again.
   */
  decidedInWorker?: true;
  observations: Observation[];
};

export interface ValueObservation {
  field: string;
  classId: string;
  description: string;
  /** Whether the value has the form spec §2 gives the field (lib/operation/types.ts). */
  expectation?: ValueExpectation;
  /** The value as sent, as short JSON text (long values cut, with their length). */
  sent?: string;
  /** Fields present in the body the value was put in. */
  base: string[];
  /** `unstable`: the asks of the value contradicted each other (lib/values/settle.ts): undetermined. */
  outcome: 'accepted' | 'rejected' | 'unstable' | 'error';
  status: number | null;
  errorCode?: string;
  errorMessage?: string;
  /** Times the value was sent, when more than once (a refusal is asked again before it counts). */
  asks?: number;
  /** A refusal of this value that another ask of it contradicted (a 2xx): intermittent, not the value's. */
  intermittent?: IntermittentNote;
  /** The value is one the operation lists for the field (lib/operation/types.ts ValueClass.listed). */
  listed?: true;
}

export interface TargetRef {
  baseUrl: string;
  kind: 'configured' | 'embedded-reference';
  referenceProfile?: string;
  /** How a configured target was reached: proxy, CA file, client certificate, TLS_INSECURE (lib/config/network-info.ts). */
  network?: NetworkInfo;
}

export interface ExampleExchange {
  curl: string;
  status: number | null;
  responseBody: string;
  failure?: string;
}

/**
 * Why a case did not run, left by the case as `task.meta.skip` before it skips: the id it would have had, the
 * reason in words, and what to set or do to test it, when something would.
 */
export interface SkipRecord {
  id: string;
  reason: string;
  toTest?: string;
  /** The skip rests on no accepted body (with this field) being known where the case ran (lib/presence/evidence.ts). */
  noAccepted?: { with?: string };
}

declare module 'vitest' {
  interface TaskMeta {
    /** The case's id (lib/plan/case-ids.ts), declared with the test: known whether it runs, skips or is cut short. */
    caseId?: string;
    probe?: CaseRecord;
    skip?: SkipRecord;
  }
}
