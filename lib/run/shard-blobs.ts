import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandAsTyped } from '../config/invocation.js';

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
    return `--merge-reports: no shard blob in ${folder}: run each shard (${commandAsTyped('probe', '--shard=i/n')}) and put their blob-<i>-<n>.json files there`;
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

/** A suite file as a blob names it: the tool's folder, then `suites/`. */
const SUITE_FILE = /^(.*)\/suites\/[^/]+\.test\.ts$/;

/** Blobs this tool can merge, in a folder of their own, or the one line that says what differs. */
export type RelocatedBlobs = { dir: string; remove: () => void } | { problem: string };

/**
 * The shards' blobs made mergeable here: vitest's blob names every file by its absolute path on the machine that
 * ran the shard, and merges only files under its own root, so shards run from one checkout and merged from
 * another (another CI job, another folder) merged nothing. Each blob is copied with the shard's tool folder
 * replaced by this one's; a blob whose suites this tool does not have is refused, naming them.
 */
export function relocateBlobs(blobDir: string, toolRoot: string, suiteExists: (relative: string) => boolean): RelocatedBlobs {
  const dir = mkdtempSync(join(tmpdir(), 'probe-blobs-'));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    for (const name of readdirSync(blobDir).filter((n) => BLOB.test(n))) {
      let values: unknown[];
      try {
        values = JSON.parse(readFileSync(join(blobDir, name), 'utf8')) as unknown[];
        if (!Array.isArray(values)) throw new Error('not a list');
      } catch (error) {
        remove();
        return { problem: `--merge-reports: ${name} is not a blob of a probe shard (${(error as Error).message})` };
      }
      // Vite also names files from the root (`/suites/...`): those are no folder of the shard's and stay as they are.
      const roots = new Set(
        values.flatMap((v) => (typeof v === 'string' ? (SUITE_FILE.exec(v)?.[1] ?? []) : [])).filter((root) => root !== ''),
      );
      const suites = values.flatMap((v) => (typeof v === 'string' && SUITE_FILE.test(v) ? [v.slice(v.lastIndexOf('/suites/') + 1)] : []));
      const unknown = [...new Set(suites)].filter((s) => !suiteExists(s));
      if (unknown.length > 0) {
        remove();
        return {
          problem: `--merge-reports: ${name} holds suites this tool does not have (${unknown.join(', ')}): merge with the version of subscription-conformance that ran the shards`,
        };
      }
      const relocated = values.map((v) => {
        if (typeof v !== 'string') return v;
        for (const root of roots)
          if (root !== toolRoot && (v === root || v.startsWith(`${root}/`))) return `${toolRoot}${v.slice(root.length)}`;
        return v;
      });
      writeFileSync(join(dir, name), JSON.stringify(relocated));
    }
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
