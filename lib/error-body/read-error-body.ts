/**
 * The one reader of an error body, whatever wrote it. Frameworks differ in names but not in kind: a code,
 * some sentences, and which properties they are about. So the body is read by its structure, never by a list of
 * frameworks:
 *
 * - the code: the first of `error.code`, `code`, `errorCode`, `error` (a string), `title`, the last segment of
 *   a problem `type` (not `about:blank`);
 * - the message: the strings under `message`, `detail`, `msg`, `title`, `errors`, `validation`, `issues` (and
 *   their kin: `details`, `description`, `fieldErrors`, ...), in document order, joined by `; `; an entry of a
 *   list gives its own text (`message`, `msg`, `detail`, ...) prefixed by the property it points at, and a map
 *   of errors gives each text prefixed by its key; a body that is only such a map (Django REST framework,
 *   Rails) is read as one. The string used as the code is not repeated in the message;
 * - the names: the properties the body points at by its structure (./names.ts), each once.
 *
 * So Fastify's `{"code": "FST_ERR_VALIDATION", "message": "body must have required property 'resource'"}`,
 * NestJS's `{"message": ["clientState must be ..."], "error": "Bad Request"}`, Prism's problem with its
 * `validation` list, pydantic's `detail` list and the spec's own `{"error": {"code", "message"}}` are cases of
 * one reading. A body that is not JSON is read as text (./text-body.ts): a message, no code, no structural names.
 * Which operation fields the text names is asked of the message separately (./field-names.ts).
 *
 * What is read is what the target said, never a verdict. Bounded: at most MAX_NODES values of the parsed body
 * are visited, MAX_PARTS sentences kept, MAX_MESSAGE characters in all (a longer message says how long it was).
 */
import { isObject, type Json } from '../json.js';
import { entryName, keyName } from './names.js';
import { textOfBody } from './text-body.js';

export interface ErrorBodyReading {
  /** `json`: the body parsed as JSON; `text`: it did not, and was read as text (plain or HTML); `empty`: no body. */
  form: 'json' | 'text' | 'empty';
  code: string | undefined;
  message: string | undefined;
  /** Top-level properties the body points at by its structure, as it spells them, each once, in document order. */
  names: string[];
}

/** Most characters of a message: it travels in every case record and report. */
export const MAX_MESSAGE = 2000;
/** Sentences kept of one body: a hostile target may list a million errors. */
const MAX_PARTS = 32;
/** Characters kept of a code. */
const MAX_CODE = 200;
/** Values of the parsed body looked at, at most, and how deep. */
const MAX_NODES = 4096;
const MAX_DEPTH = 8;

/** Keys whose strings are what the error says. */
const MESSAGE_KEYS = new Set([
  'message',
  'messages',
  'msg',
  'detail',
  'details',
  'title',
  'errors',
  'validation',
  'validationerrors',
  'issues',
  'description',
  'error_description',
  'errormessage',
  'fielderrors',
  'formerrors',
  'violations',
]);
/** Keys whose string is a code. */
const CODE_KEYS = new Set(['code', 'errorcode', 'error']);
/** Keys of a map of errors that are about the whole body, not a property. */
const NOT_A_FIELD = new Set(['non_field_errors', '__all__', 'base', 'formerrors', '_errors']);
/** The text of one entry of a list of errors: the first of these keys that holds a string. */
const ENTRY_TEXT_KEYS = ['message', 'msg', 'detail', 'defaultMessage', 'description', 'title', 'reason', 'error'];

const EMPTY: ErrorBodyReading = { form: 'empty', code: undefined, message: undefined, names: [] };

/** Reads a raw body: as JSON when it parses, else as text. Never throws. */
export function readErrorBody(raw: string, contentType?: string): ErrorBodyReading {
  if (raw.trim() === '') return EMPTY;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw) as unknown;
  } catch {
    return readErrorText(raw, contentType);
  }
  return readErrorValue(parsed);
}

/** Reads a body that is not JSON (or whose JSON could not be recovered) as text. */
export function readErrorText(raw: string, contentType?: string): ErrorBodyReading {
  const text = textOfBody(raw, contentType);
  return text === '' ? EMPTY : { form: 'text', code: undefined, message: cut(text, MAX_MESSAGE), names: [] };
}

/** Reads a parsed JSON body. */
export function readErrorValue(body: unknown): ErrorBodyReading {
  const reader = new Reader();
  let code: { text: string; key: string } | undefined;
  if (typeof body === 'string') reader.part(body);
  else if (Array.isArray(body)) reader.list(body, 0);
  else if (isObject(body)) {
    code = codeOf(body);
    if (isErrorMap(body)) reader.map(body, 0);
    else reader.container(body, 0, code?.key);
  }
  return { form: 'json', code: code === undefined ? undefined : cut(code.text, MAX_CODE), message: reader.message(), names: reader.names };
}

/** The code and the top-level key it came from (so the message leaves it out). */
function codeOf(body: Json): { text: string; key: string } | undefined {
  const error = body['error'];
  if (isObject(error) && isText(error['code'])) return { text: error['code'], key: '' };
  for (const key of ['code', 'errorCode', 'error', 'title']) {
    const value = body[key];
    if (isText(value)) return { text: value, key };
  }
  const type = body['type'];
  if (isText(type) && type.trim() !== 'about:blank') {
    const last = type
      .split(/[/#:]/)
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .pop();
    if (last !== undefined) return { text: last, key: '' };
  }
  return undefined;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * A body that is nothing but a map of property to errors (`{"resource": ["This field is required."]}`): no key
 * a message or a code is read from, and every value a string, a list or an object.
 */
function isErrorMap(body: Json): boolean {
  const entries = Object.entries(body);
  if (entries.length === 0) return false;
  return entries.every(
    ([key, value]) =>
      !MESSAGE_KEYS.has(key.toLowerCase()) &&
      !CODE_KEYS.has(key.toLowerCase()) &&
      (typeof value === 'string' || Array.isArray(value) || isObject(value)),
  );
}

class Reader {
  readonly names: string[] = [];
  readonly #parts: string[] = [];
  #nodes = 0;
  #dropped = 0;

  /** Whether more may be read: the node budget is not spent. */
  #visit(): boolean {
    this.#nodes += 1;
    return this.#nodes <= MAX_NODES;
  }

  part(text: string, name?: string): void {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (clean === '') return;
    if (name !== undefined && !this.names.includes(name) && this.names.length < MAX_PARTS) this.names.push(name);
    const sentence = cut(name === undefined ? clean : `'${name}': ${clean}`, MAX_MESSAGE);
    if (this.#parts.includes(sentence)) return;
    if (this.#parts.length >= MAX_PARTS) this.#dropped += 1;
    else this.#parts.push(sentence);
  }

  /** An object that holds the error: its message keys are read, the `error` object inside it too. */
  container(body: Json, depth: number, skip?: string): void {
    if (depth > MAX_DEPTH) return;
    for (const [key, value] of Object.entries(body)) {
      if (!this.#visit()) return;
      if (key === skip) continue;
      const lower = key.toLowerCase();
      if (lower === 'error' && isObject(value)) this.container(value, depth + 1, 'code');
      else if (MESSAGE_KEYS.has(lower)) this.value(value, depth + 1);
    }
  }

  /** What a message key holds: a sentence, a list of them or of entries, or a map of property to errors. */
  value(value: unknown, depth: number): void {
    if (depth > MAX_DEPTH) return;
    if (typeof value === 'string') this.part(value);
    else if (Array.isArray(value)) this.list(value, depth);
    else if (isObject(value)) {
      // An object with message keys of its own is a nested error; otherwise its keys name properties.
      if (Object.keys(value).some((k) => MESSAGE_KEYS.has(k.toLowerCase()))) this.container(value, depth);
      else this.map(value, depth);
    }
  }

  list(items: readonly unknown[], depth: number): void {
    if (depth > MAX_DEPTH) return;
    for (const item of items) {
      if (!this.#visit()) return;
      if (typeof item === 'string') this.part(item);
      else if (Array.isArray(item)) this.list(item, depth + 1);
      else if (isObject(item)) this.entry(item, depth + 1);
    }
  }

  /** One entry of a list of errors: its text, prefixed by the property it points at. */
  entry(entry: Json, depth: number): void {
    const name = entryName(entry);
    const text = ENTRY_TEXT_KEYS.map((k) => entry[k]).find(isText);
    if (text !== undefined) this.part(text, name);
    else if (name !== undefined) this.part('refused', name);
    // A nested list of its own (`errors`, `issues` inside an entry) says more.
    for (const [key, value] of Object.entries(entry)) {
      if (!this.#visit()) return;
      if (Array.isArray(value) && MESSAGE_KEYS.has(key.toLowerCase())) this.list(value, depth + 1);
    }
  }

  /** A map of property to errors: each text prefixed by its key, which names the property. */
  map(errors: Json, depth: number): void {
    if (depth > MAX_DEPTH) return;
    for (const [key, value] of Object.entries(errors)) {
      if (!this.#visit()) return;
      const name = NOT_A_FIELD.has(key.toLowerCase()) ? undefined : keyName(key);
      for (const text of this.#texts(value, depth + 1)) this.part(text, name);
    }
  }

  /** The sentences a map's value holds: itself, its list, or the texts of its entries and nested maps. */
  #texts(value: unknown, depth: number): string[] {
    if (depth > MAX_DEPTH || !this.#visit()) return [];
    if (isText(value)) return [value];
    if (Array.isArray(value)) return value.slice(0, MAX_PARTS).flatMap((v) => this.#texts(v, depth + 1));
    if (isObject(value)) {
      const own = ENTRY_TEXT_KEYS.map((k) => value[k]).find(isText);
      if (own !== undefined) return [own];
      return Object.entries(value)
        .slice(0, MAX_PARTS)
        .flatMap(([key, v]) => this.#texts(v, depth + 1).map((t) => `${key}: ${t}`));
    }
    return [];
  }

  message(): string | undefined {
    if (this.#parts.length === 0) return undefined;
    const more = this.#dropped === 0 ? '' : `; … (${this.#dropped} more)`;
    return cut(this.#parts.join('; '), MAX_MESSAGE - more.length) + more;
  }
}

/** At most `max` characters; a longer text keeps its start and says how long it was. */
function cut(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const suffix = `… (${trimmed.length} characters)`;
  return trimmed.slice(0, Math.max(0, max - suffix.length)) + suffix;
}
