/**
 * The summed resident memory of a process and all its descendants, sampled: what a probe run costs the
 * machine, whatever it spawns (tsx's CLI runs the probe in a child node; vitest may fork). Linux only
 * (reads /proc); elsewhere the peak stays undefined and the bench shows the probe's own figure.
 */
import { readdirSync, readFileSync } from 'node:fs';

function children(): Map<number, number[]> {
  const byParent = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/PID/stat is the parent; the name (field 2) may hold spaces, so split after its ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      byParent.set(parent, [...(byParent.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return byParent;
}

function rssBytes(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? 0 : Number(kb) * 1024;
  } catch {
    return 0;
  }
}

/** Resident bytes of `root` and its descendants now; 0 when /proc cannot be read. */
function treeRss(root: number): number {
  let byParent: Map<number, number[]>;
  try {
    byParent = children();
  } catch {
    return 0;
  }
  let total = 0;
  const queue = [root];
  // Bounded: a pid is visited once, and /proc lists finitely many.
  const seen = new Set<number>();
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    if (seen.has(pid)) continue;
    seen.add(pid);
    total += rssBytes(pid);
    queue.push(...(byParent.get(pid) ?? []));
  }
  return total;
}

/** Samples treeRss(root) every `everyMs` until stop(), which returns the peak (undefined if nothing was read). */
export function treeRssSampler(root: number, everyMs: number): { stop: () => number | undefined } {
  let peak = 0;
  const sample = (): void => {
    peak = Math.max(peak, treeRss(root));
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      return peak > 0 ? peak : undefined;
    },
  };
}
