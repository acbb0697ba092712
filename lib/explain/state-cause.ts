/**
 * What explain says when the request was refused for what exists on the target, not for its body (lib/answer/
 * refusal.ts): which mechanism, in the target's own terms, and what the user can do. No field is blamed: a body
 * change that gets a 2xx here would work by accident (another notification URL is another conflict key).
 */
import { parseRetryAfter } from '../http/retry-after.js';
import type { Exchange } from '../http/types.js';
import type { Refusal } from '../outcome.js';

/** What the collection's list showed, when explain read it (a full quota): how many live, and whether it read them all. */
export interface ListedCount {
  live: number;
  more: boolean;
}

/** The sentence that names the cause, and the one that says what to do. */
export function stateCause(refusal: Refusal, exchange: Exchange, body: Readonly<Record<string, unknown>>, listed?: ListedCount): string[] {
  // The status the relayed error names inside the outer one, as the target spells it ("Conflict inside the 400").
  const within = (name: string): string => (refusal.innerStatus !== undefined ? ` (${name} inside the ${exchange.status})` : '');
  switch (refusal.mechanism) {
    case 'conflict': {
      const key = ['resource', 'notificationUrl'].filter((f) => Object.hasOwn(body, f));
      const what = key.length === 0 ? 'a subscription like this one' : `a subscription with this ${key.join(' and ')}`;
      return [
        `Cause: ${what} already exists${within('Conflict')}: the target refuses a second one while the first lives; no field of the body is at fault.`,
        `To do: delete the existing subscription, or use another notification URL.`,
      ];
    }
    case 'quota': {
      const count = listed === undefined ? '' : `: ${listed.live}${listed.more ? ' or more' : ''} live`;
      return [
        `Cause: the app's subscription quota is full${within('Forbidden')}${count}; no field of the body is at fault.`,
        'To do: delete subscriptions the app no longer needs (the list of the collection shows them), then send it again.',
      ];
    }
    case 'count-limit': {
      const resource = typeof body['resource'] === 'string' ? ` ${body['resource']}` : '';
      const until = untilWords(exchange);
      return [
        `Cause: the count limit of the resource${resource} is reached (${exchange.status}${until}); no field of the body is at fault.`,
        'To do: delete subscriptions on that resource; waiting does not help when the date is that far.',
      ];
    }
    default:
      return [
        `Cause: ${refusal.kind === 'environment' ? 'where the service runs' : "the target's state"} refused it, not the body: "${refusal.reason ?? ''}".`,
      ];
  }
}

/** ` until 9999-12-31` from the answer's Retry-After, when it names a date or a wait. */
function untilWords(exchange: Exchange): string {
  const told = parseRetryAfter(exchange.responseHeaders['retry-after']);
  if (told === undefined) return '';
  const at = told.kind === 'date' ? told.at : Date.now() + told.ms;
  return Number.isFinite(at) ? ` until ${new Date(at).toISOString().slice(0, 10)}` : '';
}
