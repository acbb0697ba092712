/**
 * The id of an instance a campaign created for its consumers, read from the create's answer in one order: the link's
 * runtime expression (`$response.body#/id`, `$response.header.Location`), the `Location` header's last segment, the
 * body's `id`. The id is the target's word and goes into a path: it must be one segment, never a dot segment, of
 * bounded length (lib/operation/safe-id.ts), else it is refused with the reason and never sent.
 */
import { parseRecordedBody } from '../http/recorded-body.js';
import type { Exchange } from '../http/types.js';
import { readPointer } from '../operation/description/json-pointer.js';
import { bodyPointer, headerName } from '../operation/openapi/links.js';
import { showId, unsafeIdReason } from '../operation/safe-id.js';

export type InstanceId =
  | { ok: true; id: string; from: string }
  /** `unsafe`: the id found, as it may be shown, when it was refused for what it is (not for being absent). */
  | { ok: false; reason: string; unsafe?: string };

/** The last segment of a URL or path as sent, decoded once, without resolving dot segments (a URL parser would). */
function lastSegment(value: string): string | undefined {
  const path = value.split(/[?#]/)[0] ?? '';
  const segment = path.split('/').pop();
  // A path ending in a slash names no item: no id is guessed from the segment before it.
  if (segment === undefined || segment === '') return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A header's value as an id: a URL or path gives its last segment; a plain token is the id. */
function idOfHeader(value: string): string | undefined {
  return value.includes('/') ? lastSegment(value) : value;
}

function idOfValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

/** Each place the id may be, in order: [where, the value there]. */
function candidates(exchange: Exchange, expression: string | undefined): [string, string | undefined][] {
  const body = parseRecordedBody(exchange);
  const out: [string, string | undefined][] = [];
  const pointer = expression === undefined ? undefined : bodyPointer(expression);
  const header = expression === undefined ? undefined : headerName(expression);
  if (pointer !== undefined) out.push([`the body at ${pointer === '' ? '/' : pointer}`, idOfValue(readPointer(body, pointer))]);
  if (header !== undefined) {
    const value = exchange.responseHeaders[header];
    out.push([`its ${header} header`, value === undefined ? undefined : idOfHeader(value)]);
  }
  const location = exchange.responseHeaders['location'];
  out.push(["its Location's last segment", location === undefined ? undefined : lastSegment(location)]);
  out.push(['the body at /id', idOfValue(readPointer(body, '/id'))]);
  return out;
}

/** The id the answer names, where it was found; or why there is none or it may not be put in a path. */
export function instanceId(exchange: Exchange, expression: string | undefined): InstanceId {
  const found = candidates(exchange, expression).find(([, id]) => id !== undefined);
  if (found === undefined || found[1] === undefined) {
    const where = expression === undefined ? '' : ` (the link says ${expression})`;
    return { ok: false, reason: `its answer named no id${where}, in no Location and no body id` };
  }
  const [from, id] = found;
  const unsafe = unsafeIdReason(id);
  if (unsafe !== undefined)
    return { ok: false, reason: `the id in ${from} is refused: ${unsafe}; nothing was sent with it`, unsafe: showId(id) };
  return { ok: true, id, from };
}

/** An id as the console and the index show it: escaped, and cut to its first 12 characters. */
export function shortId(id: string): string {
  const shown = showId(id);
  return shown.length > 14 ? `${shown.slice(0, 12)}…` : shown;
}
