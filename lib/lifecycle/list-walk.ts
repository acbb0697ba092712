/**
 * Reads a list of subscriptions page by page, looking for one of them. It reads every page's next link, the page
 * holding the one sought included, and follows those under BASE_URL only (next-link.ts), at most `maxPages` pages
 * and `maxMs` of wall time, and never the same link twice; a link to another origin is counted and left. The sender is given (the engine through the case's client), so this module
 * sends nothing of its own and a test can hand it any pages.
 */
import { isSuccessStatus } from '../http/status.js';
import type { Exchange, RequestSpec } from '../http/types.js';
import { isObject } from '../json.js';
import { bodyOf } from './judge.js';
import { nextLinkOf, placeOf } from './next-link.js';

export interface ListWalkBounds {
  maxPages: number;
  maxMs: number;
}

/** A run's own few subscriptions fit in a few pages; a target with many more is not read to its end. */
export const LIST_BOUNDS: ListWalkBounds = { maxPages: 10, maxMs: 60_000 };

/** The list read to count what the target holds when its quota is full: enough pages for an app's quota of a few hundred. */
export const COUNT_BOUNDS: ListWalkBounds = { maxPages: 5, maxMs: 20_000 };

export interface ListWalk {
  /** The first page's exchange (undefined only when nothing was sent). */
  first: Exchange | undefined;
  exchanges: Exchange[];
  /** Pages answered 2xx with a JSON `value` array. */
  pages: number;
  /** Entries on the pages read (all of the list's unless `stopped`). */
  entries: number;
  /** The created subscription's entry, when a page held it. */
  entry: Record<string, unknown> | undefined;
  /** null when no page could be read. */
  containsCreated: boolean | null;
  offOriginLinks: number;
  /** Why the walk ended before the last page, when it did, in plain words. */
  stopped?: string;
}

export async function walkList(
  send: (request: RequestSpec) => Promise<Exchange>,
  collectionPath: string,
  baseUrl: string,
  isTheOne: (entry: Record<string, unknown>) => boolean,
  bounds: ListWalkBounds = LIST_BOUNDS,
  now: () => number = Date.now,
): Promise<ListWalk> {
  const walk: ListWalk = {
    first: undefined,
    exchanges: [],
    pages: 0,
    entries: 0,
    entry: undefined,
    containsCreated: null,
    offOriginLinks: 0,
  };
  const seen = new Set<string>([collectionPath]);
  const started = now();
  // Pages not read may hold it: a walk that stops early before it was found does not know whether the list has it.
  const stop = (stopped: string, offOrigin = 0): ListWalk => ({
    ...walk,
    containsCreated: walk.entry !== undefined ? true : null,
    offOriginLinks: walk.offOriginLinks + offOrigin,
    stopped,
  });
  let path: string | undefined = collectionPath;
  while (path !== undefined) {
    if (walk.exchanges.length >= bounds.maxPages) return stop(`stopped after ${bounds.maxPages} pages`);
    if (now() - started > bounds.maxMs) return stop(`stopped after ${Math.round(bounds.maxMs / 1000)} s`);
    const exchange = await send({ method: 'GET', path });
    walk.exchanges.push(exchange);
    walk.first ??= exchange;
    const body = bodyOf(exchange);
    const value = isObject(body) ? body['value'] : undefined;
    if (!isSuccessStatus(exchange.status) || !Array.isArray(value)) return walk;
    walk.pages += 1;
    walk.entries += value.length;
    walk.containsCreated ??= false;
    const entry = value.find((v): v is Record<string, unknown> => isObject(v) && isTheOne(v));
    if (entry !== undefined && walk.entry === undefined) {
      walk.entry = entry;
      walk.containsCreated = true;
    }
    const link = nextLinkOf(body, exchange.responseHeaders['link']);
    if (link === undefined) return walk;
    const place = placeOf(link, baseUrl);
    if (place.kind === 'off-origin') return stop(`a next link to another origin (${place.origin}) was not followed`, 1);
    if (place.kind !== 'follow')
      return stop(`a next link ${place.kind === 'invalid' ? 'that is not a URL' : 'outside BASE_URL'} was not followed`);
    if (seen.has(place.path)) return stop('a next link pointed back to a page already read');
    seen.add(place.path);
    path = place.path;
  }
  return walk;
}
