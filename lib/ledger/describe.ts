import { NO_DELETE_PATH_KNOWN } from './left-on-target.js';
import type { SweepResult, SweptEntry } from './sweep.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function entryLine(s: SweptEntry): string {
  const what = `${s.entry.id} (created ${s.entry.createdAt} by run ${s.entry.runId})`;
  if (s.how === undefined) return `  not deleted: ${what}: ${s.problem ?? 'unknown'}`;
  const why = s.how === 'deleted' ? `deleted (${s.status ?? ''})` : s.how === 'gone' ? `already gone (${s.status ?? ''})` : 'expired';
  return `  ${why}: ${what}`;
}

/** Console lines for a sweep: one summary line, then one line per subscription when `detail`. */
export function describeSweep(label: string, result: SweepResult, detail: boolean): string[] {
  const total = result.gone.length + result.failed.length;
  const lines = [
    `${label}: ${plural(total, 'subscription')} to delete: ${result.gone.length} deleted or gone, ${result.failed.length} failed`,
  ];
  for (const [why, n] of result.undeletableBy ?? []) {
    lines.push(`  ${plural(n, 'create')} answered 2xx ${why}: the probe cannot delete ${n === 1 ? 'it' : 'them'}`);
  }
  if (result.noDeletePath > 0) {
    lines.push(
      `  ${plural(result.noDeletePath, 'create')} answered 2xx with an id and ${NO_DELETE_PATH_KNOWN}: ` +
        `listed in the ledger; npm run cleanup given DELETE_PATH deletes ${result.noDeletePath === 1 ? 'it' : 'them'}`,
    );
  }
  for (const s of result.failed) lines.push(entryLine(s));
  if (detail) for (const s of result.gone) lines.push(entryLine(s));
  return lines;
}
