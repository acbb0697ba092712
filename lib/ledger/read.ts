import { readFileSync } from 'node:fs';
import { LEDGER_VERSION, type LedgerLine } from './types.js';

export interface LedgerFile {
  lines: LedgerLine[];
  /** Lines that did not parse or had an unknown shape (a torn last line after a crash, or foreign text). */
  skipped: number;
}

const REQUIRED: Record<LedgerLine['op'], readonly string[]> = {
  run: ['runId', 'target', 'targetKind', 'pid', 'host', 'startedAt', 'activeUntil'],
  created: ['runId', 'target', 'id', 'deletePath', 'createdAt', 'status'],
  deleted: ['runId', 'by', 'target', 'id', 'deletePath', 'at', 'how'],
  unidentified: ['runId', 'target', 'at', 'status'],
  'unsafe-id': ['runId', 'target', 'id', 'at', 'status', 'reason'],
  'no-delete-path': ['runId', 'target', 'id', 'at', 'status'],
};

function parseLine(text: string): LedgerLine | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  if (o['v'] !== LEDGER_VERSION || typeof o['op'] !== 'string' || !(o['op'] in REQUIRED)) return undefined;
  const required = REQUIRED[o['op'] as LedgerLine['op']];
  return required.every((k) => o[k] !== undefined && o[k] !== null) ? (value as LedgerLine) : undefined;
}

/** Parses a ledger's text; never throws on content. */
export function parseLedger(text: string): LedgerFile {
  const lines: LedgerLine[] = [];
  let skipped = 0;
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    const line = parseLine(raw);
    if (line === undefined) skipped += 1;
    else lines.push(line);
  }
  return { lines, skipped };
}

/** Reads one ledger file; a missing file is an empty ledger. */
export function readLedgerFile(file: string): LedgerFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return { lines: [], skipped: 0 };
    throw error;
  }
  return parseLedger(text);
}
