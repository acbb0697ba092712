/**
 * A HAR entry read back as the engine's Exchange, so that the one reading of an answer (lib/answer) judges
 * recorded traffic as it judges a live run. Headers are read only to find the request's and the answer's
 * content type and the answer's location; nothing here prints them.
 */
import type { Exchange } from '../http/types.js';
import { isObject } from '../json.js';

function headerMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(value)) return out;
  for (const h of value) if (isObject(h) && typeof h.name === 'string' && typeof h.value === 'string') out[h.name.toLowerCase()] = h.value;
  return out;
}

/** A body this tool's HAR says was cut where the run stopped reading (MAX_RECORDED_BODY_BYTES). */
const CUT_BY_RUN = /MAX_RECORDED_BODY_BYTES/;

/** The entry as an Exchange, or undefined when it lacks a method, URL or numeric status. Status 0 is no answer. */
export function harEntryExchange(entry: unknown, seq: number): Exchange | undefined {
  if (!isObject(entry) || !isObject(entry.request) || !isObject(entry.response)) return undefined;
  const { method, url, postData } = entry.request;
  const { status, content } = entry.response;
  if (typeof method !== 'string' || typeof url !== 'string' || typeof status !== 'number') return undefined;
  const text = isObject(content) && typeof content.text === 'string' ? content.text : '';
  const comment = isObject(content) && typeof content.comment === 'string' ? content.comment : '';
  const failure = isObject(entry._failure) && typeof entry._failure.kind === 'string' ? entry._failure : undefined;
  const attempts = typeof entry._attempts === 'number' ? entry._attempts : 1;
  const retried = Array.isArray(entry._retriedStatuses) ? entry._retriedStatuses.filter((s): s is number => typeof s === 'number') : [];
  // The request's content type only: the value part leaves out a body the target was told is not JSON.
  const sentType =
    headerMap(entry.request.headers)['content-type'] ??
    (isObject(postData) && typeof postData.mimeType === 'string' && postData.mimeType !== '' ? postData.mimeType : undefined);
  return {
    seq,
    method: method.toUpperCase(),
    url,
    requestHeaders: sentType === undefined ? {} : { 'content-type': sentType },
    requestBody: isObject(postData) && typeof postData.text === 'string' ? postData.text : undefined,
    status: status === 0 ? null : status,
    responseHeaders: headerMap(entry.response.headers),
    responseBody: text,
    responseBodyTruncated: CUT_BY_RUN.test(comment),
    startedAt: typeof entry.startedDateTime === 'string' ? entry.startedDateTime : '',
    durationMs: typeof entry.time === 'number' ? entry.time : 0,
    attempts,
    retriedStatuses: retried,
    ...(failure !== undefined
      ? {
          failure: {
            kind: failure.kind as NonNullable<Exchange['failure']>['kind'],
            message: typeof failure.message === 'string' ? failure.message : '',
          },
        }
      : status === 0
        ? { failure: { kind: 'network' as const, message: 'no answer recorded (status 0)' } }
        : {}),
  };
}
