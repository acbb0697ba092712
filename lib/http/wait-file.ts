/**
 * The wait a target asked for (its Retry-After, or the default wait after a 429 or 503 without one), kept in a
 * file per target origin beside the ledger (`<LEDGER_DIR>/waits/<16 hex of the origin>.json`), so that the next
 * process on that target (the next run, cleanup, explain) waits it out as well: a run killed right after a 429
 * leaves its successor the same quiet. Best effort: a file that cannot be written costs the next process the
 * wait, never this one its run.
 *
 * The file comes from the disk, so it is read as untrusted input: at most 4 KiB, a JSON object of the shape
 * written here for this very origin, an instant it can parse; a wait longer than the longest the probe waits
 * (RETRY_AFTER_MAX_SECONDS) is cut to that. Anything else is ignored.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const WAITS_FOLDER = 'waits';

/** Largest wait file read. */
const MAX_WAIT_FILE_BYTES = 4096;

interface WaitRecord {
  v: 1;
  origin: string;
  /** No request to the origin before this instant (ISO 8601). */
  notBefore: string;
  /** The answer that asked for it. */
  status: number;
  setAt: string;
}

export function waitFilePath(dir: string, origin: string): string {
  return join(dir, WAITS_FOLDER, `${createHash('sha256').update(origin).digest('hex').slice(0, 16)}.json`);
}

/** The instant (epoch ms) the file says to wait for, at most `maxWaitMs` after `now`; undefined when none is due. */
export function readWait(file: string, origin: string, now: number, maxWaitMs: number): number | undefined {
  const record = readRecord(file, origin);
  if (record === undefined) return undefined;
  const at = Date.parse(record.notBefore);
  return at > now ? Math.min(at, now + maxWaitMs) : undefined;
}

/** Records a wait until `at`, unless the file already names a later one. */
export function writeWait(file: string, origin: string, at: number, status: number, now: number): void {
  const known = readRecord(file, origin);
  if (known !== undefined && Date.parse(known.notBefore) >= at) return;
  const record: WaitRecord = { v: 1, origin, notBefore: new Date(at).toISOString(), status, setAt: new Date(now).toISOString() };
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    // Written aside and renamed: a reader sees the old file or the new one, never half of one.
    writeFileSync(temporary, `${JSON.stringify(record)}\n`);
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}

/** Removes the file once its wait is over (and the waits folder and the ledger folder, when left empty). */
export function clearPassedWait(file: string, origin: string, now: number): void {
  const record = readRecord(file, origin);
  if (record !== undefined && Date.parse(record.notBefore) > now) return;
  try {
    statSync(file);
  } catch {
    return;
  }
  rmSync(file, { force: true });
  try {
    rmdirSync(dirname(file));
    rmdirSync(dirname(dirname(file)));
  } catch {
    // not empty (another origin's wait, a run's ledger), or already gone
  }
}

function readRecord(file: string, origin: string): WaitRecord | undefined {
  let text: string;
  try {
    if (statSync(file).size > MAX_WAIT_FILE_BYTES) return undefined;
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const r = value as Partial<Record<keyof WaitRecord, unknown>>;
  if (r.v !== 1 || r.origin !== origin || typeof r.notBefore !== 'string' || !Number.isFinite(Date.parse(r.notBefore))) return undefined;
  return {
    v: 1,
    origin,
    notBefore: r.notBefore,
    status: typeof r.status === 'number' ? r.status : 0,
    setAt: typeof r.setAt === 'string' ? r.setAt : '',
  };
}
