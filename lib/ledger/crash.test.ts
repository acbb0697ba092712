/**
 * The ledger survives SIGKILL: a child writes creates and deletes as fast as it can and is killed at
 * random moments; what it leaves parses, lists at most the one subscription that was mid-way, and
 * takes further appends.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { appendLines } from './append.js';
import { outstanding } from './outstanding.js';
import { readLedgerFile } from './read.js';
import { created } from '../../test/support/ledger-lines.js';

const dir = mkdtempSync(join(tmpdir(), 'ledger-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixture = fileURLToPath(new URL('../../test/support/ledger-append-loop.ts', import.meta.url));

function runAndKill(file: string, afterReadyMs: number): Promise<NodeJS.Signals | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), afterReadyMs));
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the child never got ready: ${stderr}`));
    }, 30_000);
    child.once('exit', (_code, signal) => {
      clearTimeout(guard);
      resolve(signal);
    });
  });
}

test.each([[1], [2], [3], [4]])('killed with SIGKILL at a random moment (trial %s): the ledger still parses', async (trial) => {
  const file = join(dir, `trial-${trial}.jsonl`);
  const delay = 20 + Math.floor(Math.random() * 300);

  const signal = await runAndKill(file, delay);

  expect(signal).toBe('SIGKILL');
  const { lines, skipped } = readLedgerFile(file);
  expect(lines.length, `killed ${delay} ms after ready`).toBeGreaterThan(40);
  // A write cut by the kill can only be the last line; everything before it is whole.
  expect(skipped).toBeLessThanOrEqual(1);
  const left = outstanding(lines);
  expect(left.length).toBeLessThanOrEqual(1); // the one between its create and its delete, if any
  appendLines(file, [created('after-the-crash')]);
  expect(outstanding(readLedgerFile(file).lines).map((e) => e.id)).toEqual([...left.map((e) => e.id), 'after-the-crash']);
});
