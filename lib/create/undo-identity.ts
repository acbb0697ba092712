/**
 * What undoes one accepted create, or why nothing can: the one reading the undo guard (./undo-guard.ts) makes of
 * a 2xx create, in the words every later sentence reuses (no delete path known, no id, cut off, unsafe id).
 */
import { parseRecordedBody } from '../http/recorded-body.js';
import type { Exchange } from '../http/types.js';
import { safeDeletePath, showId } from '../operation/safe-id.js';
import type { OperationSpec } from '../operation/types.js';
import { defaultIdFrom, NO_DELETE_PATH } from './undo-plan.js';

export type UndoIdentity =
  | { ok: true; id: string; path: string }
  | { ok: false; why: 'no-delete-path' | 'no-id' | 'cut-off' | 'unsafe-id'; id?: string; text: string };

/** The id a 2xx create's answer names: by the cleanup's rule, else at /id. Never throws on the target's body. */
export function answeredId(
  cleanup: OperationSpec['cleanup'],
  exchange: Pick<Exchange, 'responseBody' | 'responseBodyTruncated'>,
): string | undefined {
  const body = parseRecordedBody(exchange);
  try {
    return (cleanup?.idFrom ?? defaultIdFrom)(body);
  } catch {
    return undefined; // an operation's idFrom may not expect a body that is not an object
  }
}

export function undoIdentity(
  cleanup: OperationSpec['cleanup'],
  exchange: Pick<Exchange, 'responseBody' | 'responseBodyTruncated'>,
): UndoIdentity {
  const id = answeredId(cleanup, exchange);
  if (id === undefined) {
    return exchange.responseBodyTruncated
      ? { ok: false, why: 'cut-off', text: 'its answer was cut at MAX_RECORDED_BODY_BYTES before naming an id' }
      : { ok: false, why: 'no-id', text: 'its answer names no id' };
  }
  if (cleanup === undefined) return { ok: false, why: 'no-delete-path', id, text: NO_DELETE_PATH };
  const safe = safeDeletePath(cleanup.deletePath, id);
  if (!safe.ok) return { ok: false, why: 'unsafe-id', id: showId(id), text: `${safe.reason}; no DELETE sent` };
  return { ok: true, id, path: safe.path };
}
