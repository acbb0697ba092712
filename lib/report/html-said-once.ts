/**
 * A part of a finding many cases share (Graph's `InvalidRequest` differing from `invalidRequest` only in letter case,
 * said in every refusal's finding) is said once in the case list, with how many cases it applies to; each case's row
 * keeps a numbered link to it where the part stood, so no case loses it.
 */
import type { CaseSummary } from './types.js';
import { html, type SafeHtml } from './html.js';

/** A part shared by fewer cases is left in their rows. */
const MIN_CASES = 5;
/** A shorter part (a field's name, "rejected (400)") says too little to stand alone. */
const MIN_CHARS = 60;
/** Parts said once, at most: each is found by one pass over the findings. */
const MAX_NOTES = 12;
/** Where a part of a finding may start and end: after or before these. */
const OPENERS = ['; ', ', ', ': ', '('];
const CLOSERS = ['; ', ', ', ': ', ')'];

/** One part said once: its text and the indices of the cases whose finding holds it. */
export interface SaidOnce {
  text: string;
  cases: number[];
}

/** A finding as shown: its own text, and links to the parts said once. */
export type FindingPart = string | { note: number };

const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** Brackets closed in the order opened and double quotes in pairs: a part that starts or ends inside neither. */
function balanced(text: string): boolean {
  const open: string[] = [];
  let quotes = 0;
  for (const ch of text) {
    if (ch === '"') quotes += 1;
    else if (ch === '(' || ch === '[' || ch === '{') open.push(ch);
    else if (PAIRS[ch] !== undefined && open.pop() !== PAIRS[ch]) return false;
  }
  return open.length === 0 && quotes % 2 === 0;
}

/** A part that starts and ends on a word or a bracket, not on the separator around it. */
const trimmed = (part: string): boolean => part.trim() === part && !/[,;:]$/.test(part);

function positions(text: string, marks: readonly string[], after: boolean): number[] {
  const out = new Set<number>([after ? 0 : text.length]);
  for (const mark of marks) {
    for (let at = text.indexOf(mark); at >= 0; at = text.indexOf(mark, at + 1)) out.add(after ? at + mark.length : at);
  }
  return [...out];
}

/** The parts of a text that start and end at a clause's edge, with balanced brackets, long enough to stand alone. */
function clauses(text: string): Set<string> {
  const out = new Set<string>();
  if (text.length < MIN_CHARS) return out;
  const ends = positions(text, CLOSERS, false);
  for (const start of positions(text, OPENERS, true)) {
    for (const end of ends) {
      if (end - start < MIN_CHARS) continue;
      const part = text.slice(start, end);
      if (trimmed(part) && balanced(part)) out.add(part);
    }
  }
  return out;
}

/** A text cut where the notes' texts stand, each replaced by a link to its note. */
export function splitByNotes(text: string, notes: readonly SaidOnce[]): FindingPart[] {
  let parts: FindingPart[] = [text];
  notes.forEach((note, n) => {
    parts = parts.flatMap((p) =>
      typeof p !== 'string' || !p.includes(note.text)
        ? [p]
        : p.split(note.text).flatMap((piece, i): FindingPart[] => [...(i === 0 ? [] : [{ note: n }]), ...(piece === '' ? [] : [piece])]),
    );
  });
  return parts;
}

/**
 * The parts to say once, the most shared first (the longest of those shared alike): each pass counts the clauses of
 * what is still unsaid in every finding and takes the one most cases hold, until none is held by MIN_CASES.
 */
export function saidOnce(cases: readonly Pick<CaseSummary, 'finding'>[]): SaidOnce[] {
  const notes: SaidOnce[] = [];
  for (let pass = 0; pass < MAX_NOTES; pass++) {
    const holders = new Map<string, number[]>();
    cases.forEach((c, index) => {
      if (c.finding === undefined) return;
      const unsaid = splitByNotes(c.finding, notes).filter((p): p is string => typeof p === 'string');
      for (const part of new Set(unsaid.flatMap((u) => [...clauses(u)]))) holders.set(part, [...(holders.get(part) ?? []), index]);
    });
    let best: SaidOnce | undefined;
    for (const [text, held] of holders) {
      if (held.length < MIN_CASES) continue;
      const better =
        best === undefined ||
        held.length > best.cases.length ||
        (held.length === best.cases.length && (text.length > best.text.length || (text.length === best.text.length && text < best.text)));
      if (better) best = { text, cases: held };
    }
    if (best === undefined) break;
    // Every case whose unsaid text holds it, also where it stands inside a clause: each of them links to it.
    const text = best.text;
    const held = cases.flatMap((c, index) =>
      c.finding !== undefined && splitByNotes(c.finding, notes).some((p) => typeof p === 'string' && p.includes(text)) ? [index] : [],
    );
    notes.push({ text, cases: held });
  }
  return notes;
}

export const noteAnchor = (n: number): string => `said-once-${n + 1}`;

/** A finding with each part said once as a link to it. */
export function findingHtml(text: string, notes: readonly SaidOnce[]): SafeHtml {
  return html`${splitByNotes(text, notes).map((p) =>
    typeof p === 'string' ? p : html`<a class="said" href="#${noteAnchor(p.note)}" title="said once above the cases">[${p.note + 1}]</a>`,
  )}`;
}

/** The parts said once, each with the count of cases it applies to (the rows that hold it link to it by its number). */
export function saidOnceList(notes: readonly SaidOnce[]): SafeHtml | string {
  if (notes.length === 0) return '';
  return html`<ul class="said-once">${notes.map(
    (note, n) =>
      html`<li id="${noteAnchor(n)}"><span class="said">[${n + 1}]</span> <strong>${note.cases.length} cases:</strong> ${note.text}</li>`,
  )}</ul>`;
}
