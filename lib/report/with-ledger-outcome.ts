import type { LedgerOutcome } from '../ledger/left-on-target.js';
import type { BehaviourReport, CaseSummary } from './types.js';

/**
 * Adds what the end-of-run cleanup found to a report built from the cases: the
 * subscriptions left on the target, and one INFORMATIONAL case when the target answered one id for
 * several creates. Pure: the caller writes the result. Merging shards passes their outcomes joined.
 */
export function withLedgerOutcome(report: BehaviourReport, outcome: Pick<LedgerOutcome, 'leftOnTarget' | 'duplicateIds'>): BehaviourReport {
  const next: BehaviourReport = structuredClone(report);
  next.run.leftOnTarget = outcome.leftOnTarget;
  if (outcome.duplicateIds.length > 0 && !next.cases.some((c) => c.id === DUPLICATE_CASE_ID)) {
    const ids = outcome.duplicateIds.map((d) => `"${d.id}" (${d.creates} creates)`).join(', ');
    const finding = `the target answered the same id for different creates: ${ids}; the cleanup ledger listed and deleted each id once`;
    const summary: CaseSummary = {
      id: DUPLICATE_CASE_ID,
      name: 'cleanup ledger: ids of created subscriptions',
      specRef: 'open: spec §4 (success response and delete: not shown)',
      verdict: 'INFORMATIONAL',
      observed: ids,
      finding,
    };
    next.cases.push(summary);
    next.counts.INFORMATIONAL += 1;
    next.findings.push(finding);
  }
  return next;
}

export const DUPLICATE_CASE_ID = 'ledger/duplicate-ids';
