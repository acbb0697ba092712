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
import type { Exchange, RequestSpec } from '../http/types.js';
import { namedFields, namedInError } from '../inference/message-pattern.js';
import type { OperationSpec, ValueContext } from '../operation/types.js';
import { toggle, type BodyConfig } from './body-config.js';
import { ddmin } from './ddmin.js';
import { Prober } from './prober.js';
import { findAccepted, type SeedAnswer, type SeedResult } from './seed.js';
import { sameRejection, describeAnswer } from './signature.js';
import { stateCause } from './state-cause.js';
import { askKnownFirst } from './known-first.js';
import { askSingles, type SingleChange, type Singles } from './singles.js';
import type { ExplainResult, NeededChange, Probe, SwapChange } from './types.js';
import { askZone } from './zone.js';

export interface ExplainOptions {
  operation: OperationSpec;
  /** The user's body: a JSON object. */
  body: Readonly<Record<string, unknown>>;
  send: (request: RequestSpec) => Promise<Exchange>;
  values: () => ValueContext;
  /** Most requests on the wire, retries and deletes included. */
  budget: number;
  /** Times each check the conclusion rests on is asked in all (REPEATS); 1: never asked again. */
  repeats: number;
  /**
   * Field toggles a recorded report predicts get a 2xx (report-hint.ts), one set per accepted
   * combination as near: one set is asked first, the one that toggles the field the rejection names
   * first when there is one. Only which questions are asked, and in what order, depends on it; the
   * conclusion rests on the answers.
   */
  predicted?: readonly (readonly string[])[];
  /**
   * Bodies known or reported accepted, as sets of fields, likeliest first (ACCEPTED_BODY, the description's
   * acceptedBody and reportedAccepted: lib/presence/known-starts.ts). The change to each is asked after the
   * prediction and before any search, with the user's values for the fields it leaves alone; ddmin then puts
   * back what of the difference is not needed. Only the order of the questions depends on them.
   */
  accepted?: readonly (readonly string[])[];
  /**
   * Given with a recorded report only (report-hint.ts), whose matrix records the body's own combination refused at
   * known-good values: the fields whose toggle alone it records refused too. Neither those changes of one field nor
   * the body with every value known-good are asked; what explain prints says so.
   */
  recordedRefused?: readonly string[];
}

/** Known bodies whose change is asked first, at most (each may cost a create). */
const MAX_KNOWN_BODIES = 3;

/** Changes as small as the one found, each one field swapped for another, asked at most (each is a create). */
const MAX_SWAP_CHECKS = 6;

/** Fields a rejection names: by its structure (a pydantic `loc`, a ProblemDetails key), then in its message (quoted first). */
function namesIn(probe: Probe, fields: readonly string[]): string[] {
  const structured = namedInError({ ...(probe.answer.errorNames === undefined ? {} : { errorNames: probe.answer.errorNames }) }, fields);
  const inText = namedFields(probe.answer.errorMessage ?? '', fields);
  return [...structured, ...inText.filter((f) => !structured.includes(f))];
}

/** Statuses that speak of the request's credentials, path or method rather than its body. */
const NOT_THE_BODY: Record<number, string> = {
  401: 'the target refuses the token (401)',
  403: 'the token is not allowed to do this (403)',
  404: 'the target has nothing at this path: check BASE_URL (404)',
  405: 'the target does not take this method at this path (405)',
};

export async function explain(o: ExplainOptions): Promise<ExplainResult> {
  const { operation, body: original } = o;
  const known = new Set(operation.fields.map((f) => f.name));
  const own = Object.keys(original);
  const fields = [...own, ...operation.fields.map((f) => f.name).filter((f) => !own.includes(f))];
  const P = new Set(own);
  const allGood = (present: ReadonlySet<string>): BodyConfig => ({ present, good: new Set([...present].filter((f) => known.has(f))) });
  const prober = new Prober({ operation, original, send: o.send, values: o.values, budget: o.budget });

  let singles: Singles = {
    fixes: [],
    refused: [],
    noVerdict: [],
    unasked: [],
    byReport: [],
    answered: { changes: [], keeps: [], named: [] },
  };
  const result = (found: Pick<ExplainResult, 'outcome'> & Partial<ExplainResult>, originalProbe: Probe): ExplainResult => ({
    fields,
    original: originalProbe,
    removed: [],
    added: [],
    replaced: [],
    presenceEvidence: [],
    valueEvidence: [],
    disagreements: [],
    swaps: [],
    unasked: [],
    singles,
    ...found,
    requests: prober.count(),
    budget: o.budget,
    cleanupFailures: [...prober.cleanupFailures],
  });

  const originalConfig: BodyConfig = { present: P, good: new Set() };
  const first = await prober.probe(originalConfig);
  if (first === undefined) throw new RangeError(`explain: a budget of ${o.budget} requests has no room for one create and its delete`);
  if (first.verdict === 'holds') return result({ outcome: 'accepted' }, first);
  const refusal = first.answer.refusal;
  if (refusal !== undefined && (refusal.kind === 'state' || refusal.kind === 'environment')) {
    const listed = refusal.mechanism === 'quota' ? await prober.list() : undefined;
    return result({ outcome: 'state', causes: stateCause(refusal, first.exchange, original, listed) }, first);
  }
  if (first.verdict === 'unresolved') {
    return result({ outcome: 'no-verdict', reason: `the target gave no verdict on the request: ${describeAnswer(first)}` }, first);
  }
  const originalProbe: Probe = first;
  const budgetSpent = (what: string, partial?: ExplainResult['partial']): ExplainResult =>
    result(
      { outcome: 'budget', reason: `the budget of ${o.budget} requests was spent ${what}`, ...(partial === undefined ? {} : { partial }) },
      first,
    );

  // 1. Presence, at known-good values.
  const seedAnswer = async (present: ReadonlySet<string>): Promise<SeedAnswer> => {
    const probe = await prober.probe(allGood(present));
    if (probe === undefined) return { answer: 'stop', named: [] };
    return { answer: probe.verdict, named: namesIn(probe, fields) };
  };
  const notBody = first.answer.status === null ? undefined : NOT_THE_BODY[first.answer.status];
  if (notBody !== undefined) {
    // A status about the credentials, path or method is asked again with known-good values before any
    // field is blamed: the body is then unlikely to be the cause.
    const p0 = await prober.probe(allGood(P));
    if (p0 === undefined) return budgetSpent('before the body could be sent with known-good values');
    if (p0.answer.status === first.answer.status) {
      return result(
        { outcome: 'not-the-body', reason: `${notBody}, with known-good values as well: the cause is not in the body's fields` },
        first,
      );
    }
  }

  // 1. Every change of one field, at the user's values: each that gets a 2xx is a fix, and a user who needs a field
  // is shown the fix that keeps it (add resource) before the one that deletes it (take out changeType).
  const pointedAt = [...namesIn(first, fields), ...(o.predicted ?? []).filter((t) => t.length === 1).flat()];
  // A known body's change that covers what the refusal names is asked first: its answers may tell the other changes of
  // one field (known-first.ts). With a hint's report the changes it records refused are not asked, so neither is this;
  // a named field whose value is not the known-good one may be refused for its value, so every change is asked then.
  const knownFirst =
    o.recordedRefused === undefined && namesIn(first, fields).every((f) => prober.valueIsGood(f))
      ? await askKnownFirst(prober, {
          present: P,
          changes: changesFirst(),
          named: namesIn(first, fields),
          at: (present, t) => ({ present, good: new Set(t.filter((f) => known.has(f))) }),
        })
      : ({ kind: 'ask-all' } as const);
  const askedSingles = await askSingles(prober, {
    present: P,
    fields,
    known,
    pointed: pointedAt,
    recordedRefused: new Set(o.recordedRefused ?? []),
    confirm: o.repeats >= 2,
    ...(knownFirst.kind === 'answered' ? { answeredBy: { keeps: knownFirst.toggles, named: namesIn(first, fields) } } : {}),
  });
  if (askedSingles.kind === 'unstable') return unstable(askedSingles.configs);
  singles = askedSingles.singles;
  const [bestFix] = singles.fixes;
  if (bestFix !== undefined) {
    if (o.repeats >= 2) {
      const again = await prober.probe(originalConfig, true);
      if (again === undefined) return budgetSpent('checking the original request again', changeOf(bestFix.change));
      if (!sameRejection(first, again, fields)) return unstable([originalConfig]);
    }
    const found = result(
      { outcome: 'explained', ...changeOf(bestFix.change), after: bestFix.probe, presenceAccepted: bestFix.probe },
      first,
    );
    return askZone(prober, found, o.repeats >= 2);
  }

  // No field added or taken out alone gets a 2xx. Whether values are the trouble, the body with every value known-good
  // tells in one request; when it gets a 2xx, the search below starts there and the values step finds which (one
  // value is a change of one field too).
  // Not when a known body's change got a 2xx already (known-first.ts): the search starts there.
  if (o.recordedRefused === undefined && knownFirst.kind !== 'answered' && own.some((f) => known.has(f) && !prober.valueIsGood(f)))
    await prober.probe(allGood(P));

  // 2. The smallest change of several fields, each part shown needed.
  let toggles: string[] = [];
  const split = (t: readonly string[]) => ({ removed: t.filter((f) => P.has(f)), added: t.filter((f) => !P.has(f)), replaced: [] });
  let presenceEvidence: NeededChange[] = [];
  // The fields the rejection names are the likeliest cause: their toggles are asked first, and the body
  // with known-good values only when they do not get a 2xx (seed.ts). The order saves requests; what is
  // shown needed is the same (ddmin's 1-minimality).
  // When the known-good values were asked already (above) and got a 2xx, neither a name nor a
  // prediction is worth following.
  const goodValuesHold = prober.known(allGood(P))?.verdict === 'holds';
  const hint = goodValuesHold ? [] : namesIn(first, fields);
  // Of predictions as near, the one that follows the target's own message is likelier (and the one the
  // search without a prediction would find).
  const alternatives = (o.predicted ?? []).map((t) => t.filter((f) => fields.includes(f))).filter((t) => t.length > 0);
  const predicted = goodValuesHold ? [] : (alternatives.find((t) => hint[0] !== undefined && t.includes(hint[0])) ?? alternatives[0] ?? []);
  // The change to each body known or reported accepted: the fields it has and this one lacks, and the other way.
  const knownChanges = goodValuesHold
    ? []
    : (o.accepted ?? [])
        .slice(0, MAX_KNOWN_BODIES)
        .map((a) => fields.filter((f) => P.has(f) !== a.includes(f)))
        .filter((t) => t.length > 0);
  // The presence questions: every known field at its known-good value, so that presence speaks alone.
  let presenceAt = allGood;
  let seed: SeedResult | undefined;
  const firstAsked = [predicted, ...knownChanges].filter(
    (t, k, all) => t.length > 0 && all.findIndex((u) => u.length === t.length && u.every((f) => t.includes(f))) === k,
  );
  for (const change of firstAsked) {
    // A prediction or a known body's change is asked first with the user's values for the fields it leaves
    // alone, and known-good values for those it toggles. That body is the values step's own first question (the
    // user's values with that presence): when it gets a 2xx, one request answers both steps. ddmin then asks each
    // toggled field back at its known-good value, with the user's values around it: a field's need is still shown
    // by its presence alone, and a field toggled wrongly is dropped.
    const togglesGood = new Set(change.filter((f) => known.has(f)));
    const withPrediction = (present: ReadonlySet<string>): BodyConfig => ({ present, good: togglesGood });
    const asked = await prober.probe(withPrediction(toggle(P, change)));
    if (asked === undefined) return budgetSpent('looking for a change of fields that gets a 2xx');
    if (asked.verdict === 'holds') {
      presenceAt = withPrediction;
      seed = { kind: 'found', toggles: [...change], tried: 1 };
      break;
    }
    hint.push(...namesIn(asked, fields).filter((f) => !hint.includes(f)));
  }
  // Not accepted with the user's values: each is asked again with known-good values (the user's values may be
  // the trouble), then the usual search.
  seed ??= await findAccepted(fields, { answer: first.verdict, named: hint }, (t) => seedAnswer(toggle(P, t)), predicted, knownChanges);
  if (seed.kind === 'stop') return budgetSpent('looking for a change of fields that gets a 2xx');
  if (seed.kind === 'none') {
    return result(
      {
        outcome: 'no-accepted-body',
        reason: `no body tried got a 2xx: every combination of the fields ${fields.join(', ')} with known-good values was rejected or got no verdict, so the cause is not only in which fields the body has`,
      },
      first,
    );
  }
  if (seed.toggles.length > 0) {
    const found = await ddmin(seed.toggles, (subset, how) => prober.ask(presenceAt(toggle(P, subset)), how.repeat), {
      maxCalls: 10_000,
      confirm: o.repeats >= 2,
    });
    if (found.status === 'budget') return budgetSpent('showing which field changes are needed', split(found.subset));
    if (found.status === 'unstable') return unstable(found.disagreements.map((d) => presenceAt(toggle(P, d))));
    if (found.status === 'unresolved') {
      return result(
        {
          outcome: 'no-verdict',
          reason: 'the target gave no verdict on a body that would show whether a field change is needed',
          partial: split(found.subset),
        },
        first,
      );
    }
    if (found.status === 'precondition') return unstable([presenceAt(toggle(P, seed.toggles))]);
    toggles = found.subset;
    const after = presenceAt(toggle(P, toggles));
    presenceEvidence = toggles.map((field) => ({
      field,
      kind: P.has(field) ? 'remove' : 'add',
      undone: prober.known(presenceAt(toggle(after.present, [field]))) as Probe,
    }));
  }
  // A change as small made of other fields: one of the toggles swapped for another field.
  // - A change of several fields: the fields a prediction, a known body or a message points at are asked in place of
  //   one of the same kind. That each field of it is needed is shown already ("either changeType or resource makes
  //   it 400; remove both").
  // - A change of one field here goes with values replaced (alone, the changes of one field were all refused): with
  //   those values, every other field is toggled in its place, additions first, so that the fix that keeps the
  //   user's fields is found too ("add resource" beside "take out changeType"); at most MAX_SWAP_CHECKS creates. A
  //   field left unasked (that cap, the budget) is listed in the result, never taken as refused.
  const swaps: SwapChange[] = [];
  const notAsked: string[] = [];
  const single = toggles.length === 1;
  if (toggles.length > 0) {
    const pointed = [...new Set([...alternatives.flat(), ...knownChanges.flat(), ...hint])].filter(
      (f) => fields.includes(f) && !toggles.includes(f),
    );
    let checks = 0;
    for (const field of toggles) {
      const candidate = (g: string): boolean => (single || P.has(g) === P.has(field)) && !toggles.includes(g) && (P.has(g) || known.has(g));
      const additionsFirst = (names: string[]): string[] => [...names.filter((g) => !P.has(g)), ...names.filter((g) => P.has(g))];
      const rest = single ? additionsFirst(fields.filter((g) => candidate(g) && !pointed.includes(g))) : [];
      for (const other of [...additionsFirst(pointed.filter(candidate)), ...rest]) {
        const swapped = presenceAt(toggle(P, [...toggles.filter((f) => f !== field), other]));
        let probe = prober.known(swapped);
        if (probe === undefined && checks < MAX_SWAP_CHECKS) {
          checks += 1;
          probe = await prober.probe(swapped);
        }
        if (probe === undefined) {
          notAsked.push(other);
          continue;
        }
        if (probe.verdict !== 'holds') continue;
        if (o.repeats >= 2) {
          const again = await prober.probe(swapped, true);
          if (again === undefined) return budgetSpent('checking a change as small again', split(toggles));
          if (again.verdict !== 'holds') return unstable([swapped]);
        }
        swaps.push({ field: other, instead: field, accepted: probe });
      }
    }
  }
  // Only a one-field cause rests on the alternatives: unasked, it is "this field, unless one of these".
  const unasked = single && swaps.length === 0 ? notAsked : [];
  const present = toggle(P, toggles);
  const removed = toggles.filter((f) => P.has(f));
  const added = toggles.filter((f) => !P.has(f));

  // 3. Values, with that presence: which of the user's remaining values must become known-good. Only
  // those the presence step's accepted body had known-good can be (all of them, unless a prediction
  // kept the user's values).
  const presenceBody = presenceAt(present);
  const kept = own.filter((f) => present.has(f) && known.has(f) && presenceBody.good.has(f));
  const withGood = (good: readonly string[]): BodyConfig => ({ present, good: new Set([...good, ...added]) });
  let replaced: string[] = [];
  let valueEvidence: NeededChange[] = [];
  const userValues = await prober.probe(withGood([]));
  if (userValues === undefined) return budgetSpent('checking the values', { removed, added, replaced: [] });
  if (userValues.verdict === 'holds') {
    // ddmin's confirmation may have asked this very body again already (a prediction's accepted body).
    if (o.repeats >= 2 && !prober.probes.some((p) => p.repeat && p.key === userValues.key)) {
      const again = await prober.probe(withGood([]), true);
      if (again === undefined) return budgetSpent('checking the answer again', { removed, added, replaced: [] });
      if (again.verdict !== 'holds') return unstable([withGood([])]);
    }
  } else {
    const found = await ddmin(kept, (subset, how) => prober.ask(withGood(subset), how.repeat), {
      maxCalls: 10_000,
      confirm: o.repeats >= 2,
    });
    if (found.status === 'budget') return budgetSpent('showing which values are needed', { removed, added, replaced: found.subset });
    if (found.status === 'unstable') return unstable(found.disagreements.map((d) => withGood(d)));
    if (found.status === 'unresolved') {
      return result(
        {
          outcome: 'no-verdict',
          reason: 'the target gave no verdict on a body that would show whether a value is needed',
          partial: { removed, added, replaced: found.subset },
        },
        first,
      );
    }
    // The presence step's accepted body is this one with every value replaced: it held, unless the
    // target changed its mind.
    if (found.status === 'precondition') return unstable([withGood(kept)]);
    replaced = found.subset;
    valueEvidence = replaced.map((field) => ({
      field,
      kind: 'replace-value' as const,
      undone: prober.known(withGood(replaced.filter((f) => f !== field))) as Probe,
    }));
  }

  // 4. The original's rejection, once more: the conclusion explains it, so it must be stable too.
  if (o.repeats >= 2) {
    const again = await prober.probe(originalConfig, true);
    if (again === undefined) return budgetSpent('checking the original request again', { removed, added, replaced });
    if (!sameRejection(first, again, fields)) return unstable([originalConfig]);
  }
  const after = prober.known(withGood(replaced)) as Probe;
  const presenceAccepted = prober.known(presenceBody) as Probe;
  const [one, ...more] = [
    ...removed.map((field) => ({ kind: 'remove' as const, field })),
    ...added.map((field) => ({ kind: 'add' as const, field })),
    ...replaced.map((field) => ({ kind: 'replace-value' as const, field })),
  ];
  if (one !== undefined && more.length === 0 && swaps.length === 0) {
    // A change of one field after all (a value, or a field past the cap on changes of one field): a fix like the others.
    singles = { ...singles, fixes: [{ change: one, probe: after }] };
  }
  const found = result(
    { outcome: 'explained', removed, added, replaced, presenceEvidence, valueEvidence, after, presenceAccepted, swaps, unasked },
    first,
  );
  return askZone(prober, found, o.repeats >= 2);

  /** Each known body's change (a hint's prediction is not asked before the changes of one field: it may be stale). */
  function changesFirst(): string[][] {
    return (o.accepted ?? [])
      .slice(0, MAX_KNOWN_BODIES)
      .map((a) => fields.filter((f) => P.has(f) !== a.includes(f)))
      .filter((t) => t.length > 0);
  }

  function changeOf(change: SingleChange): Pick<ExplainResult, 'removed' | 'added' | 'replaced'> {
    // A rename takes the user's name out and puts the field in, with the user's value.
    return {
      removed: change.kind === 'remove' ? [change.field] : change.kind === 'rename' ? [change.from] : [],
      added: change.kind === 'add' || change.kind === 'rename' ? [change.field] : [],
      replaced: change.kind === 'replace-value' ? [change.field] : [],
    };
  }

  function unstable(configs: BodyConfig[]): ExplainResult {
    const disagreements = configs.map((config) => {
      const answers = prober.probes.filter((p) => p.key === prober.key(config));
      return `${bodyWords(config)}: ${answers.map((p) => describeAnswer(p)).join(', then ')}`;
    });
    return result({ outcome: 'unstable', reason: 'the target answered the same request differently', disagreements }, originalProbe);
  }

  function bodyWords(config: BodyConfig): string {
    const out = [...P].filter((f) => !config.present.has(f));
    const inn = [...config.present].filter((f) => !P.has(f));
    const goodValues = [...config.present].filter((f) => config.good.has(f) && P.has(f));
    const parts = [
      ...(out.length > 0 ? [`without ${out.join(', ')}`] : []),
      ...(inn.length > 0 ? [`with ${inn.join(', ')} added`] : []),
      ...(goodValues.length > 0 ? [`known-good values for ${goodValues.join(', ')}`] : []),
    ];
    return parts.length === 0 ? 'the body as given' : `the body ${parts.join(', ')}`;
  }
}
