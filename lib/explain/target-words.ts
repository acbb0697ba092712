/**
 * What the target itself said of each field the cause names. For a value the cause blames, the refusal of the body
 * that differs from an accepted one in that value alone speaks of that value, whatever its words ("Subscription
 * expiration can only be 4230 minutes in the future." names expirationDateTime by its meaning, not its name): its
 * sentences are quoted, and a number it states in the unit of one of the field's limits is said as the limit, as the
 * target states it. For another field, the sentences that name it (lib/error-body's reading), from the request's own
 * refusal first, then from the refusal that showed the field needed; else the sentences that use the first word of its
 * name ("expiration"), said as such. A field no message speaks of is said so: the cause rests on the answers, not on
 * the words.
 */
import { sentencesNaming } from '../error-body/field-names.js';
import { statedNumbers } from '../values/stated-limit.js';
import type { ExplainResult, Probe } from './types.js';

const SAID_CHARS = 240;

const quoted = (sentences: readonly string[]): string =>
  sentences
    .slice(0, 2)
    .map((s) => JSON.stringify(s.length > SAID_CHARS ? `${s.slice(0, SAID_CHARS)}…` : s))
    .join(' ');

const sentencesOf = (p: Probe): string[] =>
  p.verdict === 'fails' && p.answer.errorMessage !== undefined
    ? p.answer.errorMessage
        .split('; ')
        .map((s) => s.trim())
        .filter((s) => s !== '')
    : [];

/** The refusal of the field's value alone: the body an accepted one differs from in that value only. */
function valueRefusal(r: ExplainResult, field: string): Probe | undefined {
  const evidence = r.valueEvidence.find((c) => c.field === field)?.undone;
  if (evidence !== undefined) return evidence.verdict === 'fails' ? evidence : undefined;
  const single = r.singles.fixes.some(
    (f) => (f.change.kind === 'replace-value' || f.change.kind === 'add-zone') && f.change.field === field,
  );
  return single ? r.original : undefined;
}

/** "expiration" for expirationDateTime: a word of six letters or more that opens the name, or undefined. */
function firstWord(field: string): string | undefined {
  const word = /^[a-z]+/i.exec(field.replace(/([a-z0-9])([A-Z])/g, '$1 $2'))?.[0];
  return word !== undefined && word.length >= 6 ? word : undefined;
}

/** The numbers the value sent measures itself: a string's length, a number as it is. */
function ownMeasures(value: unknown): ReadonlySet<number> {
  if (typeof value === 'string') return new Set([value.length]);
  return new Set(typeof value === 'number' ? [value] : []);
}

/**
 * The limit a refusal of the value states in the unit of one of the field's limits, and the sentences to quote: those
 * naming the field, then the one stating the number when it names nothing ("The clientState is 298 characters long;
 * at most 255 are allowed."). The value's own measure, which a refusal often quotes first, is no limit.
 */
function statedLimit(
  r: ExplainResult,
  field: string,
  refusal: Probe,
  sentences: readonly string[],
  about: readonly string[],
): { words: string; quoted: string[] } | undefined {
  const own = ownMeasures(refusal.body[field]);
  const candidates = [...about, ...sentences.filter((s) => !about.includes(s))];
  for (const l of (r.limits ?? []).filter((x) => x.field === field)) {
    for (const sentence of candidates) {
      const n = statedNumbers(sentence, l.unit).find((x) => !own.has(x));
      if (n !== undefined)
        return { words: `${n} ${l.unit}`, quoted: about.includes(sentence) ? [...about] : [...about.slice(0, 1), sentence] };
    }
  }
  return undefined;
}

/** What the target said of one field, in words after its name. */
function saidOf(r: ExplainResult, field: string): string {
  const refusal = valueRefusal(r, field);
  if (refusal !== undefined) {
    const sentences = sentencesOf(refusal);
    const naming = sentences.filter((s) => sentencesNaming(s, field).length > 0);
    const about = naming.length > 0 ? naming : sentences;
    const limit = statedLimit(r, field, refusal, sentences, about);
    if (limit !== undefined)
      return `the limit the target states for it is ${limit.words}, in its refusal of your value: ${quoted(limit.quoted)}`;
    if (about.length > 0) return `in its refusal of your value: ${quoted(about)}`;
  }
  const evidence = [...r.presenceEvidence, ...r.valueEvidence].filter((c) => c.field === field).map((c) => c.undone);
  const probes = [r.original, ...evidence];
  const said = probes.map((p) => sentencesOf(p).filter((s) => sentencesNaming(s, field).length > 0)).find((s) => s.length > 0);
  if (said !== undefined) return quoted(said);
  const word = firstWord(field);
  const meaning =
    word === undefined
      ? undefined
      : probes.map((p) => sentencesOf(p).filter((s) => new RegExp(`\\b${word}`, 'i').test(s))).find((s) => s.length > 0);
  if (meaning !== undefined && word !== undefined) return `by its meaning ("${word.toLowerCase()}"): ${quoted(meaning)}`;
  return 'its messages never name it';
}

export function targetWords(r: ExplainResult): string[] {
  const blamed = [...new Set([...r.singles.fixes.map((f) => f.change.field), ...r.removed, ...r.added, ...r.replaced])];
  if (blamed.length === 0) return [];
  return ['What the target said of them:', ...blamed.map((field) => `  ${field}: ${saidOf(r, field)}`)];
}
