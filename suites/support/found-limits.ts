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
