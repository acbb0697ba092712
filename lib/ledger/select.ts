import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runActive, type LivenessProbe } from './liveness.js';
import { outstanding, runOf } from './outstanding.js';
import { LEDGER_FILE_SUFFIX, targetFolder } from './paths.js';
import { readLedgerFile } from './read.js';
import type { LedgerEntry, RunLine } from './types.js';

/** One run's file as found on disk. */
export interface RunFile {
  file: string;
  run: RunLine | undefined;
  /** Created and not known to be gone, for this file's target. */
  entries: LedgerEntry[];
  /** Creates this file records (deleted or not). */
  created: number;
  skipped: number;
  unidentified: number;
  active: boolean;
}

function listFiles(folder: string): string[] {
  try {
    return readdirSync(folder)
      .filter((name) => name.endsWith(LEDGER_FILE_SUFFIX))
      .sort()
      .map((name) => join(folder, name));
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  }
}

export function inspectRunFile(file: string, liveness: LivenessProbe, target?: string): RunFile {
  const { lines, skipped } = readLedgerFile(file);
  const run = runOf(lines);
  return {
    file,
    run,
    // A hash collision or a hand-copied file: only this target's entries are this target's business.
    entries: outstanding(lines).filter((e) => target === undefined || e.target === target),
    created: lines.filter((l) => l.op === 'created').length,
    skipped,
    unidentified: lines.filter((l) => l.op === 'unidentified').length,
    active: runActive(run, liveness),
  };
}

/** Every run file of one target, oldest run first. */
export function targetRunFiles(ledgerDir: string, target: string, liveness: LivenessProbe): RunFile[] {
  return listFiles(targetFolder(ledgerDir, target)).map((file) => inspectRunFile(file, liveness, target));
}

/** Every run file of every target. */
export function allRunFiles(ledgerDir: string, liveness: LivenessProbe): RunFile[] {
  let folders: string[];
  try {
    folders = readdirSync(ledgerDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(ledgerDir, d.name));
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  }
  return folders.sort().flatMap((folder) => listFiles(folder).map((file) => inspectRunFile(file, liveness)));
}
