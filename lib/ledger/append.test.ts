import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { appendLines } from './append.js';
import { outstanding } from './outstanding.js';
import { parseLedger, readLedgerFile } from './read.js';
import { created, deleted, runLine } from '../../test/support/ledger-lines.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-append-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('lines appended come back in order, one JSON object per line, in a folder made on demand', () => {
  const file = join(dir, 'target', 'run-1.jsonl');
  appendLines(file, [runLine(), created('a')]);
  appendLines(file, [deleted('a')]);
  const text = readFileSync(file, 'utf8');
  expect(text.split('\n')).toHaveLength(4); // three lines and the final newline
  expect(readLedgerFile(file)).toEqual({ lines: [runLine(), created('a'), deleted('a')], skipped: 0 });
});

test('a torn last line (a crash mid-write) is skipped, and the next append starts on a fresh line', () => {
  const file = join(dir, 'run-1.jsonl');
  appendLines(file, [runLine(), created('a')]);
  const whole = JSON.stringify(created('b'));
  appendFileSync(file, whole.slice(0, whole.length - 7)); // no closing brace, no newline

  expect(readLedgerFile(file).skipped).toBe(1);
  appendLines(file, [created('c')]);

  const after = readLedgerFile(file);
  expect(after.skipped).toBe(1);
  expect(outstanding(after.lines).map((e) => e.id)).toEqual(['a', 'c']);
});

test('a missing file is an empty ledger; foreign or unknown lines are counted, not trusted', () => {
  expect(readLedgerFile(join(dir, 'none.jsonl'))).toEqual({ lines: [], skipped: 0 });
  const text = ['not json', '{"v":2,"op":"created"}', '{"v":1,"op":"created","id":"x"}', '[]', '', JSON.stringify(created('a'))].join('\n');
  expect(parseLedger(text)).toEqual({ lines: [created('a')], skipped: 4 });
});

test('outstanding: created and not deleted, in creation order; a later create of the same id counts again', () => {
  const lines = [
    runLine(),
    created('a'),
    created('b'),
    deleted('a'),
    created('c'),
    deleted('b', { how: 'gone', status: 404 }),
    created('a'),
  ];
  expect(outstanding(lines).map((e) => e.id)).toEqual(['c', 'a']);
  // Only lines of the same target and path cancel each other.
  expect(outstanding([created('a'), deleted('a', { target: 'https://other.example.com' })]).map((e) => e.id)).toEqual(['a']);
});
