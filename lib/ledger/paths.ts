import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';

/** Folder name of a target: keyed by its base URL alone (never the token), so runs against it share it. */
export function targetKey(baseUrl: string): string {
  return createHash('sha256').update(baseUrl).digest('hex').slice(0, 16);
}

export function targetFolder(ledgerDir: string, baseUrl: string): string {
  return join(ledgerDir, targetKey(baseUrl));
}

export function runFile(ledgerDir: string, baseUrl: string, runId: string): string {
  return join(targetFolder(ledgerDir, baseUrl), `${runId}.jsonl`);
}

/** Sortable by start time, unique across processes: `<base36 ms>-<8 hex>`. */
export function newRunId(now: number = Date.now()): string {
  return `${now.toString(36)}-${randomBytes(4).toString('hex')}`;
}

export const LEDGER_FILE_SUFFIX = '.jsonl';
