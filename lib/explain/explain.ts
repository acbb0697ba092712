/**
 * "Why did this request get 400?", over an injected sender.
 *
 * The formulation, and why. The question a user asks is "what do I change to get a 2xx, and which of
 * those changes matter". So explain looks for the smallest change of the body that gets a 2xx, made of
 * field-level changes, and shows each part needed: with any one part undone the target rejects again
 * (1-minimality, which delta debugging gives). It is not Zeller's original "smallest part of the input
 * that still fails the same way": for the spec's five-field body against the v2.0 service the body
 * `{"changeType": ...}` alone fails the same way, so that formulation names changeType only, while
 * the fix needs resource out as well. Nor is it ddmin over "fields to remove" started from the whole
 * body: taking out every field fails too, for another reason (required fields missing), so ddmin's
 * precondition (the property holds on the whole set) does not hold there. Hence three steps:
 *
 * 0. Every change of one field, at the user's values (singles.ts): each that gets a 2xx is a fix, and a user who
 *    needs a field is shown the fix that keeps it (add resource) before the one that deletes it (take out changeType).
 *    When none does, steps 1 to 3 (several-fields.ts) look for a change of several fields.
 * 1. Presence, with every known field at its known-good value (so that presence speaks alone): the
 *    changes are toggles (take out a present field, add a missing one). A first toggle set that gets a
 *    2xx is found by seed.ts (follow the fields the messages name, else no toggle, else by size:
 *    likeliest first, since each question is a request); ddmin shrinks it to a
 *    1-minimal one. Taken-out fields are the ones whose presence causes the 400 ("a body that has
 *    either is rejected"), added ones are missing. A prediction (explain --hint: a recorded report's
 *    nearest accepted combination) is asked before all that, with the user's values for the fields it
 *    does not toggle; when it gets a 2xx, ddmin shrinks it over that kind of body (each toggled field
 *    at its known-good value), and the accepted body is the values step's first question as well.
 * 2. Values, with that presence: the changes are "this field's value replaced by its known-good value"
 *    for each remaining field of the user's; the empty change is asked first (the user's values may be
 *    fine), else ddmin finds a 1-minimal set of values that cause the 400.
 * 3. Checks: with REPEATS >= 2 each request the conclusion rests on is asked once more (the original's
 *    400, the accepted body, each undone change), and any other answer makes the outcome `unstable`.
 *
 * The oracle of both ddmin runs is "accepted (2xx)" against "not": a 4xx of any kind counts as
 * rejected (a body without a required field is rejected too, and so the change that took it out is
 * needed), and an answer that is no verdict (5xx, no answer after retries) is `unresolved`, never
 * evidence. "Rejected the same way" (status, error code, message pattern) is what the repeat of the
 * original is held to, and what render.ts says of each undone change.
 */
import type { BodyConfig } from './body-config.js';
import { Ctx, isStopped, type Stopped } from './context.js';
import { userFrame } from './frame.js';
import { askKnownFirst, type KnownFirst } from './known-first.js';
import { namesIn } from './names.js';
import { Prober } from './prober.js';
import { knownChanges } from './presence-search.js';
import { explainSeveral } from './several-fields.js';
import { describeAnswer, sameRejection } from './signature.js';
import { askSingles, type SingleChange } from './singles.js';
import { stateCause } from './state-cause.js';
import type { ExplainOptions, ExplainResult } from './types.js';
import { askZone } from './zone.js';

export type { ExplainOptions } from './types.js';

/** Statuses that speak of the request's credentials, path or method rather than its body. */
const NOT_THE_BODY: Record<number, string> = {
  401: 'the target refuses the token (401)',
  403: 'the token is not allowed to do this (403)',
  404: 'the target has nothing at this path: check BASE_URL (404)',
  405: 'the target does not take this method at this path (405)',
};

export async function explain(o: ExplainOptions): Promise<ExplainResult> {
  const own = Object.keys(o.body);
  const user = userFrame(
    own,
    o.operation.fields.map((f) => f.name),
  );
  const prober = new Prober({ operation: o.operation, original: o.body, send: o.send, values: o.values, budget: o.budget });
  const first = await prober.probe({ present: user.present, good: new Set() });
  if (first === undefined) throw new RangeError(`explain: a budget of ${o.budget} requests has no room for one create and its delete`);
  const ctx = new Ctx(o, prober, new Set(o.operation.fields.map((f) => f.name)), user, first);
  const early = await earlyEnd(ctx);
  if (early !== undefined) return early.stopped;
  const singles = await singlesStep(ctx);
  if (isStopped(singles)) return singles.stopped;
  return explainSeveral(ctx, singles.kind === 'answered');
}

/** The request accepted, refused for the target's state, without a verdict, or refused for no reason in the body. */
async function earlyEnd(ctx: Ctx): Promise<Stopped | undefined> {
  const { first, prober } = ctx;
  if (first.verdict === 'holds') return ctx.stop({ outcome: 'accepted' });
  const refusal = first.answer.refusal;
  if (refusal !== undefined && (refusal.kind === 'state' || refusal.kind === 'environment')) {
    const listed = refusal.mechanism === 'quota' ? await prober.list() : undefined;
    return ctx.stop({ outcome: 'state', causes: stateCause(refusal, first.exchange, ctx.o.body, listed) });
  }
  if (first.verdict === 'unresolved') {
    return ctx.stop({ outcome: 'no-verdict', reason: `the target gave no verdict on the request: ${describeAnswer(first)}` });
  }
  const notBody = first.answer.status === null ? undefined : NOT_THE_BODY[first.answer.status];
  if (notBody === undefined) return undefined;
  // A status about the credentials, path or method is asked again with known-good values before any field is
  // blamed: the body is then unlikely to be the cause.
  const p0 = await prober.probe(ctx.allGood(ctx.user.present));
  if (p0 === undefined) return ctx.budgetSpent('before the body could be sent with known-good values');
  if (p0.answer.status !== first.answer.status) return undefined;
  return ctx.stop({ outcome: 'not-the-body', reason: `${notBody}, with known-good values as well: the cause is not in the body's fields` });
}

/**
 * Every change of one field, at the user's values: each that gets a 2xx is a fix, and the result when there is one.
 * A known body's change that covers what the refusal names is asked first: its answers may tell the other changes of
 * one field (known-first.ts). With a hint's report the changes it records refused are not asked, so neither is this; a
 * named field whose value is not the known-good one may be refused for its value, so every change is asked then.
 */
async function singlesStep(ctx: Ctx): Promise<KnownFirst | Stopped> {
  const { o, prober, first, user, known } = ctx;
  const named = namesIn(first, user.fields);
  const knownFirst =
    o.recordedRefused === undefined && named.every((f) => prober.valueIsGood(f))
      ? await askKnownFirst(prober, {
          present: user.present,
          // A hint's prediction is not asked before the changes of one field: it may be stale.
          changes: knownChanges(ctx, user),
          named,
          at: (present, t) => ({ present, good: new Set(t.filter((f) => known.has(f))) }),
          allGood: (present) => ctx.allGood(present),
        })
      : ({ kind: 'ask-all' } as const);
  const asked = await askSingles(prober, {
    present: user.present,
    fields: user.fields,
    known,
    pointed: [...named, ...(o.predicted ?? []).filter((t) => t.length === 1).flat()],
    recordedRefused: new Set(o.recordedRefused ?? []),
    confirm: o.repeats >= 2,
    ...(knownFirst.kind === 'answered'
      ? { answeredBy: { keeps: knownFirst.toggles, named, ...(knownFirst.goodValues === true ? { goodValues: true as const } : {}) } }
      : {}),
  });
  if (asked.kind === 'unstable') return ctx.unstable(asked.configs);
  ctx.singles = asked.singles;
  const [bestFix] = ctx.singles.fixes;
  if (bestFix === undefined) return knownFirst;
  const originalConfig: BodyConfig = { present: user.present, good: new Set() };
  if (o.repeats >= 2) {
    const again = await prober.probe(originalConfig, true);
    if (again === undefined) return ctx.budgetSpent('checking the original request again', changeOf(bestFix.change));
    if (!sameRejection(first, again, user.fields)) return ctx.unstable([originalConfig]);
  }
  const found = ctx.result({ outcome: 'explained', ...changeOf(bestFix.change), after: bestFix.probe, presenceAccepted: bestFix.probe });
  return { stopped: await askZone(prober, found, o.repeats >= 2) };
}

function changeOf(change: SingleChange): Pick<ExplainResult, 'removed' | 'added' | 'replaced'> {
  // A rename takes the user's name out and puts the field in, with the user's value.
  return {
    removed: change.kind === 'remove' ? [change.field] : change.kind === 'rename' ? [change.from] : [],
    added: change.kind === 'add' || change.kind === 'rename' ? [change.field] : [],
    replaced: change.kind === 'replace-value' ? [change.field] : [],
  };
}
