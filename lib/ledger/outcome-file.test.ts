import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { readOutcome, readShardOutcomes, shardOutcomeFile, writeOutcome } from './outcome-file.js';

const left = (id: string) => ({ id, createdAt: '2026-11-22T10:00:00.000Z', reason: 'not deleted: DELETE answered 500' });

test('a shard outcome round-trips, and a file that is not one reads as none', () => {
  const dir = mkdtempSync(join(tmpdir(), 'outcome-'));
  const file = shardOutcomeFile(dir, '1/2');
  expect(file).toBe(join(dir, 'ledger-outcomes', 'shard-1-2.json'));
  writeOutcome(file, { created: 3, leftOnTarget: [left('a')], duplicateIds: [] });
  expect(readOutcome(file)).toEqual({ created: 3, leftOnTarget: [left('a')], duplicateIds: [] });
  writeFileSync(file, '{"created": "x"}');
  expect(readOutcome(file)).toBeUndefined();
  expect(readOutcome(join(dir, 'missing.json'))).toBeUndefined();
});

test('the merge joins the outcomes of the shards whose blobs it merges, and only those', () => {
  const dir = mkdtempSync(join(tmpdir(), 'outcome-'));
  const blobDir = join(dir, 'blob');
  mkdirSync(blobDir);
  for (const s of ['1-2', '2-2']) writeFileSync(join(blobDir, `blob-${s}.json`), '[]');
  writeOutcome(shardOutcomeFile(dir, '1/2'), { created: 2, leftOnTarget: [left('a')], duplicateIds: [], requests: 3 });
  writeOutcome(shardOutcomeFile(dir, '2/2'), {
    created: 1,
    leftOnTarget: [left('b')],
    duplicateIds: [{ id: 's', creates: 2 }],
    requests: 1,
  });
  // Left by an older run split in three: not part of this merge.
  writeOutcome(shardOutcomeFile(dir, '3/3'), { created: 1, leftOnTarget: [left('old')], duplicateIds: [] });
  expect(readShardOutcomes(dir, blobDir)).toEqual({
    created: 3,
    leftOnTarget: [left('a'), left('b')],
    duplicateIds: [{ id: 's', creates: 2 }],
    // The ledger's deletes of both shards: the merged report counts them in its request total.
    requests: 4,
  });
  expect(readShardOutcomes(mkdtempSync(join(tmpdir(), 'outcome-')), blobDir)).toBeUndefined();
});
