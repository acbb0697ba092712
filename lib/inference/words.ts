/** Small helpers for the sentences inference writes. */
import { joinNames } from '../rule/in-words.js';

/** `1 combination`, `3 combinations`. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** A sentence's first letter upper case: `Give a body` from `give a body`. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `a`, `a and b`, `a, b and c`: the list the rule in words uses (lib/rule/in-words.ts), so every sentence lists alike. */
export const list: (items: readonly string[]) => string = joinNames;
