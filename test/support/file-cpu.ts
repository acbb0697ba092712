/**
 * A setup file of the `tool` project when FILE_CPU_LOG names a file (scripts/test-cpu.ts sets it): appends, for each
 * test file, its wall time and the CPU its worker process used meanwhile, its own and that of the children it waited
 * for (probe, explain, ... children). A worker runs one file at a time, so the figures are the file's and its
 * concurrent cases'. Read from /proc (Linux).
 */
import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { processCpu } from '../../bin/support/process-cpu.js';

const LOG = process.env.FILE_CPU_LOG;

/** [own, children] CPU seconds of this worker so far (0 where /proc cannot be read). */
function cpu(): [number, number] {
  const now = processCpu();
  return [now?.own ?? 0, now?.children ?? 0];
}

let started: { at: number; cpu: [number, number] } | undefined;
beforeAll(() => {
  started = { at: performance.now(), cpu: cpu() };
});
afterAll(() => {
  if (LOG === undefined || started === undefined) return;
  const [own, children] = cpu();
  const file = expect.getState().testPath ?? '?';
  const row = [file, (performance.now() - started.at) / 1000, own - started.cpu[0], children - started.cpu[1]];
  appendFileSync(LOG, `${JSON.stringify(row)}\n`);
});
