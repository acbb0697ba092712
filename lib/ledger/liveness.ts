import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { RunLine } from './types.js';

/** True while the process may still be running. A zombie (killed, not yet reaped) counts as ended. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists and belongs to someone else.
    return (error as { code?: unknown }).code === 'EPERM';
  }
  try {
    // /proc/<pid>/stat: "pid (comm) S ...": the state follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true; // no /proc (not Linux): kill(pid, 0) said it exists
  }
}

export interface LivenessProbe {
  now: number;
  host: string;
  alive: (pid: number) => boolean;
}

export const systemLiveness = (): LivenessProbe => ({ now: Date.now(), host: hostname(), alive: processAlive });

/**
 * Whether a run may still be creating or deleting: then its leftovers are not leftovers yet, and
 * touching them could delete a subscription a case is using. A run is over when its process is gone
 * (same host), or in any case once its activeUntil has passed (its limits have stopped it; this also
 * covers a reused pid and a run on another host sharing the folder). A file without a run line is over.
 */
export function runActive(run: RunLine | undefined, probe: LivenessProbe): boolean {
  if (run === undefined) return false;
  const until = Date.parse(run.activeUntil);
  if (!Number.isFinite(until) || probe.now > until) return false;
  if (run.host !== probe.host) return true;
  return probe.alive(run.pid);
}
