/**
 * Step 2 of explain, when no change of one field got a 2xx: the smallest change of several fields' presence, each
 * part shown needed. Every known field is at its known-good value, so that presence speaks alone; a prediction or a
 * known body's change is asked first with the user's values for the fields it leaves alone (that body is then the
 * values step's own first question); seed.ts finds a first change that gets a 2xx, ddmin shrinks it to a 1-minimal
 * one, and each part is undone once to show it needed.
 */
import { toggle, type BodyConfig } from './body-config.js';
import { isStopped, type Ctx, type Stopped } from './context.js';
import { ddmin } from './ddmin.js';
import { inFrame, type Frame } from './frame.js';
import { findAccepted, type SeedAnswer, type SeedResult } from './seed.js';
import { namesIn } from './names.js';
import type { NeededChange, Probe } from './types.js';

/** Known bodies whose change is asked first, at most (each may cost a create). */
export const MAX_KNOWN_BODIES = 3;

export interface PresenceFound {
  frame: Frame;
  /** The 1-minimal change: each field toggled (taken out when present, added when absent). */
  toggles: string[];
  /** The body of a presence, as the search asked it (toggled fields known-good; the rest as the search's start). */
  presenceAt: (present: ReadonlySet<string>) => BodyConfig;
  presenceEvidence: NeededChange[];
  /** Fields a prediction, a known body or a refusal pointed at: the likeliest to swap in. */
  pointed: string[];
}

/** Each known body's change, over the frame: the fields it has and the frame's body lacks, and the other way. */
export function knownChanges(ctx: Ctx, frame: Frame): string[][] {
  return (ctx.o.accepted ?? [])
    .slice(0, MAX_KNOWN_BODIES)
    .map((a) => frame.fields.filter((f) => frame.present.has(f) !== a.includes(f)))
    .filter((t) => t.length > 0);
}

export async function findPresenceChange(ctx: Ctx, frame: Frame, start: Probe): Promise<PresenceFound | Stopped> {
  const { prober } = ctx;
  const P = frame.present;
  const allGood = (present: ReadonlySet<string>): BodyConfig => inFrame(frame, ctx.allGood(present));
  // When the known-good values got a 2xx already, neither a name nor a prediction is worth following.
  const goodValuesHold = prober.known(allGood(P))?.verdict === 'holds';
  const hint = goodValuesHold ? [] : namesIn(start, frame.fields);
  // Of predictions as near, the one that follows the target's own message is likelier (and the one the search
  // without a prediction would find).
  const alternatives = (ctx.o.predicted ?? []).map((t) => t.filter((f) => frame.fields.includes(f))).filter((t) => t.length > 0);
  const predicted = goodValuesHold ? [] : (alternatives.find((t) => hint[0] !== undefined && t.includes(hint[0])) ?? alternatives[0] ?? []);
  const known = goodValuesHold ? [] : knownChanges(ctx, frame);
  const asked = await askKnownFirst(ctx, frame, [predicted, ...known], hint);
  if (isStopped(asked)) return asked;
  const presenceAt = asked.presenceAt ?? allGood;
  const seedAnswer = async (present: ReadonlySet<string>): Promise<SeedAnswer> => {
    const probe = await prober.probe(allGood(present));
    if (probe === undefined) return { answer: 'stop', named: [] };
    return { answer: probe.verdict, named: namesIn(probe, frame.fields) };
  };
  // Not accepted with the user's values: each is asked again with known-good values (the user's values may be the
  // trouble), then the usual search.
  const seed: SeedResult =
    asked.seed ??
    (await findAccepted(frame.fields, { answer: start.verdict, named: hint }, (t) => seedAnswer(toggle(P, t)), predicted, known));
  if (seed.kind === 'stop') return ctx.budgetSpent('looking for a change of fields that gets a 2xx');
  if (seed.kind === 'none') {
    return ctx.stop({
      outcome: 'no-accepted-body',
      reason: `no body tried got a 2xx: every combination of the fields ${frame.fields.join(', ')} with known-good values was rejected or got no verdict, so the cause is not only in which fields the body has`,
    });
  }
  const pointed = [...new Set([...alternatives.flat(), ...known.flat(), ...hint])].filter((f) => frame.fields.includes(f));
  const shrunk = await shrink(ctx, frame, seed.toggles, presenceAt);
  if (isStopped(shrunk)) return shrunk;
  return { frame, toggles: shrunk.toggles, presenceAt, presenceEvidence: shrunk.evidence, pointed };
}

interface FirstAsked {
  seed?: SeedResult;
  presenceAt?: (present: ReadonlySet<string>) => BodyConfig;
}

/**
 * A prediction or a known body's change is asked first with the user's values for the fields it leaves alone, and
 * known-good values for those it toggles. That body is the values step's own first question (the user's values with
 * that presence): when it gets a 2xx, one request answers both steps. ddmin then asks each toggled field back at its
 * known-good value, with the user's values around it: a field's need is still shown by its presence alone, and a
 * field toggled wrongly is dropped. A refusal's names join `hint`.
 */
async function askKnownFirst(ctx: Ctx, frame: Frame, changes: string[][], hint: string[]): Promise<FirstAsked | Stopped> {
  const firstAsked = changes.filter(
    (t, k, all) => t.length > 0 && all.findIndex((u) => u.length === t.length && u.every((f) => t.includes(f))) === k,
  );
  for (const change of firstAsked) {
    const togglesGood = new Set(change.filter((f) => ctx.known.has(f)));
    const withPrediction = (present: ReadonlySet<string>): BodyConfig => inFrame(frame, { present, good: togglesGood });
    const asked = await ctx.prober.probe(withPrediction(toggle(frame.present, change)));
    if (asked === undefined) return ctx.budgetSpent('looking for a change of fields that gets a 2xx');
    if (asked.verdict === 'holds') return { seed: { kind: 'found', toggles: [...change], tried: 1 }, presenceAt: withPrediction };
    hint.push(...namesIn(asked, frame.fields).filter((f) => !hint.includes(f)));
  }
  return {};
}

/** ddmin over the toggles that got a 2xx, and each part of the 1-minimal change undone alone. */
async function shrink(
  ctx: Ctx,
  frame: Frame,
  toggles: string[],
  presenceAt: (present: ReadonlySet<string>) => BodyConfig,
): Promise<{ toggles: string[]; evidence: NeededChange[] } | Stopped> {
  if (toggles.length === 0) return { toggles: [], evidence: [] };
  const P = frame.present;
  const split = (t: readonly string[]) => ({ removed: t.filter((f) => P.has(f)), added: t.filter((f) => !P.has(f)), replaced: [] });
  const found = await ddmin(toggles, (subset, how) => ctx.prober.ask(presenceAt(toggle(P, subset)), how.repeat), {
    maxCalls: 10_000,
    confirm: ctx.o.repeats >= 2,
  });
  if (found.status === 'budget') return ctx.budgetSpent('showing which field changes are needed', split(found.subset));
  if (found.status === 'unstable') return ctx.unstable(found.disagreements.map((d) => presenceAt(toggle(P, d))));
  if (found.status === 'unresolved') {
    return ctx.stop({
      outcome: 'no-verdict',
      reason: 'the target gave no verdict on a body that would show whether a field change is needed',
      partial: split(found.subset),
    });
  }
  if (found.status === 'precondition') return ctx.unstable([presenceAt(toggle(P, toggles))]);
  const after = toggle(P, found.subset);
  const evidence = found.subset.map((field) => ({
    field,
    kind: P.has(field) ? ('remove' as const) : ('add' as const),
    undone: ctx.prober.known(presenceAt(toggle(after, [field]))) as Probe,
  }));
  return { toggles: found.subset, evidence };
}
