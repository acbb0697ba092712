/**
 * A handshake case's create, asked again when the target refused it before it sent the receiver any validation
 * request: the receiver's misbehaviour cannot have caused that refusal (a backend failing now and then, what exists on
 * the target), so the case would otherwise record a chance as what the target does with such a receiver. At most
 * HANDSHAKE_ASKS creates; each refusal before a validation request is kept, for the finding to say.
 */
import { classifyAnswer } from '../answer/classify.js';
import type { Exchange } from '../http/types.js';
import type { ReceivedHandshake } from '../receiver/types.js';

/** Creates a handshake case sends at most: its own, and two more after refusals that came before any validation request. */
export const HANDSHAKE_ASKS = 3;

export interface HandshakeAsk {
  exchange: Exchange;
  /** The validation requests the receiver got for this create. */
  seen: ReceivedHandshake[];
}

/** Refused (a 4xx the target chose), with no validation request sent for it. */
export const refusedUnasked = (ask: HandshakeAsk): boolean => ask.seen.length === 0 && classifyAnswer(ask.exchange).outcome === 'rejected';

/** `ask(n)` sends the n-th create (0 first); the last answer, and the refusals before any validation request that preceded it. */
export async function askUntilHandshake(ask: (attempt: number) => Promise<HandshakeAsk>): Promise<HandshakeAsk & { unasked: Exchange[] }> {
  const unasked: Exchange[] = [];
  let last = await ask(0);
  for (let attempt = 1; attempt < HANDSHAKE_ASKS && refusedUnasked(last); attempt += 1) {
    unasked.push(last.exchange);
    last = await ask(attempt);
  }
  return { ...last, unasked };
}
