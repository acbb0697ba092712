/**
 * Confirm what a finding rests on, not everything. Each combination of the matrix is asked once; a second ask goes
 * only where an answer carries a finding on its own, and to a sample of the rest, which estimates how often the
 * target answers the same body two ways.
 *
 * An answer carries a finding on its own when the rest of the matrix does not imply it (impliedByTheRest): read
 * without it, the rule would answer that body otherwise, or its kind of refusal is no other's, so a term, a role or
 * a rejection group stands on it alone. An answer the others imply is asked again only in the sample. A chance answer (an intermittent refusal, a throttled body read as refused) is exactly the kind that
 * disagrees with its neighbours, so it is the kind asked again.
 */
import { classifyAnswer, foldRepeats } from '../answer/classify.js';
import { noneSent } from '../answer/read-exchange.js';
import type { Exchange } from '../http/types.js';
import type { Judgement } from '../protocol/judgement.js';
import { seededRng } from '../explore/rng.js';
import { collectAnswerSets } from '../inference/answer-sets.js';
import { minimize } from '../inference/minimize.js';
import { messagePattern } from '../inference/message-pattern.js';
import { covers } from '../inference/primes.js';
import { kindOf } from '../protocol/refusal-kind.js';
import type { Observation } from '../inference/types.js';
import { combinationKey, fieldIndex, maskOf, popcount } from '../rule/field-set.js';

/** Combinations sampled at random among those no finding rests on alone. */
export const SAMPLE_ASKS = 4;

/**
 * Most asks again of a matrix under REPEATS=auto: a quarter of the matrix, and never fewer than twice the sample.
 * Past it, what a finding needed and was left unasked is said, never read as confirmed.
 */
export function askedAgainCap(fields: number): number {
  return Math.max(2 * SAMPLE_ASKS, Math.floor(2 ** fields / 4));
}

/** What the asks again send at most: a create and its delete each. */
export function askedAgainBound(fields: number): { requests: number; creates: number } {
  const asked = askedAgainCap(fields);
  return { requests: asked * 2, creates: asked };
}

export interface SupportAsks {
  /** Answers a finding rests on alone, in the matrix's order. */
  support: Observation[];
  /** A seeded sample of the other answers, for the instability estimate. */
  sample: Observation[];
  /** The other answers with a verdict: asked again only when an answer asked again changed. */
  rest: Observation[];
}

/**
 * Whether the rest of the matrix implies this answer: the simplest rule true on the other accepted combinations and
 * false on the other refused ones (this combination a don't-care) gives it the same answer, and a refusal's kind
 * (status, code, message pattern) is one some other refusal shares. Under no prior at all every answer of a matrix
 * is needed (a role is exact only when every combination is known); the prior here is the one the rule itself is
 * inferred under: the fewest terms that fit.
 */
function impliedByTheRest(fields: readonly string[], judged: readonly Observation[], index: number): boolean {
  const o = judged[index] as Observation;
  const others = judged.filter((_, i) => i !== index);
  const evidence = collectAnswerSets('supportAsks', fields, others);
  const mask = maskOf(fieldIndex(fields), o.present) ?? 0;
  const predicted = minimize(fields, evidence.accepted, evidence.rejected).cubes.some((cube) => covers(cube, mask));
  if (predicted !== (o.outcome === 'accepted')) return false;
  if (o.outcome === 'accepted') return true;
  const kind = kindKey(o, fields);
  return others.some((other) => other.outcome === 'rejected' && kindKey(other, fields) === kind);
}

/** Literals of the simplest rule when `o` is read the other way (accepted as refused, refused as accepted). */
function ruleSizeFlipped(fields: readonly string[], judged: readonly Observation[], o: Observation): number {
  const evidence = collectAnswerSets('supportAsks', fields, judged);
  const mask = maskOf(fieldIndex(fields), o.present) ?? 0;
  const on = o.outcome === 'accepted' ? evidence.accepted.filter((m) => m !== mask) : [...evidence.accepted, mask];
  const off = o.outcome === 'accepted' ? [...evidence.rejected, mask] : evidence.rejected.filter((m) => m !== mask);
  const { cubes } = minimize(fields, on, off);
  return cubes.length * (fields.length + 1) + cubes.reduce((n, c) => n + popcount(c.care), 0);
}

const kindKey = (o: Observation, fields: readonly string[]): string =>
  kindOf(o.status ?? 0, o.errorCode, o.errorMessage === undefined ? undefined : messagePattern(o.errorMessage, fields, o.sentValues)).key;

/**
 * Which answers of an exhaustive matrix to ask again. `exclude` holds combinations another step asks again on its
 * own terms (the lone refusals); answers without a verdict (error, unstable) are never support and never sampled.
 */
export function supportAsks(
  fields: readonly string[],
  observations: readonly Observation[],
  options: { seed: number; exclude?: ReadonlySet<string>; sample?: number },
): SupportAsks {
  // In the matrix's own order (bit masks), not the order answers came in: the same seed then samples the same bodies.
  const index = fieldIndex(fields);
  const judged = observations
    .filter((o) => o.outcome === 'accepted' || o.outcome === 'rejected')
    .sort((a, b) => (maskOf(index, a.present) ?? 0) - (maskOf(index, b.present) ?? 0));
  const support: Observation[] = [];
  const rest: Observation[] = [];
  judged.forEach((o, index) => {
    if (options.exclude?.has(combinationKey(o.present)) === true) return;
    (impliedByTheRest(fields, judged, index) ? rest : support).push(o);
  });
  // Likeliest chance first: the answer whose other reading makes the simplest rule (a chance refusal of an accepted
  // body turns the neighbours the minimizer took in into support too; the cap must reach the body itself first).
  const cost = new Map(support.map((o) => [combinationKey(o.present), ruleSizeFlipped(fields, judged, o)]));
  support.sort((a, b) => (cost.get(combinationKey(a.present)) ?? 0) - (cost.get(combinationKey(b.present)) ?? 0));
  const rng = seededRng(options.seed);
  const pool = [...rest];
  const sample: Observation[] = [];
  const wanted = Math.min(options.sample ?? SAMPLE_ASKS, pool.length);
  while (sample.length < wanted) sample.push(...pool.splice(rng.below(pool.length), 1));
  return { support, sample, rest: pool };
}

/** One answer asked again: the combination's answers folded together, and whether the new one agreed. */
export interface AskedAgain {
  observation: Observation;
  exchanges: Exchange[];
  /** `everything`: asked because an answer asked again before it changed. */
  why: 'support' | 'sample' | 'everything';
  agreed: boolean;
}

/**
 * Asks one combination again (`ask` sends it once and undoes what it made) and folds its first answers with the new
 * one: two answers that disagree make it unstable, as two repeats that disagree do. An ask the engine never sent (the
 * run's budget or time spent, a stop) is no answer: undefined, the combination not asked again, never an answer that
 * changed.
 */
export async function askAgain(
  first: { observation: Observation; exchanges: readonly Exchange[] },
  why: AskedAgain['why'],
  ask: () => Promise<{ exchanges: Exchange[] }>,
): Promise<AskedAgain | undefined> {
  const again = await ask();
  if (noneSent(again.exchanges)) return undefined;
  const { present, loopbackFields } = first.observation;
  const folded = foldRepeats(present, [...first.exchanges, ...again.exchanges].map(classifyAnswer));
  const observation = loopbackFields === undefined ? folded : { ...folded, loopbackFields };
  return { observation, exchanges: again.exchanges, why, agreed: observation.outcome === first.observation.outcome };
}

const listed = (os: readonly { present: readonly string[] }[]): string => os.map((o) => `{${o.present.join(', ')}}`).join(', ');

/**
 * Asks again what `supportAsks` picks, one at a time; when any of those answers changed, the target is not one whose
 * single answers can be trusted, and every other combination with a verdict is asked again too (as REPEATS=2 would).
 */
export async function askWhatFindingsRestOn(
  fields: readonly string[],
  first: ReadonlyMap<string, { observation: Observation; exchanges: readonly Exchange[] }>,
  options: { seed: number; exclude?: ReadonlySet<string>; cap: number },
  ask: (present: readonly string[]) => Promise<{ exchanges: Exchange[] }>,
  onAsked?: (asked: AskedAgain) => void,
): Promise<{ asked: AskedAgain[]; notAsked: Observation[]; unsent: Observation[] }> {
  const picked = supportAsks(
    fields,
    [...first.values()].map((f) => f.observation),
    options,
  );
  const asked: AskedAgain[] = [];
  const notAsked: Observation[] = [];
  const unsent: Observation[] = [];
  /**
   * Asks `o` again within the cap; past it, `o` is said not asked when a finding needs it (`needed`). An ask the
   * engine would not send (the run's budget or time spent, a stop) is said not sent.
   */
  const one = async (o: Observation, why: AskedAgain['why'], needed: boolean): Promise<void> => {
    if (asked.length >= options.cap) {
      if (needed) notAsked.push(o);
      return;
    }
    const entry = first.get(combinationKey(o.present)) ?? { observation: o, exchanges: [] };
    const again = await askAgain(entry, why, () => ask(o.present));
    if (again === undefined) {
      unsent.push(o);
      return;
    }
    asked.push(again);
    onAsked?.(again);
  };
  for (const o of picked.support) await one(o, 'support', true);
  for (const o of picked.sample) await one(o, 'sample', false);
  // An answer that changed: no single answer of this target is trusted, so the rest is asked, or said unasked.
  if (asked.some((a) => !a.agreed)) for (const o of picked.rest) await one(o, 'everything', true);
  return { asked, notAsked, unsent };
}

/** The figures the report keeps of the asks again: the instability estimate is the sample's share that changed. */
export interface SupportFigures {
  support: number;
  sample: number;
  /** Asked because an answer asked again before them changed. */
  everything: number;
  disagreed: number;
  sampleDisagreed: number;
  /** Answers a finding rests on, or of a target whose answers changed, left unasked: over the cap. */
  notAsked: number;
  /** Asks again the engine never sent (the run's budget or time spent, a stop): no answer, so nothing changed. */
  unsent?: number;
}

export function supportFigures(
  asked: readonly AskedAgain[],
  notAsked: readonly Observation[],
  unsent: readonly Observation[] = [],
): SupportFigures {
  const of = (why: AskedAgain['why']) => asked.filter((a) => a.why === why);
  return {
    support: of('support').length,
    sample: of('sample').length,
    everything: of('everything').length,
    disagreed: asked.filter((a) => !a.agreed).length,
    sampleDisagreed: of('sample').filter((a) => !a.agreed).length,
    notAsked: notAsked.length,
    ...(unsent.length > 0 ? { unsent: unsent.length } : {}),
  };
}

/** "each combination once; no finding rests on one answer alone, 4 asked again, sampled at random: all 4 agreed ...". */
export function supportWords(f: SupportFigures): string {
  const asked = f.support + f.sample + f.everything;
  const parts = [
    f.support === 0
      ? 'no finding rests on one answer alone'
      : `${f.support} asked again because a finding rests on ${f.support === 1 ? 'that answer' : 'each one'} alone`,
    `${f.sample} ${f.support === 0 ? 'asked again, ' : ''}sampled at random`,
    ...(f.everything === 0 ? [] : [`then the other ${f.everything}, since an answer changed`]),
  ];
  const agreement =
    asked === 0 ? '' : f.disagreed === 0 ? `: all ${asked} agreed` : `: ${f.disagreed} of ${asked} changed (unstable, no evidence)`;
  const estimate = f.sample === 0 ? '' : ` (instability estimate: ${f.sampleDisagreed} of ${f.sample} sampled answers changed)`;
  const unasked = f.notAsked === 0 ? '' : `; ${f.notAsked} more not asked again (over the bound of asks again), so not confirmed`;
  const notSent = f.unsent === undefined ? '' : `; ${f.unsent} not sent (the run could send no more), so not confirmed`;
  return `each combination once; ${parts.join(', ')}${agreement}${estimate}${unasked}${notSent}`;
}

/** The case that asks again: what the presence matrix leaves open (spec §4), so INFORMATIONAL. */
export function judgeSupportAsks(
  asked: readonly AskedAgain[],
  notAsked: readonly Observation[],
  unsent: readonly Observation[] = [],
): Judgement {
  const changed = asked.filter((a) => !a.agreed);
  return {
    specRef: 'open: spec §4 which fields are required',
    verdict: 'INFORMATIONAL',
    observed: supportWords(supportFigures(asked, notAsked, unsent)),
    finding:
      (asked.length === 0 ? 'no answer asked again' : `asked again: ${listed(asked.map((a) => a.observation))}`) +
      (changed.length === 0 ? '' : `; unstable (their answers changed, no evidence): ${listed(changed.map((a) => a.observation))}`) +
      (notAsked.length === 0 ? '' : `; not asked again: ${listed(notAsked)}`) +
      (unsent.length === 0 ? '' : `; not sent (the run could send no more): ${listed(unsent)}`),
  };
}
