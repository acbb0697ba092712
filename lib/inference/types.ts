import type { MatrixOutcome, Refusal } from '../outcome.js';

/** What one combination of present fields got, after repeats (the evidence inference works on). */
export interface Observation {
  /** Names of the fields present in the body, in the operation's field order. */
  present: string[];
  outcome: MatrixOutcome;
  /** Status of the (agreeing) answers; null for `error`, the first seen for `unstable`. */
  status: number | null;
  /** error.code from the body when it had one. */
  errorCode?: string;
  /**
   * error.message from the body when it had one; for another framework's list of per-property errors
   * (pydantic's `detail`, ProblemDetails' `errors`, zod's `issues`, ...), its entries as `'name': text`.
   */
  errorMessage?: string;
  /** Property names the error body points at by its structure (lib/error-body), as the body spells them. */
  errorNames?: string[];
  /**
   * Fields whose value sent was a URL on a loopback host (127.0.0.0/8, ::1, localhost): only this machine can reach
   * it, so a target elsewhere that calls it (to validate it, to notify) cannot. Read by the diagnosis when nothing
   * was accepted and the refusals name such a field.
   */
  loopbackFields?: string[];
  /** Every status seen over the repeats, in order (shows why a combination is unstable). */
  statuses?: (number | null)[];
  /**
   * For an `error`: how the exchange failed (the engine's failure kind: `network` for a reset or a
   * dropped connection, also after the status came; `timeout`, `malformed`, `server`, ...).
   */
  failure?: string;
  /** For an `error` answered with a redirect: its Location (the probe never follows one). */
  location?: string;
  /**
   * For a refusal: the values the body sent, masked where the message quotes them before refusals are grouped (each
   * create has its own clientState and notification URL path); never reported.
   */
  sentValues?: string[];
  /** For an `error`: the refusal that made it one, when the target's state or environment refused (no evidence of the rule). */
  refusal?: Refusal;
}

/** A role every completion of the unknown combinations agrees on (lib/inference/roles.ts). */
export type DeterminedRole = 'required' | 'forbidden' | 'optional' | 'conditional';

/** `undetermined`: the completions of the unknown combinations disagree (see `possible`, `hangsOn`). */
export type PresenceRole = DeterminedRole | 'undetermined';

export interface FieldRole {
  presence: PresenceRole;
  /** One sentence that says why, in terms of the observations. */
  explanation: string;
  /** Undetermined only: the roles some way of answering the unknown combinations would give. */
  possible?: DeterminedRole[];
  /** Undetermined only: unknown combinations whose answers decide the role (the first few, in bitmask order). */
  hangsOn?: string[][];
  /** Undetermined only: how many unknown combinations it hangs on in all (may exceed `hangsOn`). */
  hangsOnCount?: number;
}

/** A product term of the sum-of-products rule: fields that must be present / absent. */
export interface Implicant {
  present: string[];
  absent: string[];
}

/**
 * IDL vocabulary of inter-parameter dependencies (Martin-Lopez et al., IDL). `IfThen` is IDL's compound
 * conditional, one clause of the rule: `IF a AND b THEN c OR d;` (every field of the IF side present, then one of
 * the THEN side), written `IF a AND b THEN NOT c;` when the THEN side is empty (a, b and c never all together),
 * `IF NOT a THEN a;` for a field the rule needs and `IF a THEN NOT a;` for one it refuses where the roles leave
 * that open. The other kinds are used wherever they state the clause exactly.
 */
export type IdlKind = 'Requires' | 'OnlyOne' | 'AllOrNone' | 'ZeroOrOne' | 'Or' | 'IfThen';

export interface IdlStatement {
  kind: IdlKind;
  /** For Requires: [antecedent, consequent]. For IfThen: the IF side, then the THEN side. For the others: the group. */
  fields: string[];
  /** IfThen only: the fields of the THEN side (one of them present); the rest of `fields` is the IF side (all present). */
  then?: string[];
  /** IDL text, e.g. `IF clientState THEN notificationUrl;` or `OnlyOne(a, b);`. */
  text: string;
}

export interface InferredRule {
  /** Minimal sum of products over field names with !, &&, ||, parentheses, `true`/`false`. */
  expression: string;
  terms: Implicant[];
  /** IDL statements that hold on every accepted combination and are not implied by the roles alone. */
  dependencies: IdlStatement[];
  /** True when roles + dependencies together are equivalent to the rule on the known combinations. */
  dependenciesExact: boolean;
  /** Combinations with no usable evidence (unstable, error, not sent): treated as don't-cares. */
  unknown: string[][];
  /**
   * Limits of the inference in plain words (a search bound was hit, combinations too many to list
   * in `unknown`, field names the expression syntax cannot read back). Absent when there are none.
   */
  notes?: string[];
}

export interface RejectionGroup {
  status: number;
  errorCode: string | undefined;
  /** Message with field names and digits normalised, so that "property 'x'" messages group together. */
  messagePattern: string | undefined;
  /** The operation's fields the group's errors name, by their structure or in their text (absent: none). */
  namedFields?: string[];
  /** The combinations in this group. */
  combinations: string[][];
  /** Boolean expression over fields, true exactly on this group's combinations (among known ones). */
  explanation: string;
  /** Plain words: "400 invalidRequest when resource is present". */
  summary: string;
  /**
   * Combinations without a usable answer on which `explanation` is also true (the first few): the
   * explanation is exact on the known combinations only, and these may be answered otherwise.
   */
  unknownMatching?: string[][];
  /** How many combinations without a usable answer `explanation` is true on, in all. */
  unknownMatchingCount?: number;
}

export interface Diagnosis {
  /** Why no role could be inferred (nothing accepted), in one sentence naming the likely cause. */
  message: string;
  /** `configuration`: the target answers, but not as the operation (every answer a redirect: check BASE_URL). */
  likelyCause: 'token' | 'base-url-or-path' | 'configuration' | 'service' | 'transport' | 'target-state' | 'stopped' | 'unknown';
}

/**
 * What cut the run short before every combination was asked: a stop by its user (Ctrl-C, SIGTERM, its shard), its
 * request budget or its time. `words`: how it reads after "stopped", `by Ctrl-C`.
 */
export interface CutShort {
  by: 'stop' | 'budget' | 'deadline';
  words: string;
}

export interface PresenceInference {
  fields: string[];
  /** Absent when nothing was accepted (then `diagnosis` says why). */
  roles: Record<string, FieldRole> | undefined;
  rule: InferredRule;
  rejectionGroups: RejectionGroup[];
  diagnosis: Diagnosis | undefined;
}
