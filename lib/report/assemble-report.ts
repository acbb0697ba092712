import { applyExpectations } from '../expectations/apply-expectations.js';
import type { Expectation } from '../expectations/types.js';
import type { LedgerOutcome } from '../ledger/left-on-target.js';
import type { BehaviourReport, ReportContract, ReportDrift, TokenInfo } from './types.js';
import { carryRuleValues } from './report-rules.js';
import { withLedgerOutcome } from './with-ledger-outcome.js';

/** Everything a run's report is made of, each part computed before the report is written. */
export interface ReportParts {
  /** The report built from the cases' records alone (buildBehaviourReport). */
  built: BehaviourReport;
  /** Where the token came from, read at the end of the run so that renewals count. */
  auth?: TokenInfo;
  /** The drift from a given baseline. */
  drift?: ReportDrift;
  /** The observed contract and the comparison with a given one. */
  contract?: ReportContract;
  /** What the end-of-run cleanup found; known only after the suites' teardown. */
  ledger?: Pick<LedgerOutcome, 'leftOnTarget' | 'duplicateIds'>;
  /** The run's expectations (EXPECTATIONS), the file as shown, and today (YYYY-MM-DD, UTC) for their `until`. */
  expectations?: { file: string; list: readonly Expectation[]; today: string };
}

/**
 * The run's report, assembled once from its parts: nothing is added to a report after it is written.
 * Pure: `built` is not changed.
 */
export function assembleReport(parts: ReportParts): BehaviourReport {
  const report = carryRuleValues(parts.built, structuredClone(parts.built));
  if (parts.auth !== undefined) report.run.auth = parts.auth;
  if (parts.drift !== undefined) report.drift = parts.drift;
  if (parts.contract !== undefined) report.contract = parts.contract;
  if (parts.expectations !== undefined) {
    const { file, list, today } = parts.expectations;
    const applied = applyExpectations(report.cases, list, { file, today });
    report.expectations = applied.report;
    for (const c of report.cases) {
      const held = applied.held.get(c.id);
      if (held !== undefined) c.expectation = held;
    }
  }
  return parts.ledger === undefined ? report : carryRuleValues(report, withLedgerOutcome(report, parts.ledger));
}
