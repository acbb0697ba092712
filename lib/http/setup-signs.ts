/**
 * What every answer saying the same thing tells about the user's setup rather than the target: all 401
 * (the run's token refused), all 401 or 403 (refused, or without permission), all 404 (the base path is
 * wrong), all redirects (a proxy or login page in front; the probe never follows one). The setup check
 * before a run, a case whose every request missed the service, and the diagnosis of a run in which nothing
 * was accepted all read answers by this one rule, and give the same advice.
 */
import { isRedirectStatus } from './status.js';

export type SetupSign = 'token-refused' | 'token-refused-or-forbidden' | 'not-found' | 'redirected';

/** The sign every status gives, most specific first; undefined when one differs, is missing, or there is none. */
export function commonSetupSign(statuses: readonly (number | null)[]): SetupSign | undefined {
  if (statuses.length === 0 || statuses.some((s) => s === null)) return undefined;
  const all = (test: (s: number) => boolean): boolean => statuses.every((s) => s !== null && test(s));
  if (all((s) => s === 401)) return 'token-refused';
  if (all((s) => s === 401 || s === 403)) return 'token-refused-or-forbidden';
  if (all((s) => s === 404)) return 'not-found';
  if (all(isRedirectStatus)) return 'redirected';
  return undefined;
}

/** The settings to check for a refused token, in every message that says so. */
export const CHECK_TOKEN = "check ACCESS_TOKEN or ACCESS_TOKEN_FILE (or, with client credentials, SCOPE and the app's permissions)";

/** Why a redirect is not followed, and what to check. */
export const CHECK_REDIRECT = 'the probe never follows redirects, so that the token is never sent where the target points: check BASE_URL';
