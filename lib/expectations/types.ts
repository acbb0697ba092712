/**
 * Expectations: cases a team knowingly accepts to deviate for a while, each with its reason (as web-platform-tests
 * keeps expected failures outside the tests). A case that ends as expected does not fail the run and reads
 * "DEVIATES (expected: <reason>)" everywhere; a case expected to deviate that no longer does fails it, so the file
 * never hides a fix; an expectation past its `until` date fails it too.
 */

/** The verdicts an expectation may name: the ones that fail a run. */
export type ExpectedVerdict = 'DEVIATES' | 'ERROR';

/** One entry of an expectations file (expectations.schema.json). */
export interface Expectation {
  /** The case id, as the reports name it, e.g. `protocol/spec-5/unknown-bearer`. */
  case: string;
  /**
   * The operation it is about (its operationId), where one file serves a campaign over a document: a run of another
   * operation leaves the entry out. Absent: every operation's run applies it.
   */
  operation?: string;
  verdict: ExpectedVerdict;
  /** Why the deviation is accepted, in the team's words. */
  reason: string;
  /** Last day (YYYY-MM-DD, UTC) the expectation holds; after it the run fails until it is extended or removed. */
  until?: string;
  /** Where the deviation is tracked (a ticket, a pull request). */
  link?: string;
}

export interface ExpectationsFile {
  expectations: Expectation[];
}

/** What became of one expectation in a run. */
export type ExpectationStatus =
  /** The case ended with the expected verdict: it does not fail the run. */
  | 'held'
  /** The case passed (CONFORMS or INFORMATIONAL): the expectation no longer holds and fails the run. */
  | 'stale'
  /** `until` has passed: not applied, and it fails the run. */
  | 'expired'
  /** The case failed otherwise than expected (ERROR for DEVIATES, or the reverse): it fails the run as usual. */
  | 'mismatch'
  /** The case did not run here (skipped, cut short, filtered out, in another shard): nothing to check. */
  | 'not-checked';

/** An expectation and what became of it, as the behaviour report carries it. */
export interface ExpectationOutcome extends Expectation {
  status: ExpectationStatus;
  /** The case's verdict in this run, when it ran. */
  got?: 'CONFORMS' | 'DEVIATES' | 'INFORMATIONAL' | 'ERROR';
  /** One line: what the run says of it. */
  message: string;
}

/** The expectations a run was given and what became of each (behaviour report `expectations`). */
export interface ReportExpectations {
  /** The file, as given (relative to the working folder when inside it). */
  file: string;
  entries: ExpectationOutcome[];
}

/** What a case that ended as expected carries in the report (CaseSummary.expectation). */
export interface HeldExpectation {
  reason: string;
  until?: string;
  link?: string;
}

/** The reason a written file carries until someone replaces it: a file with it is refused. */
export const REASON_PLACEHOLDER = 'TODO: say why this deviation is accepted (a file with this placeholder is refused)';
