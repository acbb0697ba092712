/**
 * Error bodies in the profile's shape.
 *   drive-v2: {"error": {"code", "message", "innererror": {"code"}}}  modelled on public reports (onedrive-api-docs errors)
 *   graph:    {"error": {"code", "message", "innerError": {"date", "request-id", "client-request-id"}}}  modelled on public reports (Graph errors)
 *   sharepoint: {"error": {"code", "message": {"lang", "value"}}}  modelled on public reports (SharePoint's OData-verbose errors)
 *   fastapi:  a body refused for its content is 422 {"detail": [{"type", "loc": ["body", property], "msg"}]}, any other
 *             error {"detail": message}: FastAPI's defaults (reference choice: a service written with a framework
 *             that is not the spec's, so that the suites' reading of other frameworks' errors has a target)
 * The innererror code (e.g. `readOnlyProperty`) is a reference choice: a finer reason a test can assert on.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { jsonAnswer, type Answer } from './answer.js';
import type { ReferenceProfile } from './profile-types.js';

/** Per-request facts that error bodies and headers echo. */
export interface RequestIds {
  requestId: string;
  /** The caller's `client-request-id` header, when it sent a printable one. */
  clientRequestId: string | undefined;
  nowMs: number;
}

/** A fresh request id, and the caller's client-request-id when it is printable and short enough to echo. */
export function requestIds(req: IncomingMessage): RequestIds {
  const given = req.headers['client-request-id'];
  const clientRequestId = typeof given === 'string' && /^[\x20-\x7e]{1,200}$/.test(given) ? given : undefined;
  return { requestId: randomUUID(), clientRequestId, nowMs: Date.now() };
}

export function idHeaders(ids: RequestIds): Record<string, string> {
  const headers: Record<string, string> = { 'request-id': ids.requestId };
  if (ids.clientRequestId !== undefined) headers['client-request-id'] = ids.clientRequestId;
  return headers;
}

export function errorAnswer(
  profile: ReferenceProfile,
  status: number,
  code: string,
  message: string,
  innerCode: string,
  ids: RequestIds,
  headers: Record<string, string> = {},
): Answer {
  if (profile.errors.shape === 'fastapi') return jsonAnswer(status, { detail: message }, { ...idHeaders(ids), ...headers });
  // modelled on public reports (sp-dev-docs #3430): SharePoint's OData-verbose error, the text under message.value
  if (profile.errors.shape === 'sharepoint')
    return jsonAnswer(status, { error: { code, message: { lang: 'en-US', value: message } } }, { ...idHeaders(ids), ...headers });
  const error =
    profile.errors.shape === 'graph'
      ? {
          code,
          message,
          innerError: {
            date: new Date(ids.nowMs).toISOString().replace(/\.\d{3}Z$/, ''),
            'request-id': ids.requestId,
            'client-request-id': ids.clientRequestId ?? ids.requestId,
          },
        }
      : { code, message, innererror: { code: innerCode } };
  return jsonAnswer(status, { error }, { ...idHeaders(ids), ...headers });
}

/**
 * A body refused for its content (its JSON, its fields, a value): the profile's error, or FastAPI's 422
 * with the property in `loc` when the profile writes FastAPI's errors.
 */
export function refusedBodyAnswer(
  profile: ReferenceProfile,
  message: string,
  innerCode: string,
  ids: RequestIds,
  status: number,
  property?: string,
): Answer {
  if (profile.errors.shape !== 'fastapi') return errorAnswer(profile, status, profile.errors.codes.invalidRequest, message, innerCode, ids);
  const loc = property === undefined ? ['body'] : ['body', property];
  return jsonAnswer(422, { detail: [{ type: innerCode, loc, msg: message }] }, idHeaders(ids));
}
