/**
 * Changes as small as the one found, each with one of its fields swapped for another: the fixes a user who needs a
 * field must see beside the one the search met first.
 *
 * - A change of one field here goes with values replaced (alone, the changes of one field were all refused): every
 *   other field is toggled in its place, additions first, so that the fix that keeps the user's fields is found too
 *   ("add resource" beside "take out changeType").
 * - A change of several fields: a part that takes out a field of the user's is also asked replaced by each field
 *   added (a fix that keeps every field sent: "add resource" in place of "take out changeType"), and each part by
 *   the fields of its kind that a prediction, a known body or a message points at ("either changeType or resource
 *   makes it 400; remove both": each already shown needed).
 *
 * At most MAX_SWAP_CHECKS creates; a field left unasked (that cap, the budget) is listed, never taken as refused.
 */
import { toggle } from './body-config.js';
import type { Ctx, Stopped } from './context.js';
import type { PresenceFound } from './presence-search.js';
import type { SwapChange } from './types.js';

/** Changes as small as the one found, each one field swapped for another, asked at most (each is a create). */
const MAX_SWAP_CHECKS = 6;

export interface Alternatives {
  swaps: SwapChange[];
  /** For a change of one field with no swap found: the fields whose swap was not asked. */
  unasked: string[];
}

/** The fields to ask in place of `field`, likeliest first. */
function candidatesFor(ctx: Ctx, found: PresenceFound, field: string): string[] {
  const { frame, toggles } = found;
  const P = frame.present;
  const single = toggles.length === 1;
  const candidate = (g: string): boolean =>
    !toggles.includes(g) && (P.has(g) || ctx.known.has(g)) && (single || P.has(g) === P.has(field) || (P.has(field) && !P.has(g)));
  const additionsFirst = (names: string[]): string[] => [...names.filter((g) => !P.has(g)), ...names.filter((g) => P.has(g))];
  const pointed = found.pointed.filter((f) => !toggles.includes(f));
  // Of a change of several fields, a field taken out is asked against every field added: that keeps the user's fields.
  const rest = frame.fields.filter((g) => candidate(g) && !pointed.includes(g) && (single || (P.has(field) && !P.has(g))));
  return [...additionsFirst(pointed.filter(candidate)), ...additionsFirst(rest)];
}

export async function findAlternatives(ctx: Ctx, found: PresenceFound): Promise<Alternatives | Stopped> {
  const { frame, toggles, presenceAt } = found;
  const swaps: SwapChange[] = [];
  const notAsked: string[] = [];
  let checks = 0;
  for (const field of toggles) {
    for (const other of candidatesFor(ctx, found, field)) {
      const swapped = presenceAt(toggle(frame.present, [...toggles.filter((f) => f !== field), other]));
      let probe = ctx.prober.known(swapped);
      if (probe === undefined && checks < MAX_SWAP_CHECKS) {
        checks += 1;
        probe = await ctx.prober.probe(swapped);
      }
      if (probe === undefined) {
        notAsked.push(other);
        continue;
      }
      if (probe.verdict !== 'holds') continue;
      if (ctx.o.repeats >= 2) {
        const again = await ctx.prober.probe(swapped, true);
        const split = {
          removed: toggles.filter((f) => frame.present.has(f)),
          added: toggles.filter((f) => !frame.present.has(f)),
          replaced: [],
        };
        if (again === undefined) return ctx.budgetSpent('checking a change as small again', split);
        if (again.verdict !== 'holds') return ctx.unstable([swapped]);
      }
      swaps.push({ field: other, instead: field, accepted: probe });
    }
  }
  // Only a one-field cause rests on the alternatives: unasked, it is "this field, unless one of these".
  return { swaps, unasked: toggles.length === 1 && swaps.length === 0 ? notAsked : [] };
}
