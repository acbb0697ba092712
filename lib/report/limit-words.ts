/**
 * A limit in words, as the console, the Markdown and the HTML report state it: a pinned limit with the refusal past it
 * when the limit is a number that refusal states (its message unmasked: the `<n>` of a refusal's kind is for grouping
 * refusals, never for stating a limit), a search that stopped short as unfinished with where it stopped, and anything
 * else not pinned, with why.
 */
import { amount } from '../values/amount.js';
import type { ReportedLimit } from './types.js';

type LimitFacts = Pick<
  ReportedLimit,
  'value' | 'unit' | 'firstRejected' | 'note' | 'unfinished' | 'largestAccepted' | 'statedBy' | 'pastLimit'
>;

/** Where the limit came from, when it was a number checked at its edges: `, as the refusal past it states: 400 ...`. */
export function limitSource(l: LimitFacts): string {
  if (l.statedBy === 'refusal')
    return l.pastLimit === undefined ? ', the number the refusal states' : `, as the refusal past it states: ${l.pastLimit}`;
  if (l.statedBy === 'baseline') return ', the number the baseline recorded';
  return l.statedBy === 'description' ? ', the number the description documents' : '';
}

/** `4230 minutes, as the refusal past it states: 400 ...`, `unfinished: accepted up to 3850, refused from 4491 minutes (...)`. */
export function limitWords(l: LimitFacts): string {
  if (l.value !== undefined) return `${amount(l.value, l.unit)}${limitSource(l)}${l.note === undefined ? '' : ` (${l.note})`}`;
  if (l.unfinished === true) {
    const seen = [
      ...(l.largestAccepted !== undefined ? [`accepted up to ${l.largestAccepted}`] : []),
      ...(l.firstRejected !== undefined ? [`refused from ${l.firstRejected}`] : []),
    ];
    const where = seen.length === 0 ? '' : `: ${seen.join(', ')} ${l.unit}`;
    return `unfinished, not pinned${where}${l.note === undefined ? '' : ` (${l.note})`}`;
  }
  return `not pinned (${l.note ?? 'no value accepted'})`;
}
