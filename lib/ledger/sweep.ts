import { rmSync, rmdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { failureText } from '../http/answer-text.js';
import { isSuccessStatus } from '../http/status.js';
import type { Exchange, RequestSpec } from '../http/types.js';
import { unsafeIdReason, unsafePathReason } from '../operation/safe-id.js';
import { appendLines } from './append.js';
import { outstanding, waitingForPath, type DeletePathOf } from './outstanding.js';
import { readLedgerFile } from './read.js';
import type { RunFile } from './select.js';
import { LEDGER_VERSION, type GoneHow, type LedgerEntry } from './types.js';

export interface SweptEntry {
  entry: LedgerEntry;
  file: string;
  how?: GoneHow;
  status: number | null;
  /** Why it could not be deleted (set on failures only). */
  problem?: string;
}

export interface SweepResult {
  /** Deleted now, found gone (404/410), or past their expiry. */
  gone: SweptEntry[];
  /** Still there as far as the probe knows; they stay in the ledger for the next run or `npm run cleanup`. */
  failed: SweptEntry[];
  /** Files removed because nothing in them is left to delete. */
  removedFiles: number;
  /** Creates answered 2xx without an id: no one can delete them (counted, not retried). */
  unidentified: number;
  /** The same creates by why: [words, count] ("naming no id", "cut off before an id", "with an unsafe id"). */
  undeletableBy?: [string, number][];
  /** Creates made while no delete path was known, still without one here: kept listed for a cleanup given DELETE_PATH. */
  noDeletePath: number;
  /** Requests the sweep put on the wire (set by the engine that sent them: lib/ledger/open-run-ledger.ts). */
  requests?: number;
}

export interface SweepOptions {
  /** Sends a DELETE to the target (an HttpEngine's send: never throws for the target's doing). */
  send: (request: RequestSpec) => Promise<Exchange>;
  /** Run id of whoever sweeps (a run, or `cleanup-...`). */
  by: string;
  now?: () => number;
  /** An expiresAt this far in the past counts as gone without asking (clock skew allowance). */
  expiryMarginMs?: number;
  /**
   * Whether a DELETE answered 404 or 410 means gone (default true: an earlier run's subscription may
   * have expired or been deleted since). A run reconciling what it created itself moments ago sets
   * false: then a 404 says the delete path does not reach it, and it is reported as not deleted.
   */
  notFoundIsGone?: boolean;
  /** The delete path of creates recorded without one (DELETE_PATH): without it, their file is kept. */
  deletePathOf?: DeletePathOf;
}

const DEFAULT_EXPIRY_MARGIN_MS = 10 * 60_000;

function problemOf(exchange: Exchange): string {
  if (exchange.failure !== undefined) return failureText(exchange.failure);
  return `DELETE answered ${exchange.status ?? 'nothing'}`;
}

async function sweepEntry(runFile: RunFile, entry: LedgerEntry, o: SweepOptions): Promise<SweptEntry> {
  const now = (o.now ?? Date.now)();
  const expires = entry.expiresAt === undefined ? Number.NaN : Date.parse(entry.expiresAt);
  let how: GoneHow | undefined;
  let status: number | null = null;
  let problem: string | undefined;
  // A file written by an older version, or by hand, may hold what the run ledger now refuses.
  const unsafe = unsafeIdReason(entry.id) ?? unsafePathReason(entry.deletePath);
  if (Number.isFinite(expires) && expires + (o.expiryMarginMs ?? DEFAULT_EXPIRY_MARGIN_MS) < now) {
    how = 'expired';
  } else if (unsafe !== undefined) {
    problem = `unsafe id: ${unsafe}; no DELETE sent`;
  } else {
    const exchange = await o.send({ method: 'DELETE', path: entry.deletePath });
    status = exchange.status;
    if (isSuccessStatus(status)) how = 'deleted';
    else if ((status === 404 || status === 410) && o.notFoundIsGone !== false) how = 'gone';
    else problem = problemOf(exchange);
  }
  if (how === undefined) return { entry, file: runFile.file, status, problem: problem ?? 'not deleted' };
  // Written as soon as it is known: a sweep killed half-way leaves the rest for the next one.
  appendLines(runFile.file, [
    {
      v: LEDGER_VERSION,
      op: 'deleted',
      runId: entry.runId,
      by: o.by,
      target: entry.target,
      id: entry.id,
      deletePath: entry.deletePath,
      at: new Date((o.now ?? Date.now)()).toISOString(),
      how,
      status,
    },
  ]);
  return { entry, file: runFile.file, how, status };
}

/** Rounds of deletes: a parent refused while its children exist is asked again after them, at most this often. */
export const SWEEP_ROUNDS = 3;

/** Answers that may mean "not yet": a parent still holding children (409), or a precondition or lock they hold. */
const NOT_YET = new Set([409, 412, 423]);

/** One entry to delete, and its place in creation order (files oldest first, each file's lines in order). */
export interface Pending {
  runFile: RunFile;
  entry: LedgerEntry;
  order: number;
}

const createdMs = (entry: LedgerEntry): number => {
  const ms = Date.parse(entry.createdAt);
  return Number.isFinite(ms) ? ms : Number.NEGATIVE_INFINITY;
};

/**
 * The entries of all the files in the order to delete them: newest create first, since a child is always created after
 * its parent, wherever each was written (a campaign's instance in its file, its consumer run's creates in the run's).
 * Creates of the same millisecond keep the later file, then the later line, first.
 */
export function deleteOrder(files: readonly RunFile[]): Pending[] {
  const all = files.flatMap((runFile) => runFile.entries.map((entry) => ({ runFile, entry })));
  const pending = all.map((p, order) => ({ ...p, order })).reverse();
  return pending.sort((a, b) => {
    const [ka, kb] = [createdMs(a.entry), createdMs(b.entry)];
    return ka === kb ? 0 : kb > ka ? 1 : -1;
  });
}

/**
 * Deletes one at a time in delete order, so that no parent's DELETE is sent before its children's; one answered
 * "not yet" is asked again after the others, in the same order, for at most SWEEP_ROUNDS rounds. What is still
 * refused then fails with its last answer. Returned in creation order.
 */
async function sweepInOrder(files: readonly RunFile[], options: SweepOptions): Promise<SweptEntry[]> {
  const done: { order: number; swept: SweptEntry }[] = [];
  let pending = deleteOrder(files);
  for (let round = 1; round <= SWEEP_ROUNDS && pending.length > 0; round += 1) {
    const refused: Pending[] = [];
    for (const p of pending) {
      const swept = await sweepEntry(p.runFile, p.entry, options);
      const notYet = swept.how === undefined && swept.status !== null && NOT_YET.has(swept.status);
      if (notYet && round < SWEEP_ROUNDS) refused.push(p);
      else done.push({ order: p.order, swept });
    }
    pending = refused;
  }
  return done.sort((a, b) => a.order - b.order).map((d) => d.swept);
}

/**
 * Deletes what the given run files still list, through `send` (so the engine's rate, budget and
 * retries hold), children first (./sweep.ts deleteOrder), records each success, and removes a file
 * once nothing in it is left to delete.
 */
export async function sweep(files: readonly RunFile[], options: SweepOptions): Promise<SweepResult> {
  const result: SweepResult = { gone: [], failed: [], removedFiles: 0, unidentified: 0, noDeletePath: 0 };
  const swept = await sweepInOrder(files, options);
  for (const s of swept) (s.how === undefined ? result.failed : result.gone).push(s);
  for (const f of files) {
    result.unidentified += f.unidentified;
    result.noDeletePath += f.noDeletePath.length;
    for (const line of f.undeletable) count(result, undeletableWhy(line));
    const lines = readLedgerFile(f.file).lines;
    if (outstanding(lines, options.deletePathOf).length === 0 && waitingForPath(lines, options.deletePathOf).length === 0) {
      removeRunFile(f.file);
      result.removedFiles += 1;
    }
  }
  return result;
}

/** Why a create could not be deleted, in the words of the end-of-run line. */
function undeletableWhy(line: RunFile['undeletable'][number]): string {
  if (line.op === 'unsafe-id') return 'with an id unsafe to put in a path (never sent)';
  return line.reason.includes('MAX_RECORDED_BODY_BYTES') ? 'with the answer cut off before an id' : 'naming no id';
}

function count(result: SweepResult, why: string): void {
  const by = (result.undeletableBy ??= []);
  const entry = by.find(([w]) => w === why);
  if (entry === undefined) by.push([why, 1]);
  else entry[1] += 1;
}

/** Removes a run file, then its target folder and the ledger folder when they are left empty. */
export function removeRunFile(file: string): void {
  rmSync(file, { force: true });
  try {
    rmdirSync(dirname(file));
    rmdirSync(dirname(dirname(file)));
  } catch {
    // not empty (another run's file or target), or already gone
  }
}
