/**
 * The one reading of a status code's class. `null` (no answer: the network, a timeout, the run's
 * limits) belongs to no class, so a caller holding `Exchange.status` needs no null check of its own.
 */

/** A 2xx: the target accepted the request. */
export const isSuccessStatus = (status: number | null): status is number => status !== null && status >= 200 && status < 300;

/** A 3xx: the target sent the request elsewhere. */
export const isRedirectStatus = (status: number | null): status is number => status !== null && status >= 300 && status < 400;

/** A 4xx: the target refused the request as the client's fault. */
export const isClientErrorStatus = (status: number | null): status is number => status !== null && status >= 400 && status < 500;

/**
 * 4xx statuses that speak of something other than the body's fields and values: who asks (401, 403),
 * where and how (404, 405, 406, 415), how much or how often (408, 413, 414, 429, 431), the target's
 * state (409, 410, 412). A refusal with one of these is not a rejection of the body as malformed.
 */
export const NOT_ABOUT_THE_BODY: ReadonlySet<number> = new Set([
  401, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 421, 426, 428, 429, 431, 451,
]);
