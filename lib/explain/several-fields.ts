/**
 * When no change of one field gets a 2xx: the smallest change of several fields (presence-search.ts), the changes as
 * small beside it (alternatives.ts), the values it needs replaced (values-step.ts), each property renamed to its
 * field's letter case shown needed, and every such change as a fix with its body: those that keep every field the
 * user sent first. Over the user's body with its misspelt properties renamed (frame.ts), so that a fix renames a
 * property and keeps its value instead of adding a second spelling beside it.
 */
import { toggle, type BodyConfig } from './body-config.js';
import { findAlternatives, type Alternatives } from './alternatives.js';
import { isStopped, type Ctx, type Stopped } from './context.js';
import { caseRenames, inFrame, renamedFrame, userName, type Frame } from './frame.js';
import { findPresenceChange, type PresenceFound } from './presence-search.js';
import { sameRejection } from './signature.js';
import type { ExplainResult, FixSet, Probe, RenamedField, SingleChange } from './types.js';
import { findValues, type ValuesFound } from './values-step.js';
import { askZone } from './zone.js';

export async function explainSeveral(ctx: Ctx, knownFirstAnswered: boolean): Promise<ExplainResult> {
  const frame = renamedFrame(
    ctx.user,
    caseRenames(ctx.user.own, ctx.known),
    ctx.o.operation.fields.map((f) => f.name),
  );
  const start = frame === ctx.user ? ctx.first : await ctx.prober.probe(inFrame(frame, { present: frame.present, good: new Set() }));
  if (start === undefined) return ctx.budgetSpent('renaming a property to its field').stopped;
  // Whether values are the trouble, the body with every value known-good tells in one request; when it gets a 2xx,
  // the search starts there and the values step finds which. Not when a known body's change got a 2xx already.
  const { o, prober, known } = ctx;
  if (o.recordedRefused === undefined && !knownFirstAnswered && frame.own.some((f) => known.has(f) && !prober.valueIsGood(f)))
    await prober.probe(inFrame(frame, ctx.allGood(frame.present)));
  const found = await findPresenceChange(ctx, frame, start);
  if (isStopped(found)) return found.stopped;
  const alternatives = await findAlternatives(ctx, found);
  if (isStopped(alternatives)) return alternatives.stopped;
  const values = await findValues(ctx, found);
  if (isStopped(values)) return values.stopped;
  const checked = await checkOriginal(ctx, found, values);
  if (checked !== undefined) return checked.stopped;
  const renamed = await renamesNeeded(ctx, found, values);
  if (isStopped(renamed)) return renamed.stopped;
  const fixSets = await fixSetsOf(ctx, found, alternatives, values, renamed);
  return askZone(ctx.prober, explained(ctx, found, alternatives, values, { renamed, fixSets }), o.repeats >= 2);
}

/** The original's rejection, once more (REPEATS >= 2): the conclusion explains it, so it must be stable too. */
async function checkOriginal(ctx: Ctx, found: PresenceFound, values: ValuesFound): Promise<Stopped | undefined> {
  if (ctx.o.repeats < 2) return undefined;
  const original: BodyConfig = { present: ctx.user.present, good: new Set() };
  const again = await ctx.prober.probe(original, true);
  if (again === undefined) return ctx.budgetSpent('checking the original request again', userChange(found, values.replaced));
  return sameRejection(ctx.first, again, ctx.user.fields) ? undefined : ctx.unstable([original]);
}

/** The change's removed, added and replaced fields, in the user's names (a renamed field taken out: the user's property). */
function userChange(found: PresenceFound, replaced: string[]): { removed: string[]; added: string[]; replaced: string[] } {
  const { frame, toggles } = found;
  return {
    removed: toggles.filter((f) => frame.present.has(f)).map((f) => userName(frame, f)),
    added: toggles.filter((f) => !frame.present.has(f)),
    replaced,
  };
}

/**
 * Each property the frame renamed and the change keeps: the change's body with the user's spelling back in its place
 * (the same value), asked once. Refused, the rename is a part of the fix; accepted, the name is not the trouble.
 */
async function renamesNeeded(ctx: Ctx, found: PresenceFound, values: ValuesFound): Promise<RenamedField[] | Stopped> {
  const after = values.withGood(values.replaced);
  const body = ctx.prober.known(after)?.body ?? {};
  const needed: RenamedField[] = [];
  for (const [field, from] of found.frame.renames) {
    if (!after.present.has(field)) continue;
    const present = new Set([...after.present].filter((f) => f !== field));
    present.add(from);
    const renamed = new Map([...(after.renamed ?? [])].filter(([f]) => f !== field));
    const config: BodyConfig = {
      present,
      good: new Set([...after.good].filter((f) => f !== field)),
      values: new Map([...(after.values ?? []), [from, body[field]]]),
      ...(renamed.size === 0 ? {} : { renamed }),
    };
    const undone = await ctx.prober.probe(config);
    if (undone === undefined) return ctx.budgetSpent('checking that the letter case matters', userChange(found, values.replaced));
    if (undone.verdict !== 'holds') needed.push({ field, from, undone });
  }
  return needed;
}

/** A change of the frame as the parts of a fix, in the user's names: renames, additions, removals, values replaced. */
function partsOf(frame: Frame, toggles: readonly string[], replaced: readonly string[], renamed: readonly RenamedField[]): SingleChange[] {
  return [
    ...renamed.filter((r) => !toggles.includes(r.field)).map((r): SingleChange => ({ kind: 'rename', field: r.field, from: r.from })),
    ...toggles.filter((f) => !frame.present.has(f)).map((field): SingleChange => ({ kind: 'add', field })),
    ...toggles.filter((f) => frame.present.has(f)).map((f): SingleChange => ({ kind: 'remove', field: userName(frame, f) })),
    ...replaced.map((field): SingleChange => ({ kind: 'replace-value', field })),
  ];
}

/**
 * The change found and each change as small, as fixes with their bodies, those without a field taken out first. An
 * alternative is asked with the values the change found needs replaced and the user's elsewhere (one create each);
 * refused so, it is shown as the presence search accepted it, each value it had known-good listed as replaced.
 */
async function fixSetsOf(
  ctx: Ctx,
  found: PresenceFound,
  alternatives: Alternatives,
  values: ValuesFound,
  renamed: RenamedField[],
): Promise<FixSet[]> {
  const { frame, toggles } = found;
  const main = ctx.prober.known(values.withGood(values.replaced));
  if (main === undefined || (alternatives.swaps.length === 0 && renamed.length === 0)) return [];
  const sets: FixSet[] = [{ parts: partsOf(frame, toggles, values.replaced, renamed), after: main }];
  for (const swap of alternatives.swaps) {
    const swapped = [...toggles.filter((f) => f !== swap.instead), swap.field];
    const added = swapped.filter((f) => !frame.present.has(f));
    const config = inFrame(frame, { present: toggle(frame.present, swapped), good: new Set([...values.replaced, ...added]) });
    const asked = await ctx.prober.probe(config);
    if (asked?.verdict === 'holds') {
      sets.push({ parts: partsOf(frame, swapped, values.replaced, renamed), after: asked });
      continue;
    }
    const good = frame.own.filter((f) => swap.accepted.config.good.has(f) && !ctx.prober.valueIsGood(f));
    sets.push({ parts: partsOf(frame, swapped, good, renamed), after: swap.accepted });
  }
  const keepsAll = (s: FixSet): boolean => !s.parts.some((p) => p.kind === 'remove');
  return [...sets.filter(keepsAll), ...sets.filter((s) => !keepsAll(s))];
}

function explained(
  ctx: Ctx,
  found: PresenceFound,
  alternatives: Alternatives,
  values: ValuesFound,
  more: { renamed: RenamedField[]; fixSets: FixSet[] },
): ExplainResult {
  const { removed, added, replaced } = userChange(found, values.replaced);
  const after = ctx.prober.known(values.withGood(replaced)) as Probe;
  const presenceAccepted = ctx.prober.known(found.presenceAt(toggle(found.frame.present, found.toggles))) as Probe;
  const [one, ...others] = [
    ...more.renamed.map((r): SingleChange => ({ kind: 'rename', field: r.field, from: r.from })),
    ...removed.map((field) => ({ kind: 'remove' as const, field })),
    ...added.map((field) => ({ kind: 'add' as const, field })),
    ...replaced.map((field) => ({ kind: 'replace-value' as const, field })),
  ];
  if (one !== undefined && others.length === 0 && alternatives.swaps.length === 0) {
    // A change of one field after all (a value, or a field past the cap on changes of one field): a fix like the others.
    ctx.singles = { ...ctx.singles, fixes: [{ change: one, probe: after }] };
  }
  return ctx.result({
    outcome: 'explained',
    removed,
    added,
    replaced,
    presenceEvidence: found.presenceEvidence.map((e) => ({ ...e, field: e.kind === 'remove' ? userName(found.frame, e.field) : e.field })),
    valueEvidence: values.valueEvidence,
    after,
    presenceAccepted,
    swaps: alternatives.swaps,
    unasked: alternatives.unasked,
    ...more,
  });
}
