/**
 * One exchange the engine recorded as one HAR entry. Pure: the exchange and what ties it to a case in, the
 * entry out, every string through the run's redaction step on the way.
 */
import { STATUS_CODES } from 'node:http';
import { isCredentialHeader, redactAuthorization, REDACTED } from '../http/redact.js';
import type { Exchange } from '../http/types.js';
import type { Redactor } from '../redaction/redactor.js';
import type { HarEntry, HarNameValue, HarPostData, HarRequest, HarResponse } from './types.js';

/** What ties an exchange to the report: the case that sent it and its suite file. */
export interface EntryTags {
  /** The cases that sent it or judged it, the sender first. */
  cases?: readonly string[];
  suite?: string;
}

/** A body the HAR keeps only the start of: bytes kept, of how many. */
export interface BodyCut {
  kept: number;
  of: number;
}

export interface BodyCuts {
  request?: BodyCut;
  response?: BodyCut;
}

/** The shell variable the token is shown as, the same as in the report's cURL commands. */
export const TOKEN_VARIABLE = '$ACCESS_TOKEN';

type Redact = Pick<Redactor, 'redact' | 'redactField'>;

/** A credential header keeps its scheme and shows the token as $ACCESS_TOKEN, whatever it held. */
function headerValue(name: string, value: string, redactor: Redact): string {
  if (!isCredentialHeader(name)) return redactor.redactField(value);
  return redactor.redactField(redactAuthorization(value)).replace(REDACTED, TOKEN_VARIABLE);
}

function harHeaders(headers: Record<string, string>, redactor: Redact): HarNameValue[] {
  return Object.entries(headers).map(([name, value]) => ({ name: redactor.redactField(name), value: headerValue(name, value, redactor) }));
}

function headerOf(headers: Record<string, string>, wanted: string): string | undefined {
  for (const name in headers) if (name.toLowerCase() === wanted) return headers[name];
  return undefined;
}

/** The query of a URL as HAR lists it; a URL that does not parse has none. */
function queryOf(url: string): HarNameValue[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function responseComment(exchange: Exchange, cut: BodyCut | undefined): string | undefined {
  if (cut !== undefined) {
    const more = exchange.responseBodyTruncated ? ' (cut there at MAX_RECORDED_BODY_BYTES: the target sent more)' : '';
    return `body cut after ${cut.kept} bytes in this HAR; the run recorded ${cut.of} bytes${more}`;
  }
  if (exchange.responseBodyTruncated) {
    return `body cut after ${Buffer.byteLength(exchange.responseBody)} bytes (MAX_RECORDED_BODY_BYTES): the target sent more, which was not read`;
  }
  return undefined;
}

function harRequest(exchange: Exchange, redactor: Redact, cuts: BodyCuts): HarRequest {
  const requestBody = exchange.requestBody === undefined ? undefined : redactor.redact(exchange.requestBody);
  const postData: HarPostData | undefined =
    requestBody === undefined
      ? undefined
      : {
          mimeType: redactor.redactField(headerOf(exchange.requestHeaders, 'content-type') ?? ''),
          text: requestBody,
          ...(cuts.request !== undefined
            ? { comment: `body cut after ${cuts.request.kept} bytes in this HAR; ${cuts.request.of} bytes were sent` }
            : {}),
        };
  // A redacted URL must still be a URL (HAR readers parse it): the marker's brackets are percent-encoded.
  const url = redactor.redactField(exchange.url).replaceAll(REDACTED, encodeURIComponent(REDACTED));
  return {
    method: redactor.redactField(exchange.method),
    url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: harHeaders(exchange.requestHeaders, redactor),
    queryString: queryOf(url),
    ...(postData !== undefined ? { postData } : {}),
    headersSize: -1,
    bodySize: cuts.request?.of ?? (exchange.requestBody === undefined ? 0 : Buffer.byteLength(exchange.requestBody)),
  };
}

function harResponse(exchange: Exchange, redactor: Redact, cuts: BodyCuts): HarResponse {
  const answered = exchange.status !== null;
  const recordedBytes = Buffer.byteLength(exchange.responseBody);
  const status = exchange.status ?? 0;
  const comment = responseComment(exchange, cuts.response);
  const location = headerOf(exchange.responseHeaders, 'location');
  return {
    status,
    statusText: answered ? (STATUS_CODES[status] ?? '') : '',
    httpVersion: answered ? 'HTTP/1.1' : '',
    cookies: [],
    headers: harHeaders(exchange.responseHeaders, redactor),
    content: {
      size: cuts.response?.of ?? recordedBytes,
      mimeType: redactor.redactField(headerOf(exchange.responseHeaders, 'content-type') ?? 'x-unknown'),
      text: redactor.redact(exchange.responseBody),
      ...(comment !== undefined ? { comment } : {}),
    },
    redirectURL: location === undefined ? '' : redactor.redactField(location),
    headersSize: -1,
    bodySize: exchange.responseBodyTruncated || !answered ? -1 : (cuts.response?.of ?? recordedBytes),
  };
}

export function harEntry(exchange: Exchange, tags: EntryTags, redactor: Redact, cuts: BodyCuts = {}): HarEntry {
  const entry: HarEntry = {
    startedDateTime: exchange.startedAt,
    time: exchange.durationMs,
    request: harRequest(exchange, redactor, cuts),
    response: harResponse(exchange, redactor, cuts),
    cache: {},
    // The engine times the whole exchange, retries and their waits included, not its phases: all of it is
    // put under wait, and the phases it does not see are -1 (not known), as the format says.
    timings: {
      blocked: -1,
      dns: -1,
      connect: -1,
      ssl: -1,
      send: 0,
      wait: exchange.durationMs,
      receive: 0,
      ...(exchange.attempts > 1 ? { comment: `over ${exchange.attempts} attempts, with the waits between them` } : {}),
    },
    _attempts: exchange.attempts,
    _retriedStatuses: [...exchange.retriedStatuses],
    ...(tags.cases !== undefined && tags.cases.length > 0 ? { _case: redactor.redactField(tags.cases[0] as string) } : {}),
    ...(tags.cases !== undefined && tags.cases.length > 1 ? { _cases: tags.cases.map((c) => redactor.redactField(c)) } : {}),
    ...(tags.suite !== undefined ? { _suite: redactor.redactField(tags.suite) } : {}),
    ...(exchange.failure !== undefined
      ? { _failure: { kind: exchange.failure.kind, message: redactor.redact(exchange.failure.message) } }
      : {}),
  };
  return entry;
}
