/**
 * ddmin shrinks a change that works; it cannot find one. This finds a first set of field toggles
 * (take out a present field, add an absent one) after which the target accepts the body:
 *
 * 0. Predicted toggle sets, when the caller has them (a recorded report's nearest accepted
 *    combination, report-hint.ts; the change to a body known or reported accepted): asked before anything
 *    else, in order. Only the order depends on them; when none is accepted, their rejections' names join the
 *    hints and the search goes on as below.
 * 1. Follow the messages: real services name the property they refuse or miss ("The property
 *    'changeType' does not exist ...", "... 'expirationDateTime' is required"). Toggle the first field
 *    a rejection names that is not toggled yet, and go on while each new rejection names a new one.
 *    The spec's five-field body is accepted after two such steps. A message that names a field is the
 *    likeliest cause, so it is asked before anything else.
 * 2. Otherwise no toggle at all (the body with known-good values: the cause may be in the values only),
 *    then every toggle set by size (1, 2, ...), fields the messages named first: the first accepted one
 *    is a smallest change, and ddmin then has nothing left to shrink.
 *
 * All stop when the oracle says `stop` (the budget). A `found` with no toggles means that presence is
 * not the cause.
 */
import { subsetsOfSize } from '../explore/bits.js';
import type { DdAnswer } from './ddmin.js';

export interface SeedAnswer {
  answer: DdAnswer;
  /** Fields the rejection's message quotes, in order of mention (empty when accepted or no message). */
  named: string[];
}

export type SeedResult =
  | { kind: 'found'; toggles: string[]; tried: number }
  | { kind: 'none'; tried: number }
  | { kind: 'stop'; tried: number };

/**
 * `fields`: what may be toggled, in a sensible order; `start`: the rejection to explain (its names are
 * the first hint; the body with no toggle has not necessarily been asked); `tryToggles`: sends the body
 * with those toggles (a caching oracle makes repeats free); `predicted`: toggles to ask first (those
 * outside `fields` are dropped; none: no prediction); `also`: further toggle sets to ask after it, in order.
 */
export async function findAccepted(
  fields: readonly string[],
  start: SeedAnswer,
  tryToggles: (toggles: readonly string[]) => Promise<SeedAnswer>,
  predicted: readonly string[] = [],
  also: readonly (readonly string[])[] = [],
): Promise<SeedResult> {
  let tried = 0;
  const named: string[] = [];
  const remember = (names: readonly string[]): void => {
    for (const name of names) if (fields.includes(name) && !named.includes(name)) named.push(name);
  };
  remember(start.named);

  const asked = new Set<string>();
  for (const set of [predicted, ...also]) {
    const first = set.filter((f) => fields.includes(f));
    const key = [...first].sort().join('\u0000');
    if (first.length === 0 || asked.has(key)) continue;
    asked.add(key);
    tried += 1;
    const seen = await tryToggles(first);
    if (seen.answer === 'stop') return { kind: 'stop', tried };
    if (seen.answer === 'holds') return { kind: 'found', toggles: first, tried };
    remember(seen.named);
  }

  const toggled: string[] = [];
  let last = start;
  for (;;) {
    const next = last.named.find((f) => fields.includes(f) && !toggled.includes(f));
    if (next === undefined) break;
    toggled.push(next);
    tried += 1;
    last = await tryToggles(toggled);
    if (last.answer === 'stop') return { kind: 'stop', tried };
    if (last.answer === 'holds') return { kind: 'found', toggles: [...toggled], tried };
    remember(last.named);
  }

  const order = [...named, ...fields.filter((f) => !named.includes(f))];
  for (let k = 0; k <= order.length; k += 1) {
    for (const toggles of subsetsOfSize(order, k)) {
      tried += 1;
      const seen = await tryToggles(toggles);
      if (seen.answer === 'stop') return { kind: 'stop', tried };
      if (seen.answer === 'holds') return { kind: 'found', toggles, tried };
    }
  }
  return { kind: 'none', tried };
}
