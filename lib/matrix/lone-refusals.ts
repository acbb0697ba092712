/**
 * Never a rule from chance. A service that fails now and then (Graph's intermittent ExtensionError) may refuse an
 * accepted combination on every repeat; read as the body's answer, that one combination adds a term to the rule, a
 * role, a rejection group no other answer supports. Such a refusal looks like nothing around it: its kind (status,
 * code, message pattern) is shared by no other combination, and a combination one field away was accepted. Each such
 * combination is asked again until three answers in a row agree; the answer it settles on stands, with the others
 * said beside it, and one that never settles is unstable (undetermined, no evidence). One the run can no longer ask
 * (its budget or time spent, a stop) is not confirmed: no verdict, no evidence either.
 */
import { noneSent } from '../answer/read-exchange.js';
import type { Exchange } from '../http/types.js';
import type { Observation } from '../inference/types.js';
import { messagePattern } from '../inference/message-pattern.js';
import type { Judgement } from '../protocol/judgement.js';
import { kindOf } from '../protocol/refusal-kind.js';
import { combinationKey } from '../rule/field-set.js';

/** Further asks of one lone refusal, at most. */
export const LONE_ASKS = 6;
/** Accepted answers in a row that settle it as accepted. */
const AGREEING = 3;
/**
 * Refusals that settle it as refused, with no acceptance among the asks. More than for acceptance: a body the rule
 * refuses is never accepted by chance, while a refusal by chance is what is in doubt (at a 1-in-4 intermittent
 * refusal, three in a row come by chance once in 64 confirmations; five, once in a thousand).
 */
const REFUSED_AGREEING = 5;

const kindKey = (o: Observation, fields: readonly string[]): string =>
  kindOf(o.status ?? 0, o.errorCode, o.errorMessage === undefined ? undefined : messagePattern(o.errorMessage, fields, o.sentValues)).key;

/** The rejected combinations whose kind of refusal no other combination shows and that lie one field from an accepted one. */
export function loneRefusals(observations: readonly Observation[], fields: readonly string[]): Observation[] {
  const kinds = new Map<string, number>();
  for (const o of observations) {
    if (o.outcome !== 'rejected') continue;
    const key = kindKey(o, fields);
    kinds.set(key, (kinds.get(key) ?? 0) + 1);
  }
  const accepted = new Set(observations.filter((o) => o.outcome === 'accepted').map((o) => combinationKey(o.present)));
  const nextToAccepted = (o: Observation): boolean =>
    fields.some((f) => {
      const other = o.present.includes(f) ? o.present.filter((p) => p !== f) : fields.filter((x) => x === f || o.present.includes(x));
      return accepted.has(combinationKey(other));
    });
  return observations.filter((o) => o.outcome === 'rejected' && kinds.get(kindKey(o, fields)) === 1 && nextToAccepted(o));
}

export interface Confirmed {
  observation: Observation;
  exchanges: Exchange[];
  /** In words, for the case's finding: what the asks got and what stands. */
  words: string;
}

/**
 * Asks a lone refusal again (`ask` sends the combination once and undoes what it made) until three of its new answers
 * in a row are acceptances, or five are refusals of its kind with none accepted, at most LONE_ASKS times. The original repeats do not count towards the three: they are what is in
 * doubt (a refusal that came by chance on every repeat).
 */
export async function confirmLoneRefusal(
  lone: Observation,
  ask: () => Promise<{ observation: Observation; exchanges: Exchange[] }>,
  fields: readonly string[],
): Promise<Confirmed> {
  const loneKey = kindKey(lone, fields);
  const before = (lone.statuses ?? [lone.status]).length;
  const answers: string[] = [];
  const exchanges: Exchange[] = [];
  let last = lone;
  let accepted: Observation | undefined;
  let unsent: Exchange | undefined;
  for (let k = 0; k < LONE_ASKS && !settled(answers); k += 1) {
    const asked = await ask();
    // An ask the engine never sent (the run's budget or time spent, a stop) is no answer: asking ends there.
    unsent = noneSent(asked.exchanges) ? asked.exchanges[0] : undefined;
    if (unsent !== undefined) break;
    exchanges.push(...asked.exchanges);
    const o = asked.observation;
    answers.push(o.outcome === 'rejected' ? kindKey(o, fields) : o.outcome);
    if (o.outcome === 'accepted') accepted = o;
    last = o;
  }
  const statuses = [...(lone.statuses ?? [lone.status]), ...exchanges.map((e) => e.status)];
  const refused = before + answers.filter((a) => a === loneKey).length;
  const of = `${refused} of ${before + answers.length} asks`;
  if (settled(answers) && answers.at(-1) === 'accepted' && accepted !== undefined) {
    return {
      observation: { ...accepted, statuses },
      exchanges,
      words: `accepted: refused ${of} with a kind of refusal no other combination shows, then accepted ${AGREEING} times in a row`,
    };
  }
  if (settled(answers) && answers.at(-1) === loneKey) {
    return {
      observation: { ...lone, statuses },
      exchanges,
      words: `refused on all ${before + answers.length} asks alike: the refusal stands`,
    };
  }
  if (unsent !== undefined) {
    // Not confirmed, so not evidence: no verdict of the target, which answered nothing different (not unstable).
    const why = unsent.failure?.message ?? 'not sent';
    return {
      observation: { present: lone.present, outcome: 'error', status: null, statuses, failure: unsent.failure?.kind ?? 'stopped' },
      exchanges,
      words: `not confirmed: refused ${of}, then not asked again (${why}); not evidence`,
    };
  }
  return {
    observation: { present: lone.present, outcome: 'unstable', status: last.status, statuses },
    exchanges,
    words: `undetermined: ${answers.length} more asks were neither accepted ${AGREEING} times in a row nor refused ${REFUSED_AGREEING} times with none accepted (refused ${of})`,
  };
}

/** The case that asks the lone refusals again: what the presence matrix leaves open (spec §4), so INFORMATIONAL. */
export function judgeLoneRefusals(lines: readonly string[]): Judgement {
  return {
    specRef: 'open: spec §4 which fields are required',
    verdict: 'INFORMATIONAL',
    observed: `${lines.length} lone refusal${lines.length === 1 ? '' : 's'} asked again`,
    finding:
      lines.length === 0
        ? 'no lone refusal: every kind of refusal next to an accepted combination was shown by two or more combinations'
        : `lone refusals asked again: ${lines.join('; ')}`,
  };
}

function settled(answers: readonly string[]): boolean {
  const tail = answers.slice(-AGREEING);
  if (tail.length === AGREEING && tail.every((a) => a === 'accepted')) return true;
  const refusedRun = answers.slice(-REFUSED_AGREEING);
  return (
    refusedRun.length === REFUSED_AGREEING &&
    refusedRun.every((a) => a === refusedRun[0] && a !== 'accepted') &&
    !answers.includes('accepted')
  );
}
