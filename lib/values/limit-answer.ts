import type { Exchange } from '../http/types.js';
import { classifyAnswer } from '../answer/classify.js';
import type { PresenceAnswer } from '../rule/answer.js';

/**
 * What one answer tells a limit search. The presence classification (lib/answer/classify.ts) decides:
 * accepted is accepted, rejected is rejected, and anything it calls an error (no answer, a 5xx or a
 * 429 after the engine's retries) is unknown, which the search never reads as either.
 */
export function limitAnswerOf(exchange: Exchange): PresenceAnswer {
  const { outcome } = classifyAnswer(exchange);
  return outcome === 'accepted' || outcome === 'rejected' ? outcome : 'unknown';
}
