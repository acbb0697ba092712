/**
 * The error a service relays from a workload behind it. Microsoft Graph answers 400, 403 or 429 and names the
 * workload's own status in the text: `Operation: Create; Exception: [Status Code: Conflict; Reason: A subscription
 * already exists. ...]`. That inner status says what the outer one hides (a conflict with existing state, a quota),
 * so it is read apart: the status as the text spells it and as a number, the reason beside it, and the inner code of
 * `error.innerError.code`.
 *
 * Bounded: the message it reads is already cut at MAX_MESSAGE; no pattern here backtracks over more than one run of
 * spaces; at most MAX_KEYS keys of the `error` object are looked at.
 */
import { STATUS_CODES } from 'node:http';
import { isObject } from '../json.js';

export interface InnerError {
  /** The HTTP status the relayed error names, as a number (Conflict -> 409, Forbidden -> 403, "429" -> 429, Not Found -> 404, Too Many Requests -> 429, Bad Request -> 400 ...), when it names one the reader knows. */
  status?: number;
  /** The status as the text spells it ("Conflict", "429"). */
  statusText?: string;
  /** The reason the relayed error gives ("A subscription already exists. It must be deleted before a another can be made."). */
  reason?: string;
  /** An inner code: error.innerError.code / error.innererror.code (any letter case of innerError), when it is a string. */
  code?: string;
}

/** Characters kept of a status as spelled and of an inner code. */
const MAX_STATUS_TEXT = 60;
const MAX_CODE = 200;
/** Keys of the `error` object looked at for `innerError`. */
const MAX_KEYS = 256;

/** `Status Code: Conflict`, `status code : 409`, `StatusCode=429`: where the status starts. */
const STATUS_MARK = /\bstatus[ \t_-]*code[ \t]*[:=][ \t]*/i;
/** `Reason: ...`: where the reason starts. */
const REASON_MARK = /\breason[ \t]*:[ \t]*/i;

/**
 * Reason phrases by their letters only, lower case (`notfound`), to the status: Node's table (RFC 9110's phrases),
 * and the .NET `HttpStatusCode` names that spell a status otherwise (a relayed .NET exception prints those).
 */
const STATUS_BY_NAME: ReadonlyMap<string, number> = new Map([
  ...Object.entries(STATUS_CODES).flatMap(([code, phrase]) => (phrase === undefined ? [] : [[letters(phrase), Number(code)] as const])),
  ['ambiguous', 300],
  ['moved', 301],
  ['redirect', 302],
  ['redirectmethod', 303],
  ['redirectkeepverb', 307],
  ['requestentitytoolarge', 413],
  ['requesturitoolong', 414],
  ['requestedrangenotsatisfiable', 416],
  ['unprocessablecontent', 422],
]);

/** The relayed error of a body: from its message's text and its `error.innerError`; undefined when none is there. */
export function innerErrorOf(message: string | undefined, body?: unknown): InnerError | undefined {
  const inner: InnerError = { ...fromText(message ?? ''), ...codeOf(body) };
  return Object.keys(inner).length === 0 ? undefined : inner;
}

/** The status and reason a text names; the reason is read only beside a status, where the text relays an error. */
function fromText(text: string): InnerError {
  const mark = STATUS_MARK.exec(text);
  if (mark === null) return {};
  const statusText = upTo(text.slice(mark.index + mark[0].length), /[;\]\r\n,]/, MAX_STATUS_TEXT);
  const out: InnerError = {};
  if (statusText !== '') {
    out.statusText = statusText;
    const status = statusOf(statusText);
    if (status !== undefined) out.status = status;
  }
  const reasonMark = REASON_MARK.exec(text);
  if (reasonMark !== null) {
    const reason = upTo(text.slice(reasonMark.index + reasonMark[0].length), /\]/, text.length);
    if (reason !== '') out.reason = reason;
  }
  return out;
}

/** The text up to the first character `end` matches (or its end), trimmed, at most `max` characters. */
function upTo(text: string, end: RegExp, max: number): string {
  const at = text.search(end);
  return (at === -1 ? text : text.slice(0, at)).trim().slice(0, max).trim();
}

/** `429`, `409 Conflict`, `Conflict`, `Too Many Requests`, `TooManyRequests`: the number, when the reader knows it. */
export function statusOf(text: string): number | undefined {
  const digits = /^(\d{3})(?!\d)/.exec(text.trim());
  if (digits !== null) {
    const status = Number(digits[1]);
    return status >= 100 && status <= 599 ? status : undefined;
  }
  return STATUS_BY_NAME.get(letters(text));
}

function letters(text: string): string {
  return text.toLowerCase().replace(/[^a-z]/g, '');
}

/** `error.innerError.code` (any letter case of innerError), when it is a string. */
function codeOf(body: unknown): InnerError {
  if (!isObject(body)) return {};
  const error = body['error'];
  if (!isObject(error)) return {};
  let seen = 0;
  for (const key in error) {
    seen += 1;
    if (seen > MAX_KEYS) break;
    if (key.toLowerCase() !== 'innererror') continue;
    const inner = error[key];
    const code = isObject(inner) ? inner['code'] : undefined;
    if (typeof code === 'string' && code.trim() !== '') return { code: code.trim().slice(0, MAX_CODE) };
  }
  return {};
}
