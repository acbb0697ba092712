import type { LivenessProbe } from './liveness.js';
import { allRunFiles } from './select.js';
import { removeRunFile } from './sweep.js';

export interface Dropped {
  files: number;
  /** Subscriptions those files still listed. */
  entries: number;
}

/**
 * Removes the files of finished runs against an embedded reference service. Their leftovers lived
 * in that run's own in-memory server, which ended with the run: there is nothing left to delete and
 * nowhere to send a DELETE (its port may now belong to something else).
 */
export function dropFinishedEmbedded(ledgerDir: string, liveness: LivenessProbe): Dropped {
  const dropped: Dropped = { files: 0, entries: 0 };
  for (const f of allRunFiles(ledgerDir, liveness)) {
    if (f.run?.targetKind !== 'embedded-reference' || f.active) continue;
    removeRunFile(f.file);
    dropped.files += 1;
    dropped.entries += f.entries.length;
  }
  return dropped;
}
