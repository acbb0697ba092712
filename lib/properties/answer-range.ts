/**
 * Property 1: every answer is 2xx or 4xx, never a 5xx and never a hang.
 *
 * spec §7 rule 1: a request rejected as malformed gets 400 (with error.code invalidRequest), and
 * §4 reports the other outcome, acceptance. So for a request the service rejects, the answer the
 * spec allows is a 4xx; a 5xx (or no answer at all) is not an answer the spec allows. §7 rule 3
 * leaves other status codes "not shown", which is why this property checks the class (2xx/4xx)
 * and not 400 alone.
 */
import type { Exchange } from '../http/types.js';
import { isClientErrorStatus, isSuccessStatus } from '../http/status.js';
import { serverErrorOf, serverErrorWords } from '../protocol/server-error.js';
import { answerOf, type PropertyCheck } from './check-result.js';

export function checkAnswerRange(exchange: Exchange): PropertyCheck {
  const answer = answerOf(exchange);
  if (answer.kind === 'none') return { kind: 'no-answer', problem: answer.problem };
  if (answer.kind === 'hang') return { kind: 'violated', problem: `no answer within the request timeout (${answer.message})` };
  const { status } = answer;
  // A server error, read as every suite reads one (lib/protocol/server-error.ts).
  const failed = serverErrorOf(exchange);
  if (failed !== undefined) return { kind: 'violated', problem: serverErrorWords(failed) };
  if (status >= 500) return { kind: 'violated', problem: `answered ${status}, a 5xx` };
  if (!isSuccessStatus(status) && !isClientErrorStatus(status))
    return { kind: 'violated', problem: `answered ${status}, neither 2xx nor 4xx` };
  // A 5xx the engine retried away is recorded, not a counterexample: it does not reproduce on
  // the same body, so shrinking could not pin it down.
  const transient = exchange.retriedStatuses.filter((s) => s >= 500 && s !== 503);
  if (transient.length > 0) return { kind: 'holds', note: `answered ${transient.join(', ')} before ${status} on a retry` };
  return { kind: 'holds' };
}
