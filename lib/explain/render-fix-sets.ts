/**
 * The changes of several fields that get a 2xx, in words: the cause they show together (the condition every one of
 * them undoes, cause-condition.ts), the evidence that each part is needed, each change, and its body as accepted.
 * Those that keep every field the request has come first. Pure: lines in, lines out.
 */
import { statusOrNoAnswer } from '../http/answer-text.js';
import { toCurl } from '../http/curl.js';
import { conditionInWords } from '../rule/in-words.js';
import { refusalCondition } from './cause-condition.js';
import { clauseWords, singleChangeWords } from './fix-words.js';
import { describeAnswer } from './signature.js';
import type { ExplainResult, FixSet, SingleChange } from './types.js';
import { caseSentence } from './what-is-wrong.js';

const statusOf = (r: { answer: { status: number | null } } | undefined): string => statusOrNoAnswer(r?.answer.status ?? null);

/** "rename NotificationUrl to notificationUrl (its value as given) and add resource (at a known-good value)". */
export function fixSetWords(set: FixSet): string {
  const replaced = new Set(set.parts.flatMap((p) => (p.kind === 'replace-value' ? [p.field] : [])));
  // A property renamed whose value is replaced too keeps its name only: "its value as given" would be false.
  const words = (p: SingleChange): string =>
    p.kind === 'rename' && replaced.has(p.field) ? `rename ${p.from} to ${p.field}` : singleChangeWords(p);
  return set.parts.map(words).join(' and ');
}

const samePart = (a: SingleChange, b: SingleChange): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The clause the fixes show: each rename's letter case, then, when the fixes differ in one part each (the rest
 * shared), the clause those parts show ("changeType needs resource"). Undefined when no short phrase says it.
 */
function fixSetClause(sets: readonly FixSet[]): string | undefined {
  const presence = sets.map((s) => s.parts.filter((p) => p.kind !== 'replace-value'));
  const shared = (presence[0] ?? []).filter((p) => presence.every((parts) => parts.some((q) => samePart(p, q))));
  const distinct = presence.map((parts) => parts.filter((p) => !shared.some((q) => samePart(p, q))));
  const cases = shared.flatMap((p) => (p.kind === 'rename' ? [caseSentence(p.field, p.from)] : []));
  const own = distinct.every((d) => d.length === 1) ? clauseWords(distinct.flat()) : undefined;
  const words = [...cases, ...(own === undefined ? [] : [own])];
  return words.length === 0 ? undefined : words.join('; ');
}

/** The cause of a change of several fields with its alternatives, and the evidence of each part. */
export function fixSetCauseLines(r: ExplainResult): string[] {
  const condition = refusalCondition(r.fixSets.map((s) => s.parts));
  const clause = fixSetClause(r.fixSets);
  const fixed = statusOf(r.fixSets[0]?.after);
  const lines = [
    condition === undefined
      ? `Cause: ${clause === undefined ? '' : `${clause}: `}this body is refused (${statusOf(r.original)}), and any one of the changes below gets ${fixed}.`
      : `Cause: ${clause === undefined ? '' : `${clause}: `}this body is refused (${statusOf(r.original)}) while ${conditionInWords(condition, r.fields)}, and any one of the changes below gets ${fixed}.`,
  ];
  for (const rename of r.renamed) lines.push(`  with ${rename.from} as sent in place of ${rename.field}: ${describeAnswer(rename.undone)}`);
  return lines;
}

/** "Smallest changes that get a 2xx, each asked (the first keeps every field the request has): A; or B." */
export function fixSetChangeLine(r: ExplainResult): string {
  const keeps = r.fixSets.filter((s) => !s.parts.some((p) => p.kind === 'remove')).length;
  const which =
    keeps === 0 || keeps === r.fixSets.length
      ? ''
      : ` (the first ${keeps === 1 ? 'one keeps' : `${keeps} keep`} every field the request has)`;
  return `Smallest changes that get a 2xx, each asked${which}: ${r.fixSets.map(fixSetWords).join('; or ')}.`;
}

/** Each change's request and body, as accepted. */
export function fixSetAfterLines(r: ExplainResult): string[] {
  return r.fixSets.flatMap((set) => [
    '',
    `After "${fixSetWords(set)}" (${statusOf(set.after)}; what it created was deleted):`,
    toCurl(set.after.exchange),
    JSON.stringify(set.after.body, null, 2),
  ]);
}
