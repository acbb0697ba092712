import { safeDeletePath } from '../operation/safe-id.js';
import type { LedgerEntry, LedgerLine, NoDeletePathLine, RunLine } from './types.js';

/** The run a file belongs to: its first `run` line. */
export function runOf(lines: readonly LedgerLine[]): RunLine | undefined {
  return lines.find((l): l is RunLine => l.op === 'run');
}

/** A delete path for an id created while its run knew none (DELETE_PATH's, or a description's, given later). */
export type DeletePathOf = (id: string) => string;

const keyOf = (target: string, deletePath: string): string => `${target} ${deletePath}`;

/** Creates recorded without a delete path and not deleted since (a later cleanup writes `deleted` with the id). */
function withoutPath(lines: readonly LedgerLine[]): NoDeletePathLine[] {
  const deleted = new Set(lines.filter((l) => l.op === 'deleted').map((l) => `${l.target} ${l.id}`));
  return lines.filter((l): l is NoDeletePathLine => l.op === 'no-delete-path' && !deleted.has(`${l.target} ${l.id}`));
}

/** Of the creates recorded without a delete path, those `deletePathOf` cannot give a safe one for (all, without it). */
export function waitingForPath(lines: readonly LedgerLine[], deletePathOf?: DeletePathOf): NoDeletePathLine[] {
  return withoutPath(lines).filter((l) => deletePathOf === undefined || !safeDeletePath(deletePathOf, l.id).ok);
}

/**
 * Subscriptions created and not known to be gone, in the order they were created; with `deletePathOf`, also those
 * created while no delete path was known, at the path it gives (through the one check of lib/operation/safe-id.ts).
 */
export function outstanding(lines: readonly LedgerLine[], deletePathOf?: DeletePathOf): LedgerEntry[] {
  const open = new Map<string, LedgerEntry>();
  const late = new Set(deletePathOf === undefined ? [] : withoutPath(lines));
  for (const line of lines) {
    if (line.op === 'created') {
      const { runId, target, id, deletePath, createdAt, expiresAt } = line;
      open.set(keyOf(target, deletePath), { runId, target, id, deletePath, createdAt, ...(expiresAt !== undefined ? { expiresAt } : {}) });
    } else if (line.op === 'no-delete-path' && deletePathOf !== undefined && late.has(line)) {
      const safe = safeDeletePath(deletePathOf, line.id);
      if (safe.ok)
        open.set(keyOf(line.target, safe.path), {
          runId: line.runId,
          target: line.target,
          id: line.id,
          deletePath: safe.path,
          createdAt: line.at,
        });
    } else if (line.op === 'deleted') {
      open.delete(keyOf(line.target, line.deletePath));
    }
  }
  return [...open.values()];
}
