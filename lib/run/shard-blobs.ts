/**
 * Before shards are merged: the blob of every shard of one split is there (`blob-<i>-<n>.json`, as each
 * shard writes it), or the merge stops with one line naming what is missing. A merge of part of a run would
 * report "no drift" on the combinations it never saw.
 */
const BLOB = /^blob-(\d+)-(\d+)\.json$/;

/** The one line to stop with, or undefined when the files are every shard of one split. */
export function shardBlobProblem(files: readonly string[], folder: string): string | undefined {
  const blobs = files.flatMap((name) => {
    const m = BLOB.exec(name);
    return m === null ? [] : [{ name, index: Number(m[1]), count: Number(m[2]) }];
  });
  if (blobs.length === 0)
    return `--merge-reports: no shard blob in ${folder}: run each shard (npm run probe -- --shard=i/n) and put their blob-<i>-<n>.json files there`;
  const counts = [...new Set(blobs.map((b) => b.count))].sort((a, b) => a - b);
  if (counts.length > 1)
    return `--merge-reports: ${folder} holds blobs of different splits (${counts.map((n) => `/${n}`).join(', ')}): keep one run's shards only`;
  const count = counts[0] as number;
  const bad = blobs.filter((b) => b.index < 1 || b.index > count).map((b) => b.name);
  if (bad.length > 0) return `--merge-reports: ${bad.join(', ')} ${bad.length === 1 ? 'is not a shard' : 'are not shards'} of ${count}`;
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !blobs.some((b) => b.index === i));
  if (missing.length > 0)
    return `--merge-reports: shard${missing.length === 1 ? '' : 's'} ${missing.map((i) => `${i}/${count}`).join(', ')} missing from ${folder} (blob-${missing[0] ?? ''}-${count}.json): a merge of part of the run is not a run`;
  return undefined;
}
