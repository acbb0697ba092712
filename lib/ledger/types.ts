/**
 * The cleanup ledger: every subscription the probe created, written down the moment the target
 * answered, so that a run that dies (SIGKILL, OOM, a CI timeout) leaves a list of what to delete.
 *
 * One JSON object per line (JSON Lines), append-only. One file per run, in one folder per target:
 * `<LEDGER_DIR>/<sha256(base URL), 16 hex>/<runId>.jsonl`. The first line names the run; then one
 * line per subscription created, and one per subscription known to be gone. Never the token.
 */

export const LEDGER_VERSION = 1;

export type LedgerTargetKind = 'configured' | 'embedded-reference';

/** First line of a run's file: who writes it and until when it may still be writing. */
export interface RunLine {
  v: typeof LEDGER_VERSION;
  op: 'run';
  runId: string;
  /** Base URL of the target (BASE_URL, or the embedded reference's loopback URL). */
  target: string;
  targetKind: LedgerTargetKind;
  /** Id of the operation the run probed (its description file's `id`); absent in files of older runs. */
  operation?: string;
  pid: number;
  host: string;
  startedAt: string;
  /** Past this instant the run's own limits (MAX_RUN_SECONDS plus its end-of-run cleanup) have stopped it. */
  activeUntil: string;
}

/** A create the target answered 2xx, with the id its answer named. */
export interface CreatedLine {
  v: typeof LEDGER_VERSION;
  op: 'created';
  runId: string;
  target: string;
  id: string;
  /** Path below the base URL that deletes it. */
  deletePath: string;
  createdAt: string;
  /** The subscription's own end, when the answer said it: past it there is nothing left to delete. */
  expiresAt?: string;
  status: number;
}

/** How a subscription left the ledger. */
export type GoneHow =
  | 'deleted' // DELETE answered 2xx
  | 'gone' // DELETE answered 404 or 410: deleted before, or expired
  | 'expired'; // its expirationDateTime has passed: no request sent

export interface DeletedLine {
  v: typeof LEDGER_VERSION;
  op: 'deleted';
  /** The run that created it. */
  runId: string;
  /** The run (or cleanup) that deleted it. */
  by: string;
  target: string;
  id: string;
  deletePath: string;
  at: string;
  how: GoneHow;
  /** Status of the DELETE; null when none was sent. */
  status: number | null;
}

/** A 2xx create whose answer named no id: it cannot be deleted by the probe. */
export interface UnidentifiedLine {
  v: typeof LEDGER_VERSION;
  op: 'unidentified';
  runId: string;
  target: string;
  at: string;
  status: number;
  reason: string;
}

/**
 * A 2xx create whose id may not be put in a path (lib/operation/safe-id.ts: `..`, `/`, `%2e`,
 * control characters): no DELETE is ever built from it, so it stays on the target.
 */
export interface UnsafeIdLine {
  v: typeof LEDGER_VERSION;
  op: 'unsafe-id';
  runId: string;
  target: string;
  /** The id as shown (control characters escaped, long ids cut): never used to build a request. */
  id: string;
  at: string;
  status: number;
  reason: string;
}

/**
 * A 2xx create whose answer named an id (safe to put in a path) while the run knew no way to delete it: the
 * description names no delete path, DELETE_PATH was unset and no Location gave one. A cleanup given DELETE_PATH
 * (or a description with an undo) later deletes it.
 */
export interface NoDeletePathLine {
  v: typeof LEDGER_VERSION;
  op: 'no-delete-path';
  runId: string;
  target: string;
  id: string;
  at: string;
  status: number;
}

export type LedgerLine = RunLine | CreatedLine | DeletedLine | UnidentifiedLine | UnsafeIdLine | NoDeletePathLine;

/** A subscription created and not (yet) known to be gone. */
export interface LedgerEntry {
  runId: string;
  target: string;
  id: string;
  deletePath: string;
  createdAt: string;
  expiresAt?: string;
}
