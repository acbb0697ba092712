import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runActive, type LivenessProbe } from './liveness.js';
import { outstanding, runOf, waitingForPath, type DeletePathOf } from './outstanding.js';
import { LEDGER_FILE_SUFFIX, targetFolder } from './paths.js';
import { readLedgerFile } from './read.js';
import type { LedgerEntry, NoDeletePathLine, RunLine, UnidentifiedLine, UnsafeIdLine } from './types.js';

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
  /** Creates the probe cannot delete: no id in the answer (or cut before it), or an id unsafe to send. */
  undeletable: (UnidentifiedLine | UnsafeIdLine)[];
  /** Creates made while no delete path was known, which the delete path given here (if any) does not reach. */
  noDeletePath: NoDeletePathLine[];
  /** Ids this file records more than one create of (a target that answers one id for every create). */
  duplicateIds: { id: string; creates: number }[];
  active: boolean;
}

function duplicateIds(lines: ReturnType<typeof readLedgerFile>['lines']): { id: string; creates: number }[] {
  const creates = new Map<string, number>();
  for (const l of lines) if (l.op === 'created') creates.set(l.id, (creates.get(l.id) ?? 0) + 1);
  for (const l of lines) if (l.op === 'unsafe-id') creates.set(l.id, (creates.get(l.id) ?? 0) + 1);
  return [...creates].filter(([, n]) => n > 1).map(([id, n]) => ({ id, creates: n }));
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

/** `deletePathOf`: the delete path for creates recorded without one (lib/create/undo-plan.ts's, from the settings). */
export function inspectRunFile(file: string, liveness: LivenessProbe, target?: string, deletePathOf?: DeletePathOf): RunFile {
  const { lines, skipped } = readLedgerFile(file);
  const run = runOf(lines);
  return {
    file,
    run,
    // A hash collision or a hand-copied file: only this target's entries are this target's business.
    entries: outstanding(lines, deletePathOf).filter((e) => target === undefined || e.target === target),
    created: lines.filter((l) => l.op === 'created').length,
    skipped,
    unidentified: lines.filter((l) => l.op === 'unidentified' || l.op === 'unsafe-id').length,
    undeletable: lines.filter((l): l is UnidentifiedLine | UnsafeIdLine => l.op === 'unidentified' || l.op === 'unsafe-id'),
    noDeletePath: waitingForPath(lines, deletePathOf),
    duplicateIds: duplicateIds(lines),
    active: runActive(run, liveness),
  };
}

/** Every run file of one target, oldest run first. */
export function targetRunFiles(ledgerDir: string, target: string, liveness: LivenessProbe, deletePathOf?: DeletePathOf): RunFile[] {
  return listFiles(targetFolder(ledgerDir, target)).map((file) => inspectRunFile(file, liveness, target, deletePathOf));
}

/** Every run file of every target. */
export function allRunFiles(ledgerDir: string, liveness: LivenessProbe): RunFile[] {
  let folders: string[];
  try {
    folders = readdirSync(ledgerDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(ledgerDir, d.name));
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  }
  return folders.sort().flatMap((folder) => listFiles(folder).map((file) => inspectRunFile(file, liveness)));
}
