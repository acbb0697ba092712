/**
 * A case that DEVIATES only because every request it sent was answered 401 (the run's token refused) or
 * with a redirect (a proxy or login page in front of the service), on a target that answers a plain GET of
 * the path the same way, says nothing about the target's handling of the body: the service never judged
 * it. It becomes an ERROR (the harness's problem, which fails the run) with the reason, instead of a
 * DEVIATES of the target. A target that takes the token and answers 401 or a redirect to one body keeps
 * its DEVIATES.
 */
import { CHECK_REDIRECT, CHECK_TOKEN, commonSetupSign } from '../http/setup-signs.js';
import { isRedirectStatus } from '../http/status.js';
import type { Verdict } from '../outcome.js';

export type MissedBy = 'refused' | 'redirected';

/**
 * How every request of a DEVIATES case may have missed the service; undefined when none could have, so
 * that the plain GET (a request of its own) is sent only when its answer can change the verdict.
 */
export function missedBy(verdict: Verdict, statuses: readonly (number | null)[]): MissedBy | undefined {
  if (verdict !== 'DEVIATES' || statuses.length === 0) return undefined;
  const sign = commonSetupSign(statuses);
  return sign === 'token-refused' ? 'refused' : sign === 'redirected' ? 'redirected' : undefined;
}

export interface ReachFacts {
  missed: MissedBy;
  /** What a plain GET of the operation's path was answered. */
  plainStatus: number | null;
  /** Status and Location of the case's first answer, for the redirect's words. */
  firstStatus: number | null;
  location?: string;
}

/** The case's verdict and finding once the plain GET is known. Pure. */
export function judgeReach<T extends { verdict: Verdict; finding?: string }>(record: T, facts: ReachFacts): T {
  if (facts.missed === 'refused' && facts.plainStatus === 401) {
    return {
      ...record,
      verdict: 'ERROR',
      finding: `not judged: the target refused the run's own token (401, also for a plain GET of the path), so it never judged this request; ${CHECK_TOKEN}`,
    };
  }
  if (facts.missed === 'redirected' && isRedirectStatus(facts.plainStatus)) {
    const to = facts.location !== undefined ? ` to ${facts.location.slice(0, 120)}` : '';
    return {
      ...record,
      verdict: 'ERROR',
      finding: `not judged: every request was redirected (${facts.firstStatus ?? ''}${to}), a plain GET of the path too, so the service never judged this request; ${CHECK_REDIRECT}`,
    };
  }
  return record;
}
