import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { mergedShardStop, shardStopFile, writeShardStop } from './shard-stops.js';

const dir = mkdtempSync(join(tmpdir(), 'shard-stops-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a merged shard's stop makes the merge a stopped run, naming the shard; a shard not merged or a broken note does not", () => {
  expect(mergedShardStop(dir, ['blob-1-2.json', 'blob-2-2.json'])).toBeUndefined();
  writeShardStop(dir, '2/2', { by: 'SIGTERM', at: '2026-11-26T10:00:00.000Z' });
  expect(mergedShardStop(dir, ['blob-1-2.json', 'blob-2-2.json'])).toEqual({
    stop: { by: 'shard', at: '2026-11-26T10:00:00.000Z', why: 'shard 2/2 was stopped by SIGTERM: its cases not started were not run' },
    stoppedBy: 'SIGTERM in shard 2/2',
  });
  // A note of another split, or of a shard whose blob is not merged, is not this merge's.
  expect(mergedShardStop(dir, ['blob-1-3.json', 'blob-2-3.json', 'blob-3-3.json'])).toBeUndefined();
  writeFileSync(shardStopFile(dir, '2/2'), '{"by": 42}');
  expect(mergedShardStop(dir, ['blob-1-2.json', 'blob-2-2.json'])).toBeUndefined();
});
