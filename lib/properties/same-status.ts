/**
 * Property 3: the same request, sent twice, gets the same status (spec §4/§7 describe the answer
 * as depending on the request). The caller deletes what the first send created before the second,
 * so the second meets the same state as the first.
 */
import type { Exchange } from '../http/types.js';
import { answerOf, type PropertyCheck } from './check-result.js';

export function checkSameStatus(first: Exchange, second: Exchange): PropertyCheck {
  const a = answerOf(first);
  const b = answerOf(second);
  if (a.kind === 'none') return { kind: 'no-answer', problem: a.problem };
  if (b.kind === 'none') return { kind: 'no-answer', problem: b.problem };
  if (a.kind === 'hang' || b.kind === 'hang') return { kind: 'not-judged', reason: 'no answer in time (property 1 reports it)' };
  if (a.status !== b.status) return { kind: 'violated', problem: `answered ${a.status} the first time and ${b.status} the second` };
  return { kind: 'holds' };
}
