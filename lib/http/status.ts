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
