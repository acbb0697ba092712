import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { processAlive, runActive, type LivenessProbe } from './liveness.js';
import { runLine } from '../../test/support/ledger-lines.js';

const at = (iso: string, over: Partial<LivenessProbe> = {}): LivenessProbe => ({
  now: Date.parse(iso),
  host: 'test-host',
  alive: () => true,
  ...over,
});

test('a run is active while its process lives on this host and its activeUntil has not passed', () => {
  const run = runLine({ activeUntil: '2025-01-01T01:00:00.000Z' });
  expect(runActive(run, at('2025-01-01T00:30:00.000Z'))).toBe(true);
  expect(runActive(run, at('2025-01-01T00:30:00.000Z', { alive: () => false }))).toBe(false);
  // past activeUntil its limits have stopped it, even if the pid now belongs to another process
  expect(runActive(run, at('2025-01-01T01:00:01.000Z'))).toBe(false);
});

test('a run on another host counts as active until its activeUntil; a file without a run line as finished', () => {
  const run = runLine({ host: 'elsewhere' });
  expect(runActive(run, at('2025-01-01T00:30:00.000Z', { alive: () => false }))).toBe(true);
  expect(runActive(run, at('2025-01-01T02:00:00.000Z'))).toBe(false);
  expect(runActive(undefined, at('2025-01-01T00:30:00.000Z'))).toBe(false);
});

test('processAlive: this process is alive, an exited one is not', () => {
  expect(processAlive(process.pid)).toBe(true);
  const child = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
  expect(processAlive(child.pid ?? -1)).toBe(false);
});
