/**
 * A refusal that is not of the body (lib/answer/refusal.ts classifies), in the words every output uses: the matrix's
 * and the value classes' cases, the diagnosis when nothing was accepted, explain.
 */
import type { Refusal, RefusalKind, StateMechanism } from '../outcome.js';

/** A refusal that is not the body's, in the words every output uses: what refused it, then what the target said. */
export function refusalWords(refusal: Refusal): string {
  const inside = refusal.innerStatus !== undefined ? ` (${refusal.innerStatus} inside the answer)` : '';
  const said = refusal.reason !== undefined ? `: "${refusal.reason}"` : '';
  return `${REFUSAL_CAUSE[refusal.mechanism ?? refusal.kind]}${inside}${said}`;
}

const REFUSAL_CAUSE: Record<StateMechanism | RefusalKind, string> = {
  conflict: 'refused for what exists on the target, not for the body: a subscription that already exists conflicts with it',
  quota: "refused for what exists on the target, not for the body: the app's subscription quota is full",
  'count-limit': 'refused for what exists on the target, not for the body: the count limit of its resource is reached',
  state: 'refused for what exists on the target, not for the body',
  environment: 'refused for where the service runs, not for the body',
  throttling: 'throttled, not judged',
  auth: 'refused for the token, not for the body',
  body: 'refused for the body',
};
