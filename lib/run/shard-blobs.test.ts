import { expect, test } from 'vitest';
import { shardBlobProblem } from './shard-blobs.js';

test.each<[string, string[], RegExp | undefined]>([
  ['every shard of one split', ['blob-1-2.json', 'blob-2-2.json'], undefined],
  ['one shard of one', ['blob-1-1.json'], undefined],
  ['a shard missing', ['blob-2-2.json'], /shard 1\/2 missing from reports\/blob \(blob-1-2\.json\)/],
  ['no blob at all', [], /no shard blob in reports\/blob/],
  ['other files only', ['README.md'], /no shard blob/],
  ['blobs of two splits', ['blob-1-2.json', 'blob-2-2.json', 'blob-1-3.json'], /different splits \(\/2, \/3\)/],
  ['a shard past the split', ['blob-1-2.json', 'blob-2-2.json', 'blob-3-2.json'], /blob-3-2\.json is not a shard of 2/],
])('%s', (_, files, problem) => {
  const found = shardBlobProblem(files, 'reports/blob');
  if (problem === undefined) expect(found).toBeUndefined();
  else expect(found).toMatch(problem);
});
