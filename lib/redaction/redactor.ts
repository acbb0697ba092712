/**
 * The one redaction step. Every string that enters a record passes through `Redactor.redact`: raw
 * response bodies (before the recording cut), header names and values, URLs, failure messages, and
 * at the record's edge every string of a CaseRecord (decoded JSON strings such as error messages,
 * findings, cURL renderings). Console lines and the last check over the written files use the same
 * finder, so what is redacted and what is looked for cannot drift apart.
 *
 * It replaces with `[redacted]` every run of MIN_FRAGMENT (8) or more characters that belongs to a
 * secret, in any spelling (spellings.ts) and any mix of one-character escapes (decoded-view.ts), but
 * for runs of lowercase words alone (fragment-index.ts: "protocol" of `sentinel-protocol-token`). A
 * fragment shorter than that survives only at the edge of a text that was cut, and there too from 4
 * characters on when the caller says where the text was cut.
 *
 * Secrets can be added while a run goes on (tokens are obtained and renewed): `add(secret)`, or a
 * `source` read at each call. Each secret's spellings are computed once.
 */
import type { Secret } from '../secret.js';
import { decodedView } from './decoded-view.js';
import { FragmentIndex, isWordy, mergeSpans, type Span } from './fragment-index.js';
import { longestSpellingBytes, MIN_FRAGMENT, needlesOf, type Needle } from './spellings.js';

export const REDACTED = '[redacted]';

/** Characters decoded at a time (see redact). */
const WINDOW = 1 << 16;

/** A prefix or suffix this long of a secret, at the edge where a text was cut, is redacted too. */
const MIN_EDGE = 4;

/** Where a text was cut: its end (a prefix of a secret may be left there) and/or its start (a suffix). */
export interface CutEdges {
  start?: boolean;
  end?: boolean;
}

const NO_CUT: CutEdges = {};

interface Compiled {
  key: string;
  index: FragmentIndex;
  needles: Needle[];
  readAheadBytes: number;
}

/** Longest text `redactField` remembers, and how many it remembers before it starts afresh. */
const FIELD_MAX_CHARS = 512;
const FIELD_MEMO_SIZE = 2048;

const NO_SECRETS: readonly (Secret | undefined)[] = [];

export class Redactor {
  readonly #added = new Map<string, Secret>();
  readonly #source: (() => readonly (Secret | undefined)[]) | undefined;
  readonly #needles = new Map<string, Needle[]>();
  #compiled: Compiled | undefined;
  /** Bumped when a new secret is added: the compiled finder is then out of date. */
  #version = 0;
  /** The version and the source's answer the compiled finder was checked against last. */
  #compiledVersion = -1;
  #compiledSourced: readonly (Secret | undefined)[] = NO_SECRETS;
  /** Redacted header names, values and URLs by their text, for the compiled finder (emptied when it changes). */
  readonly #fields = new Map<string, string>();

  constructor(source?: () => readonly (Secret | undefined)[]) {
    this.#source = source;
  }

  /** A redactor for these secrets only (undefined and empty ones are skipped). */
  static of(...secrets: (Secret | undefined)[]): Redactor {
    const redactor = new Redactor();
    for (const secret of secrets) redactor.add(secret);
    return redactor;
  }

  /** Adds a secret (a new or renewed token, a client secret, an assertion); empty ones are skipped. */
  add(secret: Secret | undefined): this {
    if (secret === undefined || secret.isEmpty) return this;
    // Asked before every attempt with the token it sends: a known one must cost no more than a lookup.
    const value = secret.reveal();
    if (!this.#added.has(value)) {
      this.#added.set(value, secret);
      this.#version += 1;
    }
    return this;
  }

  /** The secrets known now, each once. */
  get secrets(): Secret[] {
    return secretsOf(this.#added, this.#source?.() ?? NO_SECRETS);
  }

  /** How far past a cut a text must be read for a secret across the cut to be seen whole. */
  get readAheadBytes(): number {
    return this.#current().readAheadBytes;
  }

  /** The text with every fragment of a secret replaced by `[redacted]`. */
  redact(text: string, cut: CutEdges = NO_CUT): string {
    const compiled = this.#current();
    if (compiled.index.isEmpty || text.length === 0) return text;
    const spans: Span[] = [];
    compiled.index.collect(text, spans);
    // The decoded view costs some ten bytes per character: a long text is decoded a window at a time,
    // windows overlapping by the longest spelling, so that a secret across two windows is whole in one.
    const overlap = compiled.readAheadBytes;
    for (let from = 0; from < text.length; from += WINDOW) {
      const at = Math.max(0, from - overlap);
      const view = decodedView(text.slice(at, from + WINDOW));
      if (view === undefined) continue;
      const found: Span[] = [];
      compiled.index.collect(view.text, found);
      for (const [s, e] of found) spans.push([at + view.start(s), at + view.end(e - 1)]);
    }
    if (cut.start === true || cut.end === true) spans.push(...edgeSpans(text, compiled.needles, cut));
    if (spans.length === 0) return text;
    let out = '';
    let at = 0;
    for (const [s, e] of mergeSpans(spans)) {
      out += text.slice(at, s) + REDACTED;
      at = e;
    }
    return out + text.slice(at);
  }

  /**
   * `redact` for a short text that recurs from exchange to exchange (a header name or value, a URL): each
   * distinct one is scanned once per set of secrets, then remembered. Longer texts are scanned each time.
   */
  redactField(text: string): string {
    if (text.length > FIELD_MAX_CHARS) return this.redact(text);
    this.#current(); // empties the memo when the secrets changed
    const known = this.#fields.get(text);
    if (known !== undefined) return known;
    const redacted = this.redact(text);
    if (this.#fields.size >= FIELD_MEMO_SIZE) this.#fields.clear(); // unique values (request ids, dates) must not grow it
    this.#fields.set(text, redacted);
    return redacted;
  }

  /**
   * For a text that was redacted whole and then cut: only the cut edges can hold anything new (the head
   * or tail of a secret the cut went through), so only they are looked at.
   */
  redactCutEdges(text: string, cut: CutEdges): string {
    const compiled = this.#current();
    if (compiled.index.isEmpty || text.length === 0) return text;
    const spans = mergeSpans(edgeSpans(text, compiled.needles, cut));
    let out = '';
    let at = 0;
    for (const [s, e] of spans) {
      out += text.slice(at, s) + REDACTED;
      at = e;
    }
    return spans.length === 0 ? text : out + text.slice(at);
  }

  /** Whether a fragment of a secret is in `text`, in any spelling (for the last check over the files). */
  occursIn(text: string): boolean {
    const compiled = this.#current();
    if (compiled.index.isEmpty) return false;
    if (compiled.index.occursIn(text)) return true;
    for (let from = 0; from < text.length; from += WINDOW) {
      const view = decodedView(text.slice(Math.max(0, from - compiled.readAheadBytes), from + WINDOW));
      if (view !== undefined && compiled.index.occursIn(view.text)) return true;
    }
    return false;
  }

  /** A copy of plain data (objects, arrays, strings; keys too) with every string redacted. */
  redactDeep<T>(value: T): T {
    return this.#deep(value, 0) as T;
  }

  #deep(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.redact(value);
    if (value === null || typeof value !== 'object' || depth > 64) return value;
    if (Array.isArray(value)) return value.map((item) => this.#deep(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[this.redact(key)] = this.#deep(item, depth + 1);
    return out;
  }

  /**
   * The finder for the secrets known now. Asked for every string that is redacted, so the common case, no
   * secret added and the source giving the same ones, is a comparison; the finder is rebuilt only when the
   * set changed, and each secret's spellings are computed once in the redactor's life.
   */
  #current(): Compiled {
    const sourced = this.#source?.() ?? NO_SECRETS;
    if (this.#compiled !== undefined && this.#compiledVersion === this.#version && sameItems(sourced, this.#compiledSourced)) {
      return this.#compiled;
    }
    this.#compiledVersion = this.#version;
    this.#compiledSourced = [...sourced];
    const secrets = secretsOf(this.#added, sourced).map((s) => s.reveal());
    const key = secrets.join('\u0000');
    if (this.#compiled?.key === key) return this.#compiled;
    const needles: Needle[] = [];
    for (const secret of secrets) {
      let own = this.#needles.get(secret);
      if (own === undefined) {
        own = needlesOf(secret);
        this.#needles.set(secret, own);
      }
      needles.push(...own);
    }
    const readAheadBytes = Math.max(0, ...secrets.map(longestSpellingBytes));
    this.#compiled = { key, index: new FragmentIndex(needles), needles, readAheadBytes };
    this.#fields.clear();
    return this.#compiled;
  }
}

/** The added secrets and the source's, each value once. */
function secretsOf(added: ReadonlyMap<string, Secret>, sourced: readonly (Secret | undefined)[]): Secret[] {
  const all = new Map(added);
  for (const secret of sourced) {
    if (secret !== undefined && !secret.isEmpty) all.set(secret.reveal(), secret);
  }
  return [...all.values()];
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** A secret's first (or last) MIN_EDGE to MIN_FRAGMENT - 1 characters where the text was cut. */
function edgeSpans(text: string, needles: readonly Needle[], cut: CutEdges): Span[] {
  const spans: Span[] = [];
  // Only the edges matter: decode at most one escaped spelling's worth at each end, not a whole body.
  const reach = 12 * MIN_FRAGMENT;
  if (text.length > 2 * reach) {
    if (cut.start === true) spans.push(...edgeSpans(text.slice(0, reach), needles, { start: true }));
    if (cut.end === true) {
      const from = text.length - reach;
      for (const [s, e] of edgeSpans(text.slice(from), needles, { end: true })) spans.push([from + s, from + e]);
    }
    return spans;
  }
  const view = decodedView(text);
  for (const needle of needles) {
    for (let k = Math.min(MIN_FRAGMENT - 1, needle.text.length - 1); k >= MIN_EDGE; k -= 1) {
      const head = needle.text.slice(0, k);
      const tail = needle.text.slice(-k);
      if (isWordy(head) && isWordy(tail)) continue;
      if (cut.end === true && !isWordy(head)) {
        if (text.endsWith(head)) spans.push([text.length - k, text.length]);
        if (view?.text.endsWith(head) === true) spans.push([view.start(view.text.length - k), text.length]);
      }
      if (cut.start === true && !isWordy(tail)) {
        if (text.startsWith(tail)) spans.push([0, k]);
        if (view?.text.startsWith(tail) === true) spans.push([0, view.end(k - 1)]);
      }
    }
  }
  return spans;
}
