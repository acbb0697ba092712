/** The explorer's contract: the oracle it probes through, its options and what it reports. */
import type { IdlStatement, Observation, PresenceRole } from '../inference/types.js';
import type { PresenceAnswer } from '../rule/answer.js';
import type { Expr } from '../rule/expression.js';

/**
 * An answer with the fields its error names (a pydantic `loc`, a ProblemDetails key, a quoted name in a
 * message): a hint of where the island lies, tried early by the search for a first accepted combination,
 * never evidence for the rule.
 */
export interface NamedAnswer {
  answer: PresenceAnswer;
  named: readonly string[];
}

/** Sends one body with exactly these fields present. */
export type Oracle = (present: ReadonlySet<string>) => Promise<PresenceAnswer | NamedAnswer>;

export interface ExploreOptions {
  /** Up to this many fields every combination is sent (default 8), when the budget allows 2^n requests. */
  exhaustiveMaxFields?: number;
  /** Hard cap on oracle calls. Default: 10 x n for the adaptive strategy, max(2^n, 10 x n) for the exhaustive one. */
  maxRequests?: number;
  /** Seed of the explorer's random choices (sampling, order of pair checks); same seed, same requests. Default 1. */
  seed?: number;
  /** Fields of a body believed to be accepted; tried first as the starting point (before `starts`). */
  startFrom?: readonly string[];
  /**
   * Bodies known or reported accepted, likeliest first (ACCEPTED_BODY, the description's, a baseline's, a HAR's):
   * each is asked before the full and the empty body, and when none is accepted their one- and two-field
   * neighbourhoods are searched before any sampling (start.ts).
   */
  starts?: readonly KnownStart[];
  /**
   * Combinations that put the adaptive rule to the test at the end (the full and the empty body
   * first, then random ones). Default max(5, ceil(n / 2)).
   */
  confirmSamples?: number;
}

/** A body believed accepted, and what says so (the report names it when it led to the first accepted body). */
export interface KnownStart {
  fields: readonly string[];
  /** e.g. "ACCEPTED_BODY", "the description's reportedAccepted", "an accepted create in the HAR h.har". */
  source: string;
}

/** How the adaptive strategy reached its first accepted combination. */
export interface FirstAccepted {
  /** The start it is a change of (a known body's source, 'every field', 'no field'), or the search that found it. */
  from: string;
  /** Fields taken out of and added to that start (both empty: the start itself was accepted). */
  removed: string[];
  added: string[];
  /** Requests made up to and including the one that was accepted. */
  requests: number;
  present: string[];
}

export interface ExploreResult {
  strategy: 'exhaustive' | 'adaptive';
  /** Report syntax (lib/rule/expression.ts): true exactly on the accepted combinations, as far as known. */
  rule: string;
  /**
   * The same rule as an expression, made with the text (plain data, so it travels in a case's record): readers make
   * the value with Rule.made, and no text of the explorer's is parsed.
   */
  ruleExpr: Expr;
  /**
   * Role of every field; empty when nothing was accepted. What a role rests on: the exhaustive
   * strategy, the answers alone (lib/inference: `undetermined` where a combination without a
   * usable answer could change it); the adaptive one, the answers plus `assumptions` and the
   * supported class (the rule is taken to be one of it; `undetermined` where several rules of the
   * class fit and disagree), or, when no rule of the class fits, the answers alone with every
   * combination not sent unknown. Never more than that.
   */
  roles: Record<string, PresenceRole>;
  /** IDL statements among the conditional fields (same procedure as lib/inference), on the same footing as `roles`. */
  dependencies: IdlStatement[];
  /** Oracle calls made (retries of 'unknown' answers included). */
  requests: number;
  /** Distinct combinations whose answer was seen (accepted or rejected). */
  confirmed: number;
  /** All combinations: 2^n. */
  possible: number;
  /**
   * The rule is pinned down: every check the explorer needed got an answer, and exactly one rule of
   * the supported class (required, forbidden and optional fields plus at most 3 IDL dependencies of
   * 2..4 fields) fits them all, given `assumptions`. Always true for a complete exhaustive run.
   */
  exact: boolean;
  /** What could not be pinned down, in plain words; empty exactly when `exact`. */
  unresolved: string[];
  /**
   * What `exact` rests on, in plain words: the fields that rejected every change tried (reported as
   * required or forbidden), the checks made on them, and the first check the budget left out. The
   * rule is right wherever those fields keep their value in the start. Empty when nothing is assumed.
   */
  assumptions: string[];
  /** How the first accepted combination was reached (adaptive strategy; absent when none was). */
  firstAccepted?: FirstAccepted;
  /** Every combination sent, in the order first sent; 'error' marks those without a usable answer. */
  observations: Observation[];
}
