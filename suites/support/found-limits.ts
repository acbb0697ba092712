import { readBaseline } from '../../lib/baseline/baseline-file.js';
import { BaselineFileError } from '../../lib/errors.js';
import type { Baseline } from '../../lib/baseline/types.js';
/**
 * The limits the value suite pinned in this worker (lib/values/find-limit.ts, an exact end only), for the suites
 * after it: the lifecycle suite searches the longest renewal up to the longest lifetime a create got. Files share
 * this module because the suites project runs without isolation in one worker; a run without the value suite
 * (a shard, a filtered run) finds nothing here, and the lifecycle suite then searches the description's range.
 */
const found = new Map<string, number>();

export function rememberLimit(id: string, largestAccepted: number): void {
  found.set(id, largestAccepted);
}

export function foundLimit(id: string): number | undefined {
  return found.get(id);
}

/**
 * The limit a baseline of the same target recorded (BASELINE), pinned by its run: the value search checks it at its
 * edges first and halves only when they disagree. A baseline that cannot be read gives none (the presence step says
 * why); an unfinished search stored nothing.
 */
let baseline: Promise<Baseline | undefined> | undefined;
export async function recordedLimit(path: string | undefined, field: string, name: string): Promise<number[]> {
  if (path === undefined) return [];
  baseline ??= readBaseline(path).catch((error: unknown) => {
    if (error instanceof BaselineFileError) return undefined;
    throw error;
  });
  const value = (await baseline)?.values[field]?.limits[name]?.value;
  return value === undefined ? [] : [value];
}
