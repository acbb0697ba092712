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
import { type InnerError, innerErrorOf } from './inner-error.js';
import { entryNames, isLocationWord, isPathKey, keyName, locationNames } from './names.js';
import { rendersSchema } from './schema-rendering.js';
import { textOfBody } from './text-body.js';

export interface ErrorBodyReading {
  /** `json`: the body parsed as JSON; `text`: it did not, and was read as text (plain or HTML); `empty`: no body. */
  form: 'json' | 'text' | 'empty';
  code: string | undefined;
  message: string | undefined;
  /**
   * The properties the body points at by its structure, each a path as the body spells it without where the value
   * was (`resource`, `create.request.resource`: ./names.ts), each once, in document order.
   */
  names: string[];
  /**
   * The error the body relays from a service behind it (./inner-error.ts): the status and reason its text names
   * (`[Status Code: Conflict; Reason: ...]`), the code of `error.innerError`. Absent when none is found.
   */
  inner?: InnerError;
}

export type { InnerError } from './inner-error.js';

/** Most characters of a message: it travels in every case record and report. */
export const MAX_MESSAGE = 2000;
/** Sentences kept of one body: a hostile target may list a million errors. */
const MAX_PARTS = 32;
/** Characters kept of a code. */
const MAX_CODE = 200;
/** Values of the parsed body looked at, at most, and how deep. */
const MAX_NODES = 4096;
const MAX_DEPTH = 8;
/** How deep the last resort, the body's string leaves, looks. */
const MAX_LEAF_DEPTH = 64;
/** A message that is itself JSON (zod 4's, a list of issues) is parsed up to this long, and this many times in a body. */
const MAX_EMBEDDED_LENGTH = 65_536;
const MAX_EMBEDDED = 4;

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
  'fieldviolations',
  'causes',
  'problems',
]);
/**
 * Keys of an envelope around the error, looked through as the body itself is: Micronaut's HAL `_embedded`, a
 * `data` or `result` wrapper, Litestar's `extra`, SOAP-minded gateways' `fault`; and `error` itself when it is an
 * object, a list, or a sentence rather than a code.
 */
const ENVELOPE_KEYS = new Set([
  'error',
  'err',
  '_embedded',
  'data',
  'result',
  'response',
  'payload',
  'fault',
  'problem',
  'extra',
  'exception',
  'errorresponse',
  'error_response',
]);
/** Keys of a map of errors that are about the whole body, not a property. */
const NOT_A_FIELD = new Set(['non_field_errors', '__all__', 'base', 'formerrors', '_errors']);
/** The text of one entry of a list of errors: the first of these keys that holds a string (a bare code last). */
const ENTRY_TEXT_KEYS = ['message', 'msg', 'detail', 'defaultMessage', 'description', 'title', 'reason', 'error', 'code'];
/**
 * Keys whose strings are no part of what the error says (when, which request, where in the code): left out of
 * the last resort while anything else is left.
 */
const NOISE_KEYS = new Set([
  'timestamp',
  'time',
  'date',
  'path',
  'url',
  'uri',
  'href',
  'instance',
  'traceid',
  'trace_id',
  'trace-id',
  'requestid',
  'request_id',
  'request-id',
  'client-request-id',
  'correlationid',
  'correlation_id',
  'stack',
  'stacktrace',
  'trace',
  '$schema',
]);

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
  if (text === '') return EMPTY;
  const message = cut(text, MAX_MESSAGE);
  return withInner({ form: 'text', code: undefined, message, names: [] }, innerErrorOf(message));
}

/** Reads a parsed JSON body. */
export function readErrorValue(body: unknown): ErrorBodyReading {
  const reader = new Reader();
  let code: { text: string; key: string } | undefined;
  if (typeof body === 'string') reader.part(body);
  else if (Array.isArray(body)) reader.list(body, 0);
  else if (isObject(body)) {
    code = codeOf(body);
    // A body that is itself one entry (Elysia's `property`, a top-level `field`) names its property.
    for (const name of entryNames(body, true)) reader.name(name);
    if (isErrorMap(body)) reader.map(body, 0);
    else reader.container(body, 0, code?.key);
  }
  // What the vocabulary above did not place is still what the target said: its strings, in document order.
  if (!reader.hasMessage) reader.leaves(body, code?.text);
  const message = reader.message();
  const reading: ErrorBodyReading = {
    form: 'json',
    code: code === undefined ? undefined : cut(code.text, MAX_CODE),
    message,
    names: reader.names,
  };
  return withInner(reading, innerErrorOf(message, body));
}

function withInner(reading: ErrorBodyReading, inner: InnerError | undefined): ErrorBodyReading {
  return inner === undefined ? reading : { ...reading, inner };
}

/**
 * Whether a string reads as a code rather than a sentence: one token (`invalid_request`, `FST_ERR_VALIDATION`),
 * or a reason phrase of a few capitalised words (`Bad Request`, `Unprocessable Entity`). Go's validator puts a
 * whole sentence under `error` (`Key: 'Req.Resource' Error:Field validation for 'Resource' failed ...`): that is the
 * message.
 */
export function isCodeShaped(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > MAX_CODE) return false;
  const words = trimmed.split(/\s+/);
  return words.length === 1 || (words.length <= 4 && words.every((w) => /^[\p{Lu}\p{N}][\p{L}\p{N}-]*$/u.test(w)));
}

/** The code and the top-level key it came from (so the message leaves it out). */
function codeOf(body: Json): { text: string; key: string } | undefined {
  const error = body['error'];
  if (isObject(error)) {
    if (isText(error['code'])) return { text: error['code'], key: '' };
    // Google's APIs: a numeric `code` beside the status name (`INVALID_ARGUMENT`).
    if (isText(error['status']) && isCodeShaped(error['status'])) return { text: error['status'], key: '' };
  }
  for (const key of ['code', 'errorCode', 'error', 'title']) {
    const value = body[key];
    if (key === 'error' && isText(value) && !isCodeShaped(value)) continue;
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
 * OData's verbose error (SharePoint's REST API) gives its message as a text in a language,
 * `{"lang": "en-US", "value": "Failed to validate ..."}`: the sentence is `value`; `lang` is no property.
 */
function localizedText(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length > 2 || !keys.every((k) => k === 'lang' || k === 'value')) return undefined;
  const text = value['value'];
  return isText(text) ? text : undefined;
}

/**
 * A body that is nothing but a map of property to errors (`{"resource": ["This field is required."]}`): no key
 * a message, a code or an envelope is read from, and every value a string, a list or an object.
 */
function isErrorMap(body: Json): boolean {
  const entries = Object.entries(body);
  if (entries.length === 0 || locationNames(body) !== undefined) return false;
  return entries.every(([key, value]) => {
    const lower = key.toLowerCase();
    return (
      !MESSAGE_KEYS.has(lower) &&
      !ENVELOPE_KEYS.has(lower) &&
      !CODE_KEYS.has(lower) &&
      (typeof value === 'string' || Array.isArray(value) || isObject(value))
    );
  });
}
/** Keys whose string is a code, never a property of a map. */
const CODE_KEYS = new Set(['code', 'errorcode', 'status', 'statuscode']);

class Reader {
  readonly names: string[] = [];
  readonly #parts: string[] = [];
  /** Parts that render a schema (./schema-rendering.ts) rather than speak of the request. */
  readonly #renderings = new Set<string>();
  /** Whether the body lists its issues with the property each is about: then the list is the message. */
  #structured = false;
  #nodes = 0;
  #dropped = 0;
  #embedded = 0;

  /** Whether more may be read: the node budget is not spent. */
  #visit(): boolean {
    this.#nodes += 1;
    return this.#nodes <= MAX_NODES;
  }

  get hasMessage(): boolean {
    return this.#parts.length > 0;
  }

  name(name: string): void {
    if (!this.names.includes(name) && this.names.length < MAX_PARTS) this.names.push(name);
  }

  part(text: string, name?: string): void {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (clean === '') return;
    if (name !== undefined) this.name(name);
    const sentence = cut(name === undefined ? clean : `'${name}': ${clean}`, MAX_MESSAGE);
    if (this.#parts.includes(sentence)) return;
    if (name === undefined && rendersSchema(clean)) this.#renderings.add(sentence);
    if (this.#parts.length >= MAX_PARTS) this.#dropped += 1;
    else this.#parts.push(sentence);
  }

  /** An object that holds the error: its message keys are read, and the envelopes inside it looked through. */
  container(body: Json, depth: number, skip?: string): void {
    if (depth > MAX_DEPTH) return;
    for (const [key, value] of Object.entries(body)) {
      if (!this.#visit()) return;
      if (key === skip) continue;
      const lower = key.toLowerCase();
      if (ENVELOPE_KEYS.has(lower)) this.envelope(value, depth + 1);
      else if (MESSAGE_KEYS.has(lower)) this.value(value, depth + 1);
    }
  }

  /** What an envelope holds: an error object (its `code` is the code), a list of errors, or a sentence. */
  envelope(value: unknown, depth: number): void {
    if (depth > MAX_DEPTH) return;
    if (typeof value === 'string') {
      // A code-shaped string beside the code (Fastify's `error: "Bad Request"`) is no sentence of the error.
      if (!isCodeShaped(value)) this.part(value);
    } else if (Array.isArray(value)) this.list(value, depth);
    else if (isObject(value)) {
      // An error object that points at a property (`{"error": {"param": "resource", "message": ...}}`) names it.
      for (const name of entryNames(value)) this.name(name);
      this.container(value, depth, 'code');
    }
  }

  /** What a message key holds: a sentence, a list of them or of entries, a location, or a map of property to errors. */
  value(value: unknown, depth: number): void {
    if (depth > MAX_DEPTH) return;
    const localized = localizedText(value);
    const embedded = typeof value === 'string' ? this.#embeddedIssues(value) : undefined;
    if (embedded !== undefined) this.list(embedded, depth);
    else if (typeof value === 'string') this.part(value);
    else if (localized !== undefined) this.part(localized);
    else if (Array.isArray(value)) this.list(value, depth);
    else if (isObject(value)) {
      const located = locationNames(value);
      for (const name of located ?? []) this.name(name);
      // An object with message keys of its own is a nested error; a location is no map; otherwise its keys name properties.
      if (Object.keys(value).some((k) => MESSAGE_KEYS.has(k.toLowerCase()) || ENVELOPE_KEYS.has(k.toLowerCase())))
        this.container(value, depth);
      else if (located === undefined) this.map(value, depth);
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

  /**
   * A message that is itself a JSON list of issues with paths (zod 4's ZodError, whose `message` is its issues as
   * JSON when the list itself is not sent): the list, read as a body's list is.
   */
  #embeddedIssues(text: string): unknown[] | undefined {
    const trimmed = text.trim();
    if (!trimmed.startsWith('[') || !trimmed.endsWith(']') || trimmed.length > MAX_EMBEDDED_LENGTH || this.#embedded >= MAX_EMBEDDED)
      return undefined;
    this.#embedded += 1;
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed) as unknown;
    } catch {
      return undefined;
    }
    return Array.isArray(parsed) && parsed.slice(0, MAX_PARTS).some((item) => isObject(item) && entryNames(item).length > 0)
      ? parsed
      : undefined;
  }

  /** One entry of a list of errors: its text, prefixed by the property it points at. */
  entry(entry: Json, depth: number): void {
    const [name, ...more] = entryNames(entry);
    if (name !== undefined) this.#structured = true;
    for (const other of more) this.name(other);
    const text = ENTRY_TEXT_KEYS.map((k) => entry[k]).find(isText);
    if (text !== undefined) this.part(text, name);
    else if (name !== undefined) this.part('refused', name);
    // A list of its own (`errors`, `issues`, Google's `fieldViolations` inside an entry) says more.
    for (const [key, value] of Object.entries(entry)) {
      if (!this.#visit()) return;
      if (!Array.isArray(value) || isPathKey(key)) continue;
      if (MESSAGE_KEYS.has(key.toLowerCase()) || value.some(isObject)) this.list(value, depth + 1);
    }
  }

  /** A map of property to errors: each text prefixed by its key, which names the property; a location key is looked through. */
  map(errors: Json, depth: number): void {
    if (depth > MAX_DEPTH) return;
    for (const [key, value] of Object.entries(errors)) {
      if (!this.#visit()) return;
      if (isObject(value) && isLocationWord(key)) {
        this.value(value, depth + 1);
        continue;
      }
      const name = NOT_A_FIELD.has(key.toLowerCase()) ? undefined : keyName(key);
      for (const text of this.#texts(value, depth + 1)) this.part(text, name);
    }
  }

  /** The sentences a map's value holds: itself, its list, or the texts of its entries and nested maps. */
  #texts(value: unknown, depth: number): string[] {
    if (depth > MAX_DEPTH || !this.#visit()) return [];
    if (isText(value)) return [value];
    const localized = localizedText(value);
    if (localized !== undefined) return [localized];
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

  /**
   * The last resort: every string leaf of the body in document order, but for the code and what says when or
   * which request (timestamps, ids, the request's path); those too when nothing else is there.
   */
  leaves(body: unknown, code: string | undefined): void {
    const said: string[] = [];
    const noise: string[] = [];
    const stack: { value: unknown; depth: number; noisy: boolean }[] = [{ value: body, depth: 0, noisy: false }];
    let visited = 0;
    while (stack.length > 0 && visited < MAX_NODES && said.length < MAX_PARTS) {
      const { value, depth, noisy } = stack.pop() as { value: unknown; depth: number; noisy: boolean };
      visited += 1;
      if (typeof value === 'string') {
        if (value.trim() !== '') (noisy || value === code ? noise : said).push(value);
      } else if (depth < MAX_LEAF_DEPTH && Array.isArray(value)) {
        for (let i = Math.min(value.length, MAX_NODES) - 1; i >= 0; i -= 1) stack.push({ value: value[i], depth: depth + 1, noisy });
      } else if (depth < MAX_LEAF_DEPTH && isObject(value)) {
        const entries = Object.entries(value).slice(0, MAX_NODES);
        for (let i = entries.length - 1; i >= 0; i -= 1) {
          const [key, inner] = entries[i] as [string, unknown];
          stack.push({ value: inner, depth: depth + 1, noisy: noisy || NOISE_KEYS.has(key.toLowerCase()) });
        }
      }
    }
    for (const text of said.length > 0 ? said : noise.slice(0, MAX_PARTS)) this.part(text);
  }

  /**
   * The sentences joined. Beside a list of issues with paths, a text that renders the schema (Effect's ParseError
   * opens with the whole expected type) says nothing of the request the list does not: the list is the message.
   */
  message(): string | undefined {
    const parts = this.#structured ? this.#parts.filter((p) => !this.#renderings.has(p)) : this.#parts;
    if (parts.length === 0) return undefined;
    const more = this.#dropped === 0 ? '' : `; … (${this.#dropped} more)`;
    return cut(parts.join('; '), MAX_MESSAGE - more.length) + more;
  }
}

/** At most `max` characters; a longer text keeps its start and says how long it was. */
function cut(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const suffix = `… (${trimmed.length} characters)`;
  return trimmed.slice(0, Math.max(0, max - suffix.length)) + suffix;
}
