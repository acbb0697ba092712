/**
 * What the lifecycle suite sends at most, as data: the suite (suites/07-lifecycle.test.ts) sends by these, and the run
 * plan (lib/plan) bounds its requests by the same numbers.
 */

/** The field a renewal changes. */
export const RENEW_FIELD = 'expirationDateTime';
/** A renewal three days ahead: later than the good value's two days, far below any lifetime limit seen. */
export const RENEW_MINUTES = 3 * 24 * 60;
/** At most this many fields are PATCHed one by one (an operation description may have many). */
export const MAX_PATCHED_FIELDS = 16;
