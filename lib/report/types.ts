import type { NetworkInfo } from '../config/network-info.js';
import type { ValidationSpelling } from '../receiver/validation-spelling.js';
import type { NamingCounts } from './naming.js';
import type { Verdict, MatrixOutcome, Refusal, StateMechanism } from '../outcome.js';
import type { Diagnosis, FieldRole, IdlStatement, RejectionGroup } from '../inference/types.js';
import type { ExampleExchange, IntermittentNote, LimitFinding, ValueObservation } from '../case-record.js';
import type { LeftOnTarget } from '../ledger/left-on-target.js';
import type { TokenProvenance } from '../auth/token-source.js';
import type { LifecycleFacts } from '../lifecycle/types.js';
import type { SupportFigures } from '../matrix/support-asks.js';
import type { SettledCurve } from './settled-points.js';
import type { HeldExpectation, ReportExpectations } from '../expectations/types.js';

/**
 * The behaviour report (reports/behaviour-report.json). Other tools read these keys:
 * keep `run`, `fields.<name>.presence`, `rule.expression`, `rule.dependencies`, `matrix`.
 * Its JSON Schema is lib/report/behaviour-report.schema.json; the writer validates against it.
 */
export interface BehaviourReport {
  reportVersion: 1;
  run: RunInfo;
  operation: { id: string; method: string; path: string; fields: string[] };
  /**
   * One entry per field; empty when nothing was accepted (see `diagnosis`). `undetermined` when the
   * unknown combinations could make it more than one role (`possible`, `hangsOn`).
   */
  fields: Record<string, ReportedRole>;
  rule: {
    expression: string;
    /** IDL statements, e.g. `OnlyOne(changeType, resource);`. */
    dependencies: string[];
    dependencyDetails: IdlStatement[];
    dependenciesExact: boolean;
    /** Combinations with no usable evidence (unstable, error, not sent): the first few, never more than a sample. */
    unknown: string[][];
    /** How many combinations have no usable evidence, all told (unknown lists at most a sample of them). */
    unknownCount?: number;
    /** What the rule is exact on: the combinations answered accepted or rejected, of 2^n. */
    exactOn?: { answered: number; of: number };
    /** Why an exact exploration's rule was not taken (it disagrees with an answer); the rule is then the answers' own. */
    explorerNotUsed?: string;
  } & ExplorerBasis;
  matrix: MatrixEntry[];
  rejectionGroups: RejectionGroup[];
  /** How much of the refusals the error reader could read (absent when nothing was refused). */
  naming?: NamingCounts;
  diagnosis?: Diagnosis;
  /**
   * What each field's values got, one value changed in an otherwise accepted body,
   * and the limits found by bisection. One entry per operation field, empty when none was probed.
   */
  values: Record<string, FieldValues>;
  /** The subscription's life after create (suite 07-lifecycle); absent when no lifecycle case ran. */
  lifecycle?: LifecycleFacts;
  cases: CaseSummary[];
  /** Cases that did not run because something they need is missing, each with its reason (absent in older reports). */
  skipped?: UnrunCase[];
  /**
   * Skips that rest on a fact the run's own presence evidence contradicts (a shard that learnt its own): each named,
   * and each fails the run (lib/report/evidence-disagreements.ts). Absent when none.
   */
  evidenceDisagreements?: string[];
  /** Cases a stop (run.stopped) cut short or never started (absent in older reports). */
  notRun?: UnrunCase[];
  counts: Record<Verdict, number>;
  /**
   * Each suite file of the run in run order: its verdicts, skipped and unrun cases, its cases' requests and its elapsed
   * time (lib/report/suite-summary.ts; absent in older reports). The console's line per suite says the same numbers.
   */
  suites?: SuiteSummary[];
  /** Every INFORMATIONAL finding in plain words. */
  findings: string[];
  /**
   * What changed since the baseline the run was given (BASELINE); absent when none was.
   * Built by lib/baseline; any change fails the run.
   */
  drift?: ReportDrift;
  /** The expectations file the run was given (EXPECTATIONS) and what became of each entry; absent without one. */
  expectations?: ReportExpectations;
  /** The observed contract written beside the report, and the comparison with a given one (--contract). */
  contract?: ReportContract;
}

/**
 * What a role or the rule rests on beyond the answers. Absent: the answers alone (every way the
 * unknown combinations could go gives it). `explorer`: an exact adaptive exploration's rule (the only
 * rule of the explorer's class that fits every answer), taken where the answers alone leave it open;
 * true only if `assumptions` hold (lib/report/explored-rule.ts).
 */
export interface ExplorerBasis {
  basis?: 'explorer';
  /** With `basis`: what the explorer's rule assumes, in plain words, the class of rules first. */
  assumptions?: string[];
}

/** A field's role as the report states it. */
export type ReportedRole = FieldRole & ExplorerBasis;

/** lib/contract's output as the report carries it. */
export interface ReportContract {
  observed?: {
    /** observed-openapi.json and .yaml, as written (relative to the working folder when inside it). */
    file: string;
    yaml: string;
    requestBodySchema: Record<string, unknown> | boolean;
    /** Bodies the probe tried that the document judges otherwise than the target did (0 when exact). */
    roundTripDisagreements: number;
    /** Why the document could not be written or is not valid OpenAPI 3.1, when so. */
    problem?: string;
  };
  comparison?: ContractComparison;
}

/** The run compared with a baseline: what changed, what was compared and what could not be. */
export interface ReportDrift {
  /** The baseline file, as given (relative to the working folder when inside it). */
  baseline: string;
  /** The name the baseline was written under (TARGET_NAME). */
  name: string;
  /** Every change, in the order roles, rule, dependencies, matrix, values, limits. */
  changes: DriftLine[];
  /** `lifecycleFacts`: lifecycle facts compared, when any were. */
  compared: { combinations: number; valueClasses: number; limits: number; ruleAndRoles: boolean; lifecycleFacts?: number };
  /** Evidence left out of the comparison, counted by part and reason. */
  notCompared: NotComparedCount[];
  /** Why the rule, roles and dependencies were not compared, when they were not. */
  ruleNotCompared?: string;
  /** When the baseline was made against another target than this run's: the sentence that says so, before any change. */
  otherTarget?: string;
}

/** One change, in words: `{notificationUrl, resource}: 400 invalidRequest -> 201`. */
export interface DriftLine {
  kind: 'role' | 'rule' | 'dependencies' | 'matrix' | 'value' | 'limit' | 'lifecycle';
  /** The field of a role, value class or limit. */
  field?: string;
  /** The combination of a matrix change. */
  present?: string[];
  /** The value class of a value change. */
  classId?: string;
  /** The limit's name, e.g. "longest accepted lifetime". */
  limit?: string;
  /** What changed, e.g. `resource`, `rule`, `{notificationUrl, resource}`. */
  subject: string;
  /** In the baseline. */
  before: string;
  /** In this run. */
  after: string;
  /** `subject: before -> after`. */
  message: string;
}

/** `undetermined`: a role the unknown combinations leave open on either side (never drift). */
export type NotComparedReason = 'unstable' | 'no-verdict' | 'only-in-baseline' | 'only-in-run' | 'undetermined';

export interface NotComparedCount {
  part: 'matrix' | 'values' | 'limits' | 'roles' | 'lifecycle';
  reason: NotComparedReason;
  count: number;
}

/**
 * What stopped a run before every case ran: the user (Ctrl-C, SIGTERM, as the command names them), the engine's
 * request budget or run time, or a shard of a merged run that did not finish.
 */
export interface RunStop {
  by: 'Ctrl-C' | 'SIGTERM' | 'budget' | 'deadline' | 'shard' | 'connection' | 'undo' | 'state';
  /** ISO time. */
  at: string;
  /** In words. */
  why: string;
}

/** A case that did not run: skipped by itself, or left out by a stop. */
export interface UnrunCase {
  id: string;
  /** Its suite, e.g. `06-events`. */
  suite: string;
  /** The test's full name. */
  name: string;
  reason: string;
  /** What to set or do to test it, when something would. */
  toTest?: string;
  /** The skip rests on no accepted body (with this field) being known where the case ran. */
  noAccepted?: { with?: string };
}

/** One suite file of the run, counted from its cases (lib/report/suite-summary.ts). */
export interface SuiteSummary {
  /** e.g. `02-presence-matrix`. */
  suite: string;
  /** Its cases' verdicts; a case that failed before it recorded one is the harness's ERROR. */
  counts: Record<Verdict, number>;
  skipped: number;
  /** Cases a stop cut short or never started. */
  notRun: number;
  /** Requests its cases put on the wire, each case's own count (shared evidence counts in the case that gathered it). */
  requests: number;
  /** Answers its cases took from earlier asks of the same body instead of sending them; absent when none. */
  reused?: number;
  /** Its elapsed time: vitest's duration of the file, its tests and hooks (a merge keeps the shard's). */
  seconds: number;
}

/** A case that failed before it recorded a verdict: the harness or the tool failed, not the target. */
export interface HarnessError {
  id: string;
  suite: string;
  name: string;
  message: string;
}

export interface RunInfo {
  target: string;
  /** `embedded-reference` when the probe started its own reference service. */
  targetKind: 'embedded-reference' | 'configured';
  referenceProfile?: string;
  startedAt: string;
  endedAt: string;
  /** Every request the run put on the wire to the target: the suites', the setup check's and the cleanup ledger's. */
  requestsSent: number;
  /**
   * The part of `requestsSent` no suite sent, listed apart: the setup check's two requests before the suites (a
   * configured target only), and the cleanup ledger's deletes (earlier runs' leftovers, this run's at its end).
   * Absent when none was sent.
   */
  /** `noCase`: sent by no case that finished (cases a stop cut short, the evidence the suites share); absent when none. */
  requestsBesideSuites?: { setupCheck: number; ledger: number; noCase?: number };
  /**
   * Requests asked again later because an earlier ask got no verdict (still throttled, a 5xx or a reset after
   * the engine's retries): a combination, a value class or a lifecycle step. Absent when none was.
   */
  secondAsks?: number;
  /**
   * Creates the target refused for what existed on it while the run's own subscriptions lived, each asked again once
   * there was room; `room`: the most of its own the run then let live at once. Absent when none was.
   */
  stateAsks?: { asks: number; room?: number; by: Partial<Record<StateMechanism, number>> };
  suiteVersion: string;
  /** Seed of the property-based suites in this run (replay with SEED). */
  seed?: number;
  /** What stopped the run before every case ran, when something did. */
  stopped?: RunStop;
  /** Answers each matrix combination got before any was asked again (1 under REPEATS=auto). */
  repeats: number;
  /**
   * Under REPEATS=auto, the matrix answers asked again: those a finding rests on alone, and a random sample whose
   * share that changed estimates the target's instability. Absent when the matrix asked every combination REPEATS times.
   */
  askedAgain?: SupportFigures;
  /**
   * After how many requests each finding (the rule, each role, each value class, each limit) stopped changing, and
   * the curve's area (lib/report/settled-points.ts). Absent for a merged report, whose workers counted apart.
   */
  settled?: SettledCurve;
  /** Where the token came from when the probe got it by client credentials (never the token or a secret). */
  auth?: TokenInfo;
  /** How a configured target was reached: a proxy, a CA file, a client certificate, or TLS_INSECURE (warned of). */
  network?: NetworkInfo;
  /**
   * Subscriptions the run created and could not delete: DELETE failed, no id in the
   * answer, or an id unsafe to send. Set after the end-of-run cleanup; any entry fails the run.
   */
  leftOnTarget?: LeftOnTarget[];
  /**
   * The validation requests the run's own receiver got from the target, and how they spelled the token's query
   * parameter (SharePoint `validationtoken`, Graph `validationToken`); absent when none came or the run had no receiver.
   */
  validation?: ValidationSpelling;
}

/** Where the run's token came from (lib/auth): the same data the token source keeps, never the token. */
export type TokenInfo = TokenProvenance;

export interface MatrixEntry {
  present: string[];
  status: number | null;
  outcome: MatrixOutcome;
  errorCode?: string;
  errorMessage?: string;
  /** Property names the error body names by its structure, as the body spells them. */
  errorNames?: string[];
  statuses?: (number | null)[];
  example?: ExampleExchange;
  /** For an `error`: what refused it when not the body (lib/answer/refusal.ts). */
  refusal?: Refusal;
}

export interface CaseSummary {
  id: string;
  name: string;
  specRef: string;
  verdict: Verdict;
  finding?: string;
  expected?: string;
  observed?: string;
  /** Its suite, e.g. `02-presence-matrix` (absent in older reports). */
  suite?: string;
  /** How long the case took (absent in older reports). */
  seconds?: number;
  /** The kinds of refusal breaking spec §7 rule 1 it judged, in words; each is judged once for the run. */
  refusalKinds?: string[];
  /** The cases that judged each of its kinds first: this one records them and does not fail again. */
  sameKindAs?: string[];
  /** Set when the case ended as an expectation said (DEVIATES or ERROR, expected): it does not fail the run. */
  expectation?: HeldExpectation;
}

/** The value classes of one field, by what the target did with them, and its limits. */
export interface FieldValues {
  /** Answered 2xx. */
  accepted: ValueClassResult[];
  /** Answered 4xx: status and error code say how. */
  rejected: ValueClassResult[];
  /** No verdict of the target on the value: no answer, a 5xx, a status that is neither. */
  other: ValueClassResult[];
  limits: ReportedLimit[];
}

/** One value class as sent and answered. */
export interface ValueClassResult {
  /** Case id, e.g. `value/notificationUrl/relative-path`. */
  id: string;
  classId: ValueObservation['classId'];
  description: string;
  /** Whether the value has the form spec §2 gives the field. */
  expectation?: NonNullable<ValueObservation['expectation']>;
  /** The value as sent, short JSON text. */
  sent?: string;
  /** Fields of the accepted body the value was put in. */
  base: string[];
  outcome: ValueObservation['outcome'];
  status: number | null;
  errorCode?: string;
  errorMessage?: string;
  /** Times the value was sent, when more than once: a refusal is asked again before it counts. */
  asks?: number;
  /** A refusal of the value another ask of it contradicted (a 2xx): intermittent, not the value's. */
  intermittent?: IntermittentNote;
  /** A value the operation lists for the field (an enumeration in its description): lib/report/listed-values.ts. */
  listed?: true;
  verdict: Verdict;
  specRef: string;
}

/** A limit found by bisection (lib/case-record.ts LimitFinding as JSON), with the case that found it. */
export interface ReportedLimit {
  /** Case id, e.g. `limit/expirationDateTime/longest-lifetime`. */
  id: string;
  field: LimitFinding['field'];
  /** e.g. "longest accepted lifetime". */
  name: string;
  /** Largest accepted value in `unit`; absent when it could not be pinned down. */
  value?: number;
  unit: string;
  /** Smallest rejected value seen, in `unit`. */
  firstRejected?: number;
  /** Requests the search put on the wire, retries and deletes of what it created included. */
  requests: number;
  /** Why no value was pinned, or what bounded the search. */
  note?: string;
  /** A refusal the target gave values it also accepted, over the search's asks. */
  intermittent?: IntermittentNote;
  /** The search stopped before its edges met: `value` is absent, and nothing here is the target's limit. */
  unfinished?: LimitFinding['unfinished'];
  /** The largest value seen accepted by an unfinished search: the limit is at least this. */
  largestAccepted?: number;
  /** The limit is a number a refusal stated or the description documented, checked at its edges. */
  statedBy?: LimitFinding['statedBy'];
  /** The refusal of the first value past the limit, message unmasked: `400 invalidRequest "..."`. */
  pastLimit?: string;
  verdict: Verdict;
  specRef: string;
}

/** One place where the target and the contract disagree. */
export interface ContractDisagreement {
  kind: 'combination' | 'value' | 'limit';
  /** `{notificationUrl, expirationDateTime}`, `clientState length-256`, `clientState longest accepted clientState 255 characters`. */
  subject: string;
  /** The report's key for the evidence: a combination's fields joined by `+`, or a case id. */
  evidence: string;
  /** What the contract says, e.g. `accepted`, `rejected (expirationDateTime must match format "date-time")`, `400`. */
  contract: string;
  /** What the target did, e.g. `201`, `400 invalidRequest`. */
  target: string;
  /** `subject: contract says X, target did Y`. */
  message: string;
}

export interface ContractComparison {
  /** The contract file, as given. */
  contract: string;
  compared: { combinations: number; valueClasses: number; limits: number };
  /**
   * Bodies left out: the target gave no usable answer, or the body could not be built again; `unexplained`:
   * refusals the observed contract records as having no stated reason (its own round trip only).
   */
  notCompared: { noVerdict: number; notBuildable: number; unexplained?: number };
  disagreements: ContractDisagreement[];
}
