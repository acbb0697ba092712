/**
 * What every summary lists before it cuts anything (the Markdown report, the job summary made of it, the console):
 * every case that fails the run first, then each finding about a limit or the notification URL's handshake (a
 * deadline, a timeout, what a misbehaving receiver gets), then the other findings, which a summary may cut, saying how
 * many it left out and where they are.
 */
import { failingCases } from './report-counts.js';
import type { BehaviourReport, CaseSummary } from './types.js';

export interface SummaryFindings {
  /** DEVIATES and ERROR that fail the run, in case order. */
  failing: CaseSummary[];
  /** INFORMATIONAL findings of limit cases and handshake cases, in case order. */
  limitsAndHandshakes: CaseSummary[];
  /** The other INFORMATIONAL findings, in case order: what a summary may cut. */
  others: CaseSummary[];
}

/** A case whose finding concerns a limit (suite 03's bisections) or the handshake (suite 06's validation cases). */
export const concernsLimitOrHandshake = (id: string): boolean => id.startsWith('limit/') || id.startsWith('events/handshake-');

export function summaryFindings(report: Pick<BehaviourReport, 'cases'>): SummaryFindings {
  const informational = report.cases.filter((c) => c.verdict === 'INFORMATIONAL' && c.finding !== undefined);
  return {
    failing: failingCases(report),
    limitsAndHandshakes: informational.filter((c) => concernsLimitOrHandshake(c.id)),
    others: informational.filter((c) => !concernsLimitOrHandshake(c.id)),
  };
}
