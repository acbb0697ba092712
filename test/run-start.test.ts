/**
 * What the suites stand on is started by the run before vitest (lib/run/run-environment.ts). One that cannot be
 * started is a setup problem in one line naming it, exit 2, and what had started is stopped: never a stack trace.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startReferenceService } from '../reference/index.js';
import { runProbe } from './run-probe.js';

test('a LEDGER_DIR under a file: one line naming the ledger and its folder, exit 2, no suite run', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'run-start-'));
  writeFileSync(join(dir, 'a-file'), '');
  const run = await runProbe({ LEDGER_DIR: join(dir, 'a-file', 'ledger') }, ['01-spec']);
  expect(run.code, run.stdout + run.stderr).toBe(2);
  expect(run.stderr.trim().split('\n')).toEqual([
    `probe: could not start the cleanup ledger in LEDGER_DIR (${join(dir, 'a-file', 'ledger')}): ENOTDIR: not a directory, scandir '${join(dir, 'a-file', 'ledger')}'`,
  ]);
  expect(run.stdout).not.toMatch(/^01-spec-observations:/m);
});

test('against a configured target too: the ledger that cannot start stops the run before any suite sends', async () => {
  const service = await startReferenceService({ tokens: ['run-start-token-71c0'] });
  try {
    const dir = mkdtempSync(join(tmpdir(), 'run-start-'));
    writeFileSync(join(dir, 'a-file'), '');
    const run = await runProbe({ BASE_URL: service.url, ACCESS_TOKEN: 'run-start-token-71c0', LEDGER_DIR: join(dir, 'a-file', 'ledger') }, [
      '01-spec',
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^probe: could not start the cleanup ledger in LEDGER_DIR \(/);
    // The setup check's two requests, and nothing of a suite.
    expect(service.stats().requests).toBeLessThanOrEqual(2);
  } finally {
    await service.close();
  }
});
