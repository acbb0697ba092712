/**
 * Where a list page's next link points. A link is followed only when it is under BASE_URL (same origin, below its
 * path): the engine then sends it with the token as any other request. A link to another origin is counted and
 * never followed, so that the token never leaves BASE_URL's origin.
 */
import { isObject } from '../json.js';

/** `@odata.nextLink` of a JSON page, else the `Link` header's `rel="next"` target; undefined when neither. */
export function nextLinkOf(body: unknown, linkHeader: string | undefined): string | undefined {
  const odata = isObject(body) ? body['@odata.nextLink'] : undefined;
  if (typeof odata === 'string' && odata !== '') return odata;
  if (linkHeader === undefined) return undefined;
  for (const part of linkHeader.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match !== null && /(^|;)\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2] ?? '')) return match[1];
  }
  return undefined;
}

export type LinkPlace =
  /** Under BASE_URL: the path (with query) to send, relative to BASE_URL. */
  | { kind: 'follow'; path: string }
  /** Another origin: never followed with the token. */
  | { kind: 'off-origin'; origin: string }
  /** BASE_URL's origin, but not below its path: not followed either. */
  | { kind: 'outside-base' }
  | { kind: 'invalid' };

export function placeOf(link: string, baseUrl: string): LinkPlace {
  const base = new URL(baseUrl);
  let url: URL;
  try {
    url = new URL(link, base);
  } catch {
    return { kind: 'invalid' };
  }
  if (url.origin !== base.origin) return { kind: 'off-origin', origin: url.origin };
  const prefix = base.pathname.replace(/\/+$/, '');
  if (prefix !== '' && !(url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))) return { kind: 'outside-base' };
  return { kind: 'follow', path: `${url.pathname.slice(prefix.length)}${url.search}` };
}
