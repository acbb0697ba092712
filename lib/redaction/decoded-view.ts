/**
 * A text with its one-character escapes undone, and where each decoded character came from: JSON
 * (`\uXXXX` in either hex case, `\/`, `\"`, `\\`, `\b\f\n\r\t`), percent-encoding (UTF-8 byte runs in
 * either hex case, a lone byte as Latin-1) and HTML character references (`&#43;`, `&#x2b;`, `&amp;`).
 * Every escape is undone by itself, so any mix of raw and escaped characters reads as the plain text:
 * .NET's `\u002B` for `+`, PHP's `\/` for `/`, a URL's `%2B` all meet the secret's own spelling.
 */

/**
 * The decoded text, and for each of its UTF-16 units where it came from in the raw text. Only the escapes
 * are stored (a unit between two escapes is its raw character, at a known offset), so that decoding a
 * body costs about a copy of its plain runs plus a little per escape, not three typed-array writes per
 * character; a position is looked up (binary search over the escapes) only for a hit, which is rare.
 */
export class DecodedView {
  readonly text: string;
  /** Per escape, ascending: the decoded index of its first unit, its units (1, or 2 for a surrogate pair), its raw span. */
  readonly #at: readonly number[];
  readonly #units: readonly number[];
  readonly #rawFrom: readonly number[];
  readonly #rawTo: readonly number[];

  constructor(text: string, at: readonly number[], units: readonly number[], rawFrom: readonly number[], rawTo: readonly number[]) {
    this.text = text;
    this.#at = at;
    this.#units = units;
    this.#rawFrom = rawFrom;
    this.#rawTo = rawTo;
  }

  /** Where the unit at `index` of `text` starts in the raw text. */
  start(index: number): number {
    const k = this.#escapeAtOrBefore(index);
    if (k < 0) return index;
    const past = this.#at[k]! + this.#units[k]!;
    return index < past ? this.#rawFrom[k]! : this.#rawTo[k]! + (index - past);
  }

  /** Where the unit at `index` of `text` ends in the raw text. */
  end(index: number): number {
    const k = this.#escapeAtOrBefore(index);
    if (k < 0) return index + 1;
    const past = this.#at[k]! + this.#units[k]!;
    return index < past ? this.#rawTo[k]! : this.#rawTo[k]! + (index - past) + 1;
  }

  /** The last escape whose first unit is at or before `index`, or -1. */
  #escapeAtOrBefore(index: number): number {
    let lo = 0;
    let hi = this.#at.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.#at[mid]! <= index) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }
}

/** Characters that can begin an escape; a text without any has nothing to decode. */
const ESCAPE_START = /[\\%&]/;
/** The same, to jump from one to the next over a plain run. */
const NEXT_ESCAPE = /[\\%&]/g;

/** JSON's two-character escapes, by the character after the backslash (-1: none). */
const JSON_SHORT = new Int32Array(128).fill(-1);
for (const [ch, unit] of Object.entries({ '"': 0x22, '\\': 0x5c, '/': 0x2f, b: 0x08, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09 }))
  JSON_SHORT[ch.charCodeAt(0)] = unit;
const HTML_NAMED: Record<string, number> = { amp: 0x26, lt: 0x3c, gt: 0x3e, quot: 0x22, apos: 0x27 };

function hexAt(raw: string, at: number, digits: number): number {
  if (at + digits > raw.length) return -1;
  let value = 0;
  for (let i = at; i < at + digits; i += 1) {
    const c = raw.charCodeAt(i);
    const d = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (d < 0) return -1;
    value = value * 16 + d;
  }
  return value;
}

/** A run of `%XX` bytes at `at` forming one UTF-8 character: its code point and raw length, or undefined. */
function percentUtf8(raw: string, at: number): { codePoint: number; length: number } | undefined {
  const lead = raw.charCodeAt(at) === 37 ? hexAt(raw, at + 1, 2) : -1;
  if (lead < 0) return undefined;
  if (lead < 0x80) return { codePoint: lead, length: 3 };
  const extra = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : -1;
  let codePoint = extra === 1 ? lead & 0x1f : extra === 2 ? lead & 0x0f : lead & 0x07;
  for (let k = 1; k <= extra; k += 1) {
    const p = at + 3 * k;
    const byte = raw.charCodeAt(p) === 37 ? hexAt(raw, p + 1, 2) : -1;
    if (byte < 0x80 || byte > 0xbf) {
      codePoint = -1;
      break;
    }
    codePoint = (codePoint << 6) | (byte & 0x3f);
  }
  // Not UTF-8: some encoders write Latin-1 (`%E9` for é).
  if (extra < 0 || codePoint < 0 || codePoint > 0x10ffff) return { codePoint: lead, length: 3 };
  return { codePoint, length: 3 * (extra + 1) };
}

function htmlReference(raw: string, at: number): { codePoint: number; length: number } | undefined {
  const semicolon = raw.indexOf(';', at + 2);
  if (semicolon < 0 || semicolon - at > 10) return undefined;
  const body = raw.slice(at + 1, semicolon);
  let codePoint: number | undefined;
  if (/^#[0-9]{1,7}$/.test(body)) codePoint = Number(body.slice(1));
  else if (/^#[xX][0-9a-fA-F]{1,6}$/.test(body)) codePoint = parseInt(body.slice(2), 16);
  else codePoint = HTML_NAMED[body.toLowerCase()];
  if (codePoint === undefined || codePoint > 0x10ffff) return undefined;
  return { codePoint, length: semicolon + 1 - at };
}

/** An escape at `raw[at]`: the code point it stands for and its raw length, or undefined when it is none. */
function escapeAt(raw: string, at: number): { codePoint: number; length: number } | undefined {
  const c = raw.charCodeAt(at);
  if (c === 92 /* \\ */) {
    if (at + 1 >= raw.length) return undefined;
    const next = raw.charCodeAt(at + 1);
    if (next === 117 /* u */) {
      const unit = hexAt(raw, at + 2, 4);
      if (unit >= 0) return { codePoint: unit, length: 6 }; // a lone surrogate stays one unit, as written
    }
    const short = next < 128 ? JSON_SHORT[next]! : -1;
    return short >= 0 ? { codePoint: short, length: 2 } : undefined;
  }
  return c === 37 /* % */ ? percentUtf8(raw, at) : htmlReference(raw, at);
}

/** The decoded view, or undefined when the text has no escape to undo (then the raw text is the view). */
export function decodedView(raw: string): DecodedView | undefined {
  if (!ESCAPE_START.test(raw)) return undefined;
  const at: number[] = [];
  const units: number[] = [];
  const rawFrom: number[] = [];
  const rawTo: number[] = [];
  const pieces: string[] = [];
  let decodedLength = 0;
  let plainFrom = 0;
  // A regex finds the next escape character natively, so plain runs are skipped, then copied as slices.
  const finder = new RegExp(NEXT_ESCAPE);
  for (let match = finder.exec(raw); match !== null; match = finder.exec(raw)) {
    const i = match.index;
    const escape = escapeAt(raw, i);
    if (escape === undefined) continue; // a lone `\`, `%` or `&`: itself, part of the plain run
    if (i > plainFrom) {
      pieces.push(raw.slice(plainFrom, i));
      decodedLength += i - plainFrom;
    }
    const decoded = escape.codePoint < 0x10000 ? String.fromCharCode(escape.codePoint) : String.fromCodePoint(escape.codePoint);
    pieces.push(decoded);
    at.push(decodedLength);
    units.push(decoded.length);
    rawFrom.push(i);
    rawTo.push(i + escape.length);
    decodedLength += decoded.length;
    plainFrom = i + escape.length;
    finder.lastIndex = plainFrom;
  }
  if (at.length === 0) return undefined;
  pieces.push(raw.slice(plainFrom));
  return new DecodedView(pieces.join(''), at, units, rawFrom, rawTo);
}
