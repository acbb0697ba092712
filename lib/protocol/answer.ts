/**
 * What a protocol case has to judge: the target's answer to one exchange, or why there is none,
 * and that answer in plain words for findings.
 */
import type { Exchange } from '../http/types.js';
import { readExchange } from '../answer/read-exchange.js';
import { bodyCut } from '../http/recorded-body.js';
import { isRedirectStatus, isSuccessStatus } from '../http/status.js';
import { checkErrorBody } from '../schema/validate-error-body.js';
import { readErrorBody } from '../error-body/read-error-body.js';
import { ruleWords } from './error-rule.js';

export type ProtocolAnswer = { kind: 'answered'; status: number } | { kind: 'no-answer'; reason: string };

/**
 * The protocol cases' policy over the one reading (lib/answer/read-exchange.ts): a status, a 5xx that
 * outlasted the engine's retries included, is the target's answer: the request reached it and it kept
 * failing on that request, which is what spec §7 rule 1 judges for a malformed body. A hang and every
 * other failure say nothing about how the target treats the request, so the case ends in ERROR.
 */
export function answerOf(exchange: Exchange): ProtocolAnswer {
  const reading = readExchange(exchange);
  return reading.kind === 'status' ? { kind: 'answered', status: reading.status } : { kind: 'no-answer', reason: reading.reason };
}

const HEADER_SHOWN_CHARS = 160;
const shorten = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}...` : text);

/** The shape of a 2xx body in a few words: keys of a JSON object, never its values. */
function bodyShape(raw: string): string {
  if (raw.trim() === '') return 'no body';
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return 'a body that is not JSON';
  }
  if (Array.isArray(parsed)) return 'a JSON array';
  if (parsed === null || typeof parsed !== 'object') return `the JSON ${parsed === null ? 'null' : typeof parsed}`;
  const keys = Object.keys(parsed);
  if (keys.length === 0) return 'an empty JSON object';
  const shown = keys.slice(0, 8).join(', ');
  return `a JSON object with ${shown}${keys.length > 8 ? `, ... (${keys.length} keys)` : ''}`;
}

const MESSAGE_SHOWN_CHARS = 160;

/**
 * What an error body is: the §7 error object with its code, or what else it is and what it says (lib/error-body
 * reads any framework's JSON, or the text). Why it is not the §7 object is the judge's to say, once.
 */
function errorBodyWords(raw: string, contentType: string | undefined): string {
  if (raw.trim() === '') return 'no body';
  const check = checkErrorBody(raw);
  if (check.valid) return `the §7 error object with error.code ${check.code ?? '(none)'}`;
  const reading = readErrorBody(raw, contentType);
  const said = reading.message === undefined ? '' : `: ${JSON.stringify(shorten(reading.message, MESSAGE_SHOWN_CHARS))}`;
  // Under the document's own refusals the §7 object is no yardstick: the body is described as it is.
  const { declared } = ruleWords();
  if (reading.form === 'text') return `a ${mediaType(contentType) ?? 'text'} body${declared ? '' : ', not the §7 error object'}${said}`;
  const code = reading.code === undefined ? '' : ` with code ${JSON.stringify(shorten(reading.code, MESSAGE_SHOWN_CHARS))}`;
  return `a JSON body${declared ? '' : ' that is not the §7 error object'}${code}${said}`;
}

/** `text/plain` of `text/plain; charset=utf-8`, when it looks like a media type. */
function mediaType(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type !== undefined && /^[a-z0-9.+-]{1,40}\/[a-z0-9.+-]{1,80}$/.test(type) ? type : undefined;
}

/**
 * The answer in plain words, e.g. `401 with WWW-Authenticate: Bearer realm="x", the §7 error object
 * with error.code unauthenticated` or `401 without a WWW-Authenticate header, no body`.
 * Values of 2xx bodies are never quoted (a listing may hold other subscriptions' clientState).
 */
export function describeAnswer(exchange: Exchange): string {
  const answer = answerOf(exchange);
  if (answer.kind === 'no-answer') return `no answer (${answer.reason})`;
  const { status } = answer;
  const headers = exchange.responseHeaders;
  const parts: string[] = [];
  let head = String(status);
  if (exchange.failure?.kind === 'server') head += ` after ${exchange.attempts} attempts`;
  const challenge = headers['www-authenticate'];
  if (challenge !== undefined) head += ` with WWW-Authenticate: ${shorten(challenge, HEADER_SHOWN_CHARS)}`;
  else if (status === 401) head += ' without a WWW-Authenticate header';
  parts.push(head);
  const allow = headers['allow'];
  if (allow !== undefined) parts.push(`Allow: ${shorten(allow, HEADER_SHOWN_CHARS)}`);
  const location = headers['location'];
  if (isRedirectStatus(status))
    parts.push(location !== undefined ? `redirect to ${shorten(location, HEADER_SHOWN_CHARS)}` : 'redirect without a Location');
  const cut = bodyCut(exchange);
  if (cut !== undefined && status >= 200) parts.push(`a ${cut}, not judged`);
  else if (isSuccessStatus(status)) parts.push(bodyShape(exchange.responseBody));
  else if (status >= 400) parts.push(errorBodyWords(exchange.responseBody, headers['content-type']));
  return parts.join(', ');
}
