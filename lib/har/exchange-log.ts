/**
 * The run's exchanges on their way from the suites' worker to the end of the run: one JSON line per exchange
 * as the engine recorded it (already through the worker's redaction step), and one line per case naming the
 * exchanges it sent. The HAR is assembled from these once, at the end (lib/run/finish-run.ts), so that a run
 * in which no case ran leaves the last one as it was.
 *
 * Each append is one write() of a whole line to a file opened for appending: a killed worker leaves whole
 * lines and at most one torn last line, which the reader skips.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Exchange } from '../http/types.js';
import type { TaggedExchange } from './build-har.js';

/** One line of the log. `run` tells one engine's sequence numbers from another's (shards, restarts). */
export type ExchangeLogLine =
  | { run: string; exchange: Exchange }
  | { run: string; case: { id: string; suite: string; seqs: number[] } };

export function appendExchangeLog(file: string, line: ExchangeLogLine): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(line)}\n`, { encoding: 'utf8', mode: 0o600 });
}

/** Folder (under REPORT_DIR) of the shards' logs, which CI carries to the merge job with the blobs. */
const SHARD_LOG_DIR = 'exchanges';

/** The log of one shard, `exchanges/shard-<i>-<n>.jsonl`. */
export function shardExchangeLog(reportDir: string, shard: string): string {
  return join(reportDir, SHARD_LOG_DIR, `shard-${shard.replace('/', '-')}.jsonl`);
}

/** The logs of the shards whose blobs are merged (`blob-<i>-<n>.json` <-> `shard-<i>-<n>.jsonl`). */
export function mergedShardLogs(reportDir: string, blobNames: readonly string[]): string[] {
  return blobNames
    .flatMap((n) => /^blob-(\d+-\d+)\.json$/.exec(n)?.[1] ?? [])
    .sort()
    .map((id) => join(reportDir, SHARD_LOG_DIR, `shard-${id}.jsonl`));
}

function isExchange(value: unknown): value is Exchange {
  const e = value as Partial<Exchange> | null;
  return (
    typeof e === 'object' && e !== null && typeof e.seq === 'number' && typeof e.method === 'string' && typeof e.url === 'string' &&
    typeof e.startedAt === 'string' && typeof e.responseBody === 'string' && typeof e.requestHeaders === 'object' && typeof e.responseHeaders === 'object'
  );
}

/**
 * The exchanges of these logs, each with the case that sent it where a case said so. A missing file (a
 * shard that sent nothing) and a line that does not parse (torn by a kill) are skipped.
 */
export function readExchangeLogs(files: readonly string[]): TaggedExchange[] {
  const exchanges = new Map<string, Exchange>();
  const tags = new Map<string, { case: string; suite: string }>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const raw of text.split('\n')) {
      if (raw === '') continue;
      let line: Partial<{ run: unknown; exchange: unknown; case: { id?: unknown; suite?: unknown; seqs?: unknown } }>;
      try {
        line = JSON.parse(raw) as typeof line;
      } catch {
        continue;
      }
      if (typeof line.run !== 'string') continue;
      if (isExchange(line.exchange)) exchanges.set(`${line.run}#${line.exchange.seq}`, line.exchange);
      const c = line.case;
      if (c !== undefined && typeof c.id === 'string' && typeof c.suite === 'string' && Array.isArray(c.seqs)) {
        // A case's exchange may be claimed by a later case too (shared evidence): the first sender keeps it.
        for (const seq of c.seqs) if (typeof seq === 'number' && !tags.has(`${line.run}#${seq}`)) tags.set(`${line.run}#${seq}`, { case: c.id, suite: c.suite });
      }
    }
  }
  return [...exchanges].map(([key, exchange]) => {
    const tag = tags.get(key);
    return { exchange, tags: tag === undefined ? {} : { case: tag.case, suite: tag.suite } };
  });
}
