/**
 * What a refusal speaks of. A service answers a create from more than the body: what already exists (a conflicting
 * subscription, the app's quota, a count limit on the resource), the environment it runs in, its load, the token.
 * Only a refusal of the body is evidence for the rule, the roles, the value classes, the limits and spec §7 rule 1;
 * the others are named, never read as the body's rule.
 *
 * Relayed workload errors carry their real status inside the text ("[Status Code: Conflict; Reason: ...]", public
 * reports: aspnetcore-webhooks-sample #92, microsoft-graph-docs #21403), so the reading looks at the inner status
 * and reason as well as the outer status.
 */
import type { InnerError } from '../error-body/inner-error.js';
import type { Failure } from '../http/types.js';
import type { Refusal, RefusalKind, StateMechanism } from '../outcome.js';

/** What the classification reads of an answer (the error-body reader's reading and the transport's failure). */
export interface RefusalInput {
  status: number;
  message?: string | undefined;
  code?: string | undefined;
  /** What the error-body reader found of a relayed error's inner status and reason (lib/error-body/inner-error.ts). */
  inner?: InnerError | undefined;
  failure?: Failure | undefined;
}

// Each names a subscription, so that a body's own refusal ("the property 'x' already exists", "clientState has reached
// its limit of 128 characters") is never read as the target's state.
const CONFLICT = /\bsubscription\b[^.]{0,80}\balready exists\b|\bduplicate subscription\b/i;
const QUOTA = /\bmaximum number of subscriptions\b|\bsubscription quota\b|\bquota (?:is |has been )?(?:exceeded|reached|full)\b/i;
const COUNT_LIMIT = /\bSubscriptionCountReached\b|\bsubscriptions?\b[^.]{0,80}\bhas reached (?:its |the )?limit\b/i;
const ENVIRONMENT = /\bquarantin|\bworkload\b.{0,40}\bnot supported\b|\bnot supported\b.{0,40}\bworkload\b/i;
const shortened = (text: string | undefined): string | undefined =>
  text === undefined ? undefined : text.length > 300 ? `${text.slice(0, 299)}…` : text;

/** Classifies a 4xx answer (429 included) by what it speaks of. */
export function classifyRefusal(input: RefusalInput): Refusal {
  const innerStatus = input.inner?.status;
  const text = [input.inner?.reason, input.message, input.code].filter((t) => t !== undefined).join(' ');
  const reason = shortened(input.inner?.reason ?? input.message);
  const named = (kind: RefusalKind, mechanism?: StateMechanism): Refusal => ({
    kind,
    ...(mechanism !== undefined ? { mechanism } : {}),
    ...(innerStatus !== undefined ? { innerStatus } : {}),
    ...(reason !== undefined ? { reason } : {}),
  });
  const status = input.status;
  if (innerStatus === 409 || status === 409 || CONFLICT.test(text)) return named('state', 'conflict');
  if (COUNT_LIMIT.test(text) || (status === 429 && input.failure?.beyondWait === true)) return named('state', 'count-limit');
  if (QUOTA.test(text)) return named('state', 'quota');
  if (status === 429 || innerStatus === 429) return named('throttling');
  if (ENVIRONMENT.test(text)) return named('environment');
  if (status === 401 || status === 403 || innerStatus === 401 || innerStatus === 403) return named('auth');
  return named('body');
}
