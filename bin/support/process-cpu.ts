/**
 * CPU seconds of this process so far, its own and those of the children it waited for (every child process the self-tests
 * start): on 2 cores, the figure `npm test`'s wall time is bound by. Read from /proc (Linux); elsewhere undefined.
 */
import { readFileSync } from 'node:fs';

export function processCpu(): { own: number; children: number } | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command name, which sits in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = (i: number): number => Number(fields[i - 3]);
    const cpu = { own: (ticks(14) + ticks(15)) / 100, children: (ticks(16) + ticks(17)) / 100 };
    return Number.isFinite(cpu.own + cpu.children) ? cpu : undefined;
  } catch {
    return undefined;
  }
}
