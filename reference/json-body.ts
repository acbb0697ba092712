/**
 * A create's body as a JSON object, or the 400 that says why it is not one: the checks every create of the
 * reference makes before its own rules (the content type, UTF-8, JSON, an object).
 */
import type { Answer } from './answer.js';
import { invalid, type ApiContext, type ApiRequest } from './api-context.js';
import { isJsonContentType } from './content-type.js';

export type JsonBody = { ok: true; body: Record<string, unknown> } | { ok: false; answer: Answer };

export function jsonObjectBody(ctx: ApiContext, req: ApiRequest): JsonBody {
  const refuse = (message: string, code: string, status?: number): JsonBody => ({ ok: false, answer: invalid(ctx, message, code, status) });
  if (!isJsonContentType(req.headers['content-type'])) {
    const status = ctx.profile.request.wrongContentTypeStatus;
    return refuse('The request body must be JSON (Content-Type: application/json).', 'unsupportedContentType', status);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(req.body);
  } catch {
    return refuse('The request body is not valid UTF-8.', 'malformedBody');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text); // duplicate keys: the last one wins (reference choice, as JSON.parse does)
  } catch {
    return refuse('The request body is not valid JSON.', 'malformedJson');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return refuse('The request body must be a JSON object.', 'notAnObject');
  return { ok: true, body: parsed as Record<string, unknown> };
}
