/**
 * Step 3 of explain: with the presence found, which of the user's remaining values must become known-good. The
 * user's values are asked first (they may be fine); else ddmin finds a 1-minimal set of values that cause the 400.
 * Only the values the presence step's accepted body had known-good can be (all of them, unless a prediction kept the
 * user's values).
 */
import { toggle, type BodyConfig } from './body-config.js';
import type { Ctx, Stopped } from './context.js';
import { ddmin } from './ddmin.js';
import { inFrame } from './frame.js';
import type { PresenceFound } from './presence-search.js';
import type { NeededChange, Probe } from './types.js';

export interface ValuesFound {
  replaced: string[];
  valueEvidence: NeededChange[];
  /** The body of the presence found with these values known-good (and every added field), the user's elsewhere. */
  withGood: (good: readonly string[]) => BodyConfig;
}

export async function findValues(ctx: Ctx, found: PresenceFound): Promise<ValuesFound | Stopped> {
  const { frame, toggles } = found;
  const present = toggle(frame.present, toggles);
  const removed = toggles.filter((f) => frame.present.has(f));
  const added = toggles.filter((f) => !frame.present.has(f));
  const presenceBody = found.presenceAt(present);
  const kept = frame.own.filter((f) => present.has(f) && ctx.known.has(f) && presenceBody.good.has(f));
  const withGood = (good: readonly string[]): BodyConfig => inFrame(frame, { present, good: new Set([...good, ...added]) });
  const userValues = await ctx.prober.probe(withGood([]));
  if (userValues === undefined) return ctx.budgetSpent('checking the values', { removed, added, replaced: [] });
  if (userValues.verdict === 'holds') {
    // ddmin's confirmation may have asked this very body again already (a prediction's accepted body).
    if (ctx.o.repeats >= 2 && !ctx.prober.probes.some((p) => p.repeat && p.key === userValues.key)) {
      const again = await ctx.prober.probe(withGood([]), true);
      if (again === undefined) return ctx.budgetSpent('checking the answer again', { removed, added, replaced: [] });
      if (again.verdict !== 'holds') return ctx.unstable([withGood([])]);
    }
    return { replaced: [], valueEvidence: [], withGood };
  }
  const dd = await ddmin(kept, (subset, how) => ctx.prober.ask(withGood(subset), how.repeat), {
    maxCalls: 10_000,
    confirm: ctx.o.repeats >= 2,
  });
  if (dd.status === 'budget') return ctx.budgetSpent('showing which values are needed', { removed, added, replaced: dd.subset });
  if (dd.status === 'unstable') return ctx.unstable(dd.disagreements.map((d) => withGood(d)));
  if (dd.status === 'unresolved') {
    return ctx.stop({
      outcome: 'no-verdict',
      reason: 'the target gave no verdict on a body that would show whether a value is needed',
      partial: { removed, added, replaced: dd.subset },
    });
  }
  // The presence step's accepted body is this one with every value replaced: it held, unless the target changed its mind.
  if (dd.status === 'precondition') return ctx.unstable([withGood(kept)]);
  const replaced = dd.subset;
  const valueEvidence = replaced.map((field) => ({
    field,
    kind: 'replace-value' as const,
    undone: ctx.prober.known(withGood(replaced.filter((f) => f !== field))) as Probe,
  }));
  return { replaced, valueEvidence, withGood };
}
