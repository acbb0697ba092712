/**
 * A text with its one-character escapes undone, and where each decoded character came from: JSON
 * (`\uXXXX` in either hex case, `\/`, `\"`, `\\`, `\b\f\n\r\t`), percent-encoding (UTF-8 byte runs in
 * either hex case, a lone byte as Latin-1) and HTML character references (`&#43;`, `&#x2b;`, `&amp;`).
 * Every escape is undone by itself, so any mix of raw and escaped characters reads as the plain text:
 * .NET's `\u002B` for `+`, PHP's `\/` for `/`, a URL's `%2B` all meet the secret's own spelling.
 */

export interface DecodedView {
  text: string;
  /** For each UTF-16 unit of `text`: where its escape starts in the raw text, and where it ends. */
  start: Int32Array;
  end: Int32Array;
}

/** Characters that can begin an escape; a text without any has nothing to decode. */
const ESCAPE_START = /[\\%&]/;

/** JSON's two-character escapes, by the character after the backslash (-1: none). */
const JSON_SHORT = new Int32Array(128).fill(-1);
for (const [ch, unit] of Object.entries({ '"': 0x22, '\\': 0x5c, '/': 0x2f, b: 0x08, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09 })) JSON_SHORT[ch.charCodeAt(0)] = unit;
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

/** The view being written: decoded UTF-16 units, and where each came from in the raw text. */
interface Builder {
  units: Uint16Array;
  start: Int32Array;
  end: Int32Array;
  n: number;
}

function put(b: Builder, unit: number, from: number, to: number): void {
  b.units[b.n] = unit;
  b.start[b.n] = from;
  b.end[b.n] = to;
  b.n += 1;
}

function putCodePoint(b: Builder, codePoint: number, from: number, to: number): void {
  if (codePoint < 0x10000) {
    put(b, codePoint, from, to);
    return;
  }
  const v = codePoint - 0x10000;
  put(b, 0xd800 + (v >> 10), from, to);
  put(b, 0xdc00 + (v & 0x3ff), from, to);
}

/** The decoded view, or undefined when the text has no escape to undo (then the raw text is the view). */
export function decodedView(raw: string): DecodedView | undefined {
  if (!ESCAPE_START.test(raw)) return undefined;
  // Module-level helpers, not closures: this runs for every recorded text that holds a `\`, `%` or `&`.
  const b: Builder = { units: new Uint16Array(raw.length), start: new Int32Array(raw.length), end: new Int32Array(raw.length), n: 0 };
  let i = 0;
  const length = raw.length;
  while (i < length) {
    const c = raw.charCodeAt(i);
    if (c === 92 /* \ */ && i + 1 < length) {
      const next = raw.charCodeAt(i + 1);
      if (next === 117 /* u */) {
        const unit = hexAt(raw, i + 2, 4);
        if (unit >= 0) {
          put(b, unit, i, i + 6);
          i += 6;
          continue;
        }
      }
      const short = next < 128 ? JSON_SHORT[next]! : -1;
      if (short >= 0) {
        put(b, short, i, i + 2);
        i += 2;
        continue;
      }
    } else if (c === 37 /* % */) {
      const decoded = percentUtf8(raw, i);
      if (decoded !== undefined) {
        putCodePoint(b, decoded.codePoint, i, i + decoded.length);
        i += decoded.length;
        continue;
      }
    } else if (c === 38 /* & */) {
      const decoded = htmlReference(raw, i);
      if (decoded !== undefined) {
        putCodePoint(b, decoded.codePoint, i, i + decoded.length);
        i += decoded.length;
        continue;
      }
    }
    put(b, c, i, i + 1);
    i += 1;
  }
  const n = b.n;
  // One copy through Buffer: spreading the units into String.fromCharCode is some 40 times slower.
  const text = Buffer.from(b.units.buffer, b.units.byteOffset, n * 2).toString('utf16le');
  return { text, start: b.start.subarray(0, n), end: b.end.subarray(0, n) };
}
