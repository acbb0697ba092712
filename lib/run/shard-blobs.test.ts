import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { relocateBlobs, shardBlobProblem } from './shard-blobs.js';

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

describe('relocateBlobs: shards run from another checkout merge here', () => {
  const blobDir = mkdtempSync(join(tmpdir(), 'blobs-'));
  afterAll(() => rmSync(blobDir, { recursive: true, force: true }));
  const write = (name: string, values: unknown[]): void => writeFileSync(join(blobDir, name), JSON.stringify(values));

  test("every path under the shard's tool folder is moved under this one's; other strings stay", () => {
    write('blob-1-1.json', [
      { filepath: '1' },
      '/ci/checkout/suites/01-spec-observations.test.ts',
      '/ci/checkout/lib/x.ts',
      '/suites/01-spec-observations.test.ts',
      'spec §7',
      3,
    ]);
    const relocated = relocateBlobs(blobDir, '/here/tool', (suite) => suite === 'suites/01-spec-observations.test.ts');
    if ('problem' in relocated) throw new Error(relocated.problem);
    try {
      const values = JSON.parse(readFileSync(join(relocated.dir, 'blob-1-1.json'), 'utf8')) as unknown[];
      // A path from the root (vite's `/suites/...`) is no folder of the shard's: it stays.
      expect(values).toEqual([
        { filepath: '1' },
        '/here/tool/suites/01-spec-observations.test.ts',
        '/here/tool/lib/x.ts',
        '/suites/01-spec-observations.test.ts',
        'spec §7',
        3,
      ]);
    } finally {
      relocated.remove();
    }
    expect(existsSync(relocated.dir)).toBe(false);
  });

  test('a blob of suites this tool does not have, or not a blob at all, is one line', () => {
    write('blob-1-1.json', ['/ci/checkout/suites/08-future.test.ts']);
    expect(relocateBlobs(blobDir, '/here/tool', () => false)).toEqual({
      problem:
        '--merge-reports: blob-1-1.json holds suites this tool does not have (suites/08-future.test.ts): merge with the version of subscription-conformance that ran the shards',
    });
    writeFileSync(join(blobDir, 'blob-1-1.json'), '{"not": "a blob"}');
    expect(relocateBlobs(blobDir, '/here/tool', () => true)).toEqual({
      problem: expect.stringMatching(/^--merge-reports: blob-1-1\.json is not a blob of a probe shard/),
    });
  });
});
