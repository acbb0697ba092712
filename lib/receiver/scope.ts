/**
 * Scopes: a misbehaviour for one notification URL only. A case that makes the receiver answer slowly
 * or wrongly puts `{receiver url}/scope/{id}` in its body and sets the mode for that id, so the
 * receiver keeps answering every other create normally and the case can run beside the cases that
 * send (a slow receiver's wait overlaps them instead of holding the run).
 */
const SCOPE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SCOPED_PATH = /\/scope\/([A-Za-z0-9_-]{1,64})$/;

/** Scopes held at once, at most: a scope is dropped when its mode goes back to normal. */
export const MAX_SCOPES = 64;

/** Throws a RangeError for an id that cannot name a scope. */
export function checkScope(scope: string, api = 'setMode'): string {
  if (!SCOPE_ID.test(scope))
    throw new RangeError(`${api}: a scope is 1 to 64 letters, digits, "_" or "-", got ${JSON.stringify(scope.slice(0, 80))}`);
  return scope;
}

/** The notification URL of a scope: the receiver's URL (without a trailing "/") and /scope/{id}. */
export function scopedUrl(receiverUrl: string, scope: string): string {
  return `${receiverUrl.replace(/\/+$/, '')}/scope/${checkScope(scope, 'scopedUrl')}`;
}

/** The scope a request path names, if any. */
export function scopeOf(path: string): string | undefined {
  return SCOPED_PATH.exec(path)?.[1];
}
