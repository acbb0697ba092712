import type { LedgerEntry, LedgerLine, RunLine } from './types.js';

/** The run a file belongs to: its first `run` line. */
export function runOf(lines: readonly LedgerLine[]): RunLine | undefined {
  return lines.find((l): l is RunLine => l.op === 'run');
}

const keyOf = (target: string, deletePath: string): string => `${target} ${deletePath}`;

/** Subscriptions created and not known to be gone, in the order they were created. */
export function outstanding(lines: readonly LedgerLine[]): LedgerEntry[] {
  const open = new Map<string, LedgerEntry>();
  for (const line of lines) {
    if (line.op === 'created') {
      const { runId, target, id, deletePath, createdAt, expiresAt } = line;
      open.set(keyOf(target, deletePath), { runId, target, id, deletePath, createdAt, ...(expiresAt !== undefined ? { expiresAt } : {}) });
    } else if (line.op === 'deleted') {
      open.delete(keyOf(line.target, line.deletePath));
    }
  }
  return [...open.values()];
}
