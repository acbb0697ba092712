/**
 * Finds every run of characters that some needle contains, at least `gram` characters long, in one
 * pass over a text: each window of `gram` characters is hashed (rolling, so the pass costs a few
 * operations per character and allocates nothing) and looked up among the needles' windows; a hash
 * hit is confirmed by comparing the characters. Overlapping hits merge into one span, so a whole
 * secret, a cut-off half of it and a 9-character piece are all found the same way.
 */
import { MIN_FRAGMENT, type Needle } from './spellings.js';

const BASE = 0x01000193;

/**
 * A window of lowercase letters and `- _ .` alone reads as ordinary words: a test token such as
 * `sentinel-protocol-token-3c9e` would otherwise redact the word "protocol" from every line and file.
 * Such windows do not count as fragments (the whole secret always does). In a random base64url token
 * about 1 window in 700 is one; the windows around it still count.
 */
const WORDY = /^[a-z._-]+$/;

export const isWordy = (window: string): boolean => WORDY.test(window);

function power(gram: number): number {
  let p = 1;
  for (let i = 1; i < gram; i += 1) p = Math.imul(p, BASE);
  return p;
}

/** Half-open span [start, end) of a text. */
export type Span = [start: number, end: number];

/** The windows of one length, from every needle of that length. */
class WindowSet {
  readonly #byHash = new Map<number, string[]>();
  /** Low 16 bits of every window's hash: most positions are ruled out here, without a Map lookup. */
  readonly #seen = new Uint8Array(1 << 16);
  readonly #top: number;

  constructor(readonly gram: number) {
    this.#top = power(gram);
  }

  add(text: string): void {
    for (let i = 0; i + this.gram <= text.length; i += 1) {
      const window = text.slice(i, i + this.gram);
      if (isWordy(window)) continue;
      const hash = hashOf(window, 0, this.gram);
      this.#seen[hash & 0xffff] = 1;
      const list = this.#byHash.get(hash);
      if (list === undefined) this.#byHash.set(hash, [window]);
      else if (!list.includes(window)) list.push(window);
    }
  }

  /** Appends [i, i + gram) for each index where a window of the set starts in `text`. */
  collect(text: string, into: Span[]): void {
    this.#scan(text, into);
  }

  /** Whether a window of the set occurs in `text` (stops at the first). */
  occursIn(text: string): boolean {
    return this.#scan(text, undefined);
  }

  /** One pass over `text`; without `into` it stops at the first hit. No closure: it runs for every recorded string. */
  #scan(text: string, into: Span[] | undefined): boolean {
    const g = this.gram;
    const n = text.length;
    if (n < g) return false;
    // Locals, not fields, in the loop: it runs once per character of every recorded text.
    const seen = this.#seen;
    const top = this.#top;
    let found = false;
    let hash = hashOf(text, 0, g);
    for (let i = 0; ; i += 1) {
      if (seen[hash & 0xffff] === 1 && this.#confirm(text, i, hash)) {
        if (into === undefined) return true;
        into.push([i, i + g]);
        found = true;
      }
      if (i + g >= n) return found;
      hash = (Math.imul(hash - Math.imul(text.charCodeAt(i), top), BASE) + text.charCodeAt(i + g)) | 0;
    }
  }

  #confirm(text: string, i: number, hash: number): boolean {
    const candidates = this.#byHash.get(hash);
    if (candidates === undefined) return false;
    for (const window of candidates) if (text.startsWith(window, i)) return true;
    return false;
  }
}

function hashOf(text: string, from: number, gram: number): number {
  let hash = 0;
  for (let i = from; i < from + gram; i += 1) hash = (Math.imul(hash, BASE) + text.charCodeAt(i)) | 0;
  return hash;
}

/** A character that continues a word: a short secret next to one is part of that word, not a value of its own. */
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * Whether `text` has `needle` at `at` standing as a value: not inside a longer word. A secret shorter than a
 * fragment ("tok") is found only so, or every "token" in every line would lose its first three letters.
 */
function standsAlone(text: string, at: number, length: number): boolean {
  const before = at === 0 ? '' : (text[at - 1] as string);
  const after = at + length >= text.length ? '' : (text[at + length] as string);
  return !WORD_CHAR.test(before) && !WORD_CHAR.test(after);
}

export class FragmentIndex {
  readonly #sets = new Map<number, WindowSet>();
  /**
   * Needles found whole whatever their windows (a wordy secret has no window that counts); those shorter than a
   * fragment only where they stand alone.
   */
  readonly #whole: { text: string; alone: boolean }[];

  constructor(needles: readonly Needle[]) {
    this.#whole = [...new Set(needles.map((n) => n.text))].map((text) => ({ text, alone: text.length < MIN_FRAGMENT }));
    for (const needle of needles) {
      // A needle shorter than a fragment is its own only window: it is looked for whole, where it stands alone.
      if (needle.text.length < MIN_FRAGMENT) continue;
      let set = this.#sets.get(needle.gram);
      if (set === undefined) {
        set = new WindowSet(needle.gram);
        this.#sets.set(needle.gram, set);
      }
      set.add(needle.text);
    }
  }

  get isEmpty(): boolean {
    return this.#whole.length === 0;
  }

  /** Merged spans of `text` that are fragments of a needle. */
  spans(text: string): Span[] {
    const spans: Span[] = [];
    this.collect(text, spans);
    return mergeSpans(spans);
  }

  /** Appends the spans of `text` that are fragments of a needle, unmerged (one pass per window length). */
  collect(text: string, into: Span[]): void {
    for (const { text: whole, alone } of this.#whole) {
      for (let at = text.indexOf(whole); at >= 0; at = text.indexOf(whole, at + 1)) {
        if (!alone || standsAlone(text, at, whole.length)) into.push([at, at + whole.length]);
      }
    }
    for (const set of this.#sets.values()) set.collect(text, into);
  }

  /** Whether `text` holds any fragment (stops at the first). */
  occursIn(text: string): boolean {
    for (const { text: whole, alone } of this.#whole) {
      for (let at = text.indexOf(whole); at >= 0; at = text.indexOf(whole, at + 1)) {
        if (!alone || standsAlone(text, at, whole.length)) return true;
      }
    }
    for (const set of this.#sets.values()) if (set.occursIn(text)) return true;
    return false;
  }
}

/** Sorted, with overlapping and touching spans joined. */
export function mergeSpans(spans: Span[]): Span[] {
  if (spans.length < 2) return spans;
  spans.sort((a, b) => a[0] - b[0]);
  const out: Span[] = [[spans[0]![0], spans[0]![1]]];
  for (let i = 1; i < spans.length; i += 1) {
    const [s, e] = spans[i]!;
    const last = out[out.length - 1]!;
    if (s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}
