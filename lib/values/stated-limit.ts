/**
 * The numbers a refusal's message states, as candidates for a limit ("Subscription expiration can only be 4230 minutes
 * in the future.", "at most 255 are allowed"). A candidate is only where the search looks first: it is taken as the
 * limit only once the target accepts it and refuses the next value (lib/values/find-limit.ts), so a number the message
 * states for another reason (the length sent, a date) costs a few asks and never becomes a finding.
 */

/** Characters of a message read for numbers: a hostile target's answer is cut, never read whole. */
const READ_CHARS = 2_000;
/** Numbers taken from one message: the first few, so that a message full of numbers cannot make a long search. */
const MOST = 3;

/**
 * The integers `message` states outside quotes (a quoted value is the value sent, not the rule), those followed by
 * `unit` (or its singular: "4230 minutes", "1 minute") first, each once, in the order they appear. Digits grouped by
 * commas or thin spaces ("42,300") are one number.
 */
export function statedNumbers(message: string, unit: string): number[] {
  const text = message
    .slice(0, READ_CHARS)
    // A quote after a letter is an apostrophe ("can't"), not the start of a quoted value.
    .replace(/(?<![A-Za-z])'[^']*'|"[^"]*"|‘[^’]*’|“[^”]*”/g, ' ')
    // An instant states a date and a time, not a limit.
    .replace(/\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+)?(?:Z|[+-]\d{2}:?\d{2})?/g, ' ');
  const singular = unit.replace(/s$/i, '').toLowerCase();
  const withUnit: number[] = [];
  const bare: number[] = [];
  for (const match of text.matchAll(/(?<![\w.])(\d{1,3}(?:[,\u2009\u202f]\d{3})+|\d+)(?![\w.]\d)(\s*[A-Za-z]+)?/g)) {
    const n = Number((match[1] ?? '').replace(/[,\u2009\u202f]/g, ''));
    if (!Number.isSafeInteger(n)) continue;
    const word = (match[2] ?? '').trim().toLowerCase();
    (singular !== '' && word.startsWith(singular) ? withUnit : bare).push(n);
  }
  return [...new Set([...withUnit, ...bare])].slice(0, MOST);
}
