/**
 * What became of each expectation in a run, from the cases' verdicts alone (pure): held, stale (the case passes
 * now), expired (past `until`), mismatch (it fails otherwise than expected) or not checked (it did not run here).
 */
import type { Expectation, ExpectationOutcome, HeldExpectation, ReportExpectations } from './types.js';

type Verdict = 'CONFORMS' | 'DEVIATES' | 'INFORMATIONAL' | 'ERROR';

/** Today as the expectations' `until` is written: YYYY-MM-DD in UTC. */
export const utcDay = (at: Date = new Date()): string => at.toISOString().slice(0, 10);

/** Whether `until` has passed on `today` (both YYYY-MM-DD): the last day it names still holds. */
export const isExpired = (expectation: Pick<Expectation, 'until'>, today: string): boolean =>
  expectation.until !== undefined && expectation.until < today;

/** The one line that stops a run because an expectation expired. */
export const expiredLine = (e: Pick<Expectation, 'case' | 'until'>): string =>
  `expectation expired: ${e.case}: its until ${e.until ?? ''} has passed: fix the target, or extend until or remove the expectation`;

/** The one line of an expectation whose case now passes. */
export const staleLine = (id: string): string => `expectation no longer holds: ${id}: remove it`;

/**
 * The one reading of whether a case ended as expected: its expectation, when one names it, has not expired, and
 * says the verdict it ended with. The report (applyExpectations), the console's line of each case and a shard's count
 * line (which has no report) all ask it, so they never disagree.
 */
export function heldExpectations(
  expectations: readonly Expectation[],
  today: string,
): (id: string, verdict: Verdict) => HeldExpectation | undefined {
  const live = new Map(expectations.filter((e) => !isExpired(e, today)).map((e) => [e.case, e] as const));
  return (id, verdict) => {
    const e = live.get(id);
    if (e === undefined || e.verdict !== verdict) return undefined;
    return { reason: e.reason, ...(e.until !== undefined ? { until: e.until } : {}), ...(e.link !== undefined ? { link: e.link } : {}) };
  };
}

export interface AppliedExpectations {
  report: ReportExpectations;
  /** The held expectation of each case that ended as expected. */
  held: ReadonlyMap<string, HeldExpectation>;
}

export function applyExpectations(
  cases: readonly { id: string; verdict: Verdict }[],
  expectations: readonly Expectation[],
  options: { file: string; today: string },
): AppliedExpectations {
  const byId = new Map(cases.map((c) => [c.id, c.verdict] as const));
  const asExpected = heldExpectations(expectations, options.today);
  const held = new Map<string, HeldExpectation>();
  const entries = expectations.map((e): ExpectationOutcome => {
    const got = byId.get(e.case);
    const base = { ...e, ...(got !== undefined ? { got } : {}) };
    if (isExpired(e, options.today)) return { ...base, status: 'expired', message: expiredLine(e) };
    if (got === undefined) return { ...base, status: 'not-checked', message: `${e.case}: not checked: the case did not run here` };
    const holds = asExpected(e.case, got);
    if (holds !== undefined) {
      held.set(e.case, holds);
      return { ...base, status: 'held', message: `${e.case}: ${got} (expected: ${e.reason})` };
    }
    if (got === 'CONFORMS' || got === 'INFORMATIONAL') return { ...base, status: 'stale', message: staleLine(e.case) };
    return { ...base, status: 'mismatch', message: `${e.case}: expected ${e.verdict}, ended ${got}: it fails the run as any ${got} does` };
  });
  return { report: { file: options.file, entries }, held };
}
