/**
 * A delete path learned from the Location header of an accepted create, when neither the description nor
 * DELETE_PATH gives one. The header is the target's word: it is followed only when it resolves to this base URL's
 * origin, below its path, with no dot segment as sent, ends in the id the answer's body names, and the template it gives passes the same check
 * as DELETE_PATH (no query, no dot segment, {id} once).
 */
import { deletePathParser } from '../config/undo-parsers.js';
import type { Exchange } from '../http/types.js';
import { unsafePathReason } from '../operation/safe-id.js';

/** Longest Location read: a longer one is not followed. */
const MAX_LOCATION = 2048;

/** The delete path template (`/subscriptions/{id}`, below the base URL) a Location gives, or undefined. */
export function locationTemplate(exchange: Pick<Exchange, 'url' | 'responseHeaders'>, baseUrl: string, id: string): string | undefined {
  const location = exchange.responseHeaders['location'];
  // A dot segment is refused as sent, before URL resolution would fold it away (lib/operation/safe-id.ts).
  if (location === undefined || location.length > MAX_LOCATION || unsafePathReason(location) !== undefined) return undefined;
  let target: URL;
  let base: URL;
  try {
    target = new URL(location, exchange.url);
    base = new URL(baseUrl);
  } catch {
    return undefined;
  }
  const root = base.pathname.replace(/\/+$/, '');
  if (target.origin !== base.origin || target.search !== '' || target.hash !== '' || !target.pathname.startsWith(`${root}/`))
    return undefined;
  const below = target.pathname.slice(root.length);
  const tail = `/${encodeURIComponent(id)}`;
  if (!below.endsWith(tail)) return undefined;
  const parsed = deletePathParser.parse(`${below.slice(0, -tail.length)}/{id}`, { cwd: '/' });
  return parsed.ok ? parsed.value : undefined;
}
