/**
 * Every change of one field, asked at the user's values: add a missing field (at its known-good value), take a
 * present one out, or replace a value by a known-good one. A body with changeType and no resource, against a
 * target that takes changeType only with resource, has two fixes, "add resource" and "take out changeType"; a
 * search that stops at the first fix it meets tells a user who needs changeType to delete it. So each one is
 * asked, and every one that gets a 2xx is a fix, listed with those that keep everything the user sent first.
 *
 * A single change is its own evidence: undone, it is the request as given, which was refused. A value is replaced
 * only for a field whose removal was a fix (its presence or its value is the cause; the known-good value tells
 * which) and whose value is not the known-good one already.
 */
import type { BodyConfig } from './body-config.js';
import type { Prober } from './prober.js';
import type { SingleAnswer, SingleChange, Singles } from './types.js';
import { caseVariantOf } from './what-is-wrong.js';

export type { SingleAnswer, SingleChange, Singles } from './types.js';

/** Creates spent on changes of one field, at most: a body of more fields has its other changes listed unasked. */
export const MAX_SINGLE_CHECKS = 16;

// A change that keeps the user's value in substance (a zone added) before one that replaces it.
const KIND_ORDER: Record<SingleChange['kind'], number> = { add: 0, rename: 1, 'add-zone': 2, 'replace-value': 3, remove: 4 };

/** The body of a change, the user's values elsewhere (an added field has no value of the user's: known-good). */
export function singleConfig(present: ReadonlySet<string>, change: SingleChange): BodyConfig {
  const fields = new Set(present);
  if (change.kind === 'add') fields.add(change.field);
  if (change.kind === 'remove') fields.delete(change.field);
  if (change.kind === 'rename') {
    fields.delete(change.from);
    fields.add(change.field);
    return { present: fields, good: new Set(), renamed: new Map([[change.field, change.from]]) };
  }
  if (change.kind === 'add-zone') return { present: fields, good: new Set(), values: new Map([[change.field, change.value]]) };
  return { present: fields, good: change.kind === 'replace-value' ? new Set([change.field]) : new Set() };
}

export interface SinglesOptions {
  /** The user's fields. */
  present: ReadonlySet<string>;
  /** The fields explain works over: the body's, then the operation's others. */
  fields: readonly string[];
  /** The operation's fields: only they can be added or get a known-good value. */
  known: ReadonlySet<string>;
  /** Fields to ask about first (named by the refusal, predicted by a hint): the cap and the budget bite last on them. */
  pointed: readonly string[];
  /** Fields whose toggle a hint's report records refused: not asked. */
  recordedRefused: ReadonlySet<string>;
  /** Each fix is asked once more before it counts (REPEATS >= 2). */
  confirm: boolean;
  /** A known change whose answers tell the others (known-first.ts): its fields' own changes only are asked. */
  answeredBy?: { keeps: readonly string[]; named: readonly string[]; goodValues?: true };
}

export type SinglesOutcome = { kind: 'done'; singles: Singles } | { kind: 'unstable'; configs: BodyConfig[] };

/** Every change of one field to ask, in order: each missing field added, each misspelt name renamed, each field taken out. */
function singleChanges(o: SinglesOptions): SingleChange[] {
  const pointedFirst = (names: string[]): string[] => [
    ...names.filter((f) => o.pointed.includes(f)),
    ...names.filter((f) => !o.pointed.includes(f)),
  ];
  const adds = pointedFirst(o.fields.filter((f) => !o.present.has(f) && o.known.has(f))).map(
    (field): SingleChange => ({ kind: 'add', field }),
  );
  const removes = pointedFirst(o.fields.filter((f) => o.present.has(f))).map((field): SingleChange => ({ kind: 'remove', field }));
  // A property of the user's that names a field in another letter case (Resource): sent under the field's name.
  const renames = [...o.present].flatMap((from): SingleChange[] => {
    const field = o.known.has(from) ? undefined : caseVariantOf(from, o.known);
    return field === undefined || o.present.has(field) ? [] : [{ kind: 'rename', field, from }];
  });
  return [...adds, ...renames, ...removes];
}

/** The changes asked so far, by answer, and the creates they cost. */
interface Asking {
  singles: Singles;
  checks: number;
}

/** One change asked (or recalled, or left out), filed by its answer; the config when its 2xx did not hold again. */
async function askOne(prober: Prober, o: SinglesOptions, a: Asking, change: SingleChange): Promise<BodyConfig | undefined> {
  const config = singleConfig(o.present, change);
  const toggle = change.kind === 'add' || change.kind === 'remove';
  if (toggle && o.recordedRefused.has(change.field) && prober.known(config) === undefined) {
    a.singles.byReport.push(change);
    return undefined;
  }
  if (toggle && o.answeredBy !== undefined && !o.answeredBy.keeps.includes(change.field) && prober.known(config) === undefined) {
    a.singles.answered.changes.push(change);
    return undefined;
  }
  let probe = prober.known(config);
  if (probe === undefined && a.checks < MAX_SINGLE_CHECKS) {
    a.checks += 1;
    probe = await prober.probe(config);
  }
  if (probe === undefined) {
    a.singles.unasked.push(change);
    return undefined;
  }
  if (probe.verdict === 'holds' && o.confirm) {
    const again = await prober.probe(config, true);
    if (again === undefined) {
      a.singles.unasked.push(change);
      return undefined;
    }
    if (again.verdict !== 'holds') return config;
  }
  const list = probe.verdict === 'holds' ? a.singles.fixes : probe.verdict === 'fails' ? a.singles.refused : a.singles.noVerdict;
  list.push({ change, probe });
  return undefined;
}

export async function askSingles(prober: Prober, o: SinglesOptions): Promise<SinglesOutcome> {
  const a: Asking = {
    singles: {
      fixes: [],
      refused: [],
      noVerdict: [],
      unasked: [],
      byReport: [],
      answered: {
        changes: [],
        keeps: [...(o.answeredBy?.keeps ?? [])],
        named: [...(o.answeredBy?.named ?? [])],
        ...(o.answeredBy?.goodValues === true ? { goodValues: true as const } : {}),
      },
    },
    checks: 0,
  };
  for (const change of singleChanges(o)) {
    const unstable = await askOne(prober, o, a, change);
    if (unstable !== undefined) return { kind: 'unstable', configs: [unstable] };
  }
  // A field whose removal gets a 2xx: its presence or its value is the cause, and its known-good value tells which.
  const removable = a.singles.fixes.filter(
    (f) => f.change.kind === 'remove' && o.known.has(f.change.field) && !prober.valueIsGood(f.change.field),
  );
  for (const { change } of removable) {
    const unstable = await askOne(prober, o, a, { kind: 'replace-value', field: change.field });
    if (unstable !== undefined) return { kind: 'unstable', configs: [unstable] };
  }
  // In the body's order within each kind, whichever the questions met first: the same words with a hint or without.
  const order = (x: SingleAnswer, y: SingleAnswer): number =>
    KIND_ORDER[x.change.kind] - KIND_ORDER[y.change.kind] || o.fields.indexOf(x.change.field) - o.fields.indexOf(y.change.field);
  a.singles.fixes.sort(order);
  a.singles.refused.sort(order);
  return { kind: 'done', singles: a.singles };
}
