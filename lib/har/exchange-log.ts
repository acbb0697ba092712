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
import { cutUtf8 } from '../http/cut-utf8.js';
import type { Exchange } from '../http/types.js';
import type { TaggedExchange } from './build-har.js';
import type { BodyCuts } from './har-entry.js';

/** One line of the log. `run` tells one engine's sequence numbers from another's (shards, restarts). */
export type ExchangeLogLine =
  | { run: string; exchange: Exchange; cuts?: BodyCuts }
  | { run: string; case: { id: string; suite: string; seqs: number[] } };

export function appendExchangeLog(file: string, line: ExchangeLogLine): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(line)}\n`, { encoding: 'utf8', mode: 0o600 });
}

/**
 * Most bytes of one body the HAR keeps (the default MAX_RECORDED_BODY_BYTES), and of all bodies of one
 * log together. The HAR is assembled in memory and read whole by the run's final secret scan: a run at the
 * largest MAX_RECORDED_BODY_BYTES against a target that pads every answer must not make it hundreds of MB.
 */
export const HAR_BODY_BYTES = 64 * 1024;
export const HAR_LOG_BODY_BYTES = 24 * 1024 * 1024;

/** The worker's side of the log: each exchange as recorded, its bodies cut to what the HAR keeps. */
export class ExchangeLog {
  #bodyBytes = 0;

  constructor(
    readonly file: string,
    readonly run: string,
  ) {}

  /** `redact` runs on the cut exchange: a long body is not scanned for what the HAR will not keep. */
  exchange(exchange: Exchange, redact: (e: Exchange) => Exchange): void {
    const cuts: BodyCuts = {};
    const cut = (text: string): { kept: string; bytes: number } | undefined => {
      const room = Math.max(0, Math.min(HAR_BODY_BYTES, HAR_LOG_BODY_BYTES - this.#bodyBytes));
      const kept = cutUtf8(text, room);
      const keptBytes = Buffer.byteLength(kept);
      this.#bodyBytes += keptBytes;
      return kept.length === text.length ? undefined : { kept, bytes: keptBytes };
    };
    let logged = exchange;
    if (exchange.requestBody !== undefined) {
      const c = cut(exchange.requestBody);
      if (c !== undefined) {
        cuts.request = { kept: c.bytes, of: Buffer.byteLength(exchange.requestBody) };
        logged = { ...logged, requestBody: c.kept };
      }
    }
    const c = cut(exchange.responseBody);
    if (c !== undefined) {
      cuts.response = { kept: c.bytes, of: Buffer.byteLength(exchange.responseBody) };
      logged = { ...logged, responseBody: c.kept };
    }
    appendExchangeLog(this.file, {
      run: this.run,
      exchange: redact(logged),
      ...(cuts.request !== undefined || cuts.response !== undefined ? { cuts } : {}),
    });
  }

  /** The exchanges one case sent (or judged), by sequence number. */
  case(id: string, suite: string, seqs: number[]): void {
    appendExchangeLog(this.file, { run: this.run, case: { id, suite, seqs } });
  }
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
    typeof e === 'object' &&
    e !== null &&
    typeof e.seq === 'number' &&
    typeof e.method === 'string' &&
    typeof e.url === 'string' &&
    typeof e.startedAt === 'string' &&
    typeof e.responseBody === 'string' &&
    typeof e.requestHeaders === 'object' &&
    typeof e.responseHeaders === 'object'
  );
}

/**
 * The exchanges of these logs, each with the case that sent it where a case said so. A missing file (a
 * shard that sent nothing) and a line that does not parse (torn by a kill) are skipped.
 */
export function readExchangeLogs(files: readonly string[]): TaggedExchange[] {
  const exchanges = new Map<string, { exchange: Exchange; cuts: BodyCuts | undefined; run: string }>();
  const tags = new Map<string, { cases: string[]; suite: string }>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const raw of text.split('\n')) {
      if (raw === '') continue;
      let line: Partial<{ run: unknown; exchange: unknown; cuts: BodyCuts; case: { id?: unknown; suite?: unknown; seqs?: unknown } }>;
      try {
        line = JSON.parse(raw) as typeof line;
      } catch {
        continue;
      }
      if (typeof line.run !== 'string') continue;
      if (isExchange(line.exchange))
        exchanges.set(`${line.run}#${line.exchange.seq}`, { exchange: line.exchange, cuts: line.cuts, run: line.run });
      const c = line.case;
      if (c !== undefined && typeof c.id === 'string' && typeof c.suite === 'string' && Array.isArray(c.seqs)) {
        // An exchange may be claimed by several cases (a case judged twice over the same answers): all are kept.
        for (const seq of c.seqs) {
          if (typeof seq !== 'number') continue;
          const tag = tags.get(`${line.run}#${seq}`);
          if (tag === undefined) tags.set(`${line.run}#${seq}`, { cases: [c.id], suite: c.suite });
          else if (!tag.cases.includes(c.id)) tag.cases.push(c.id);
        }
      }
    }
  }
  return [...exchanges].map(([key, { exchange, cuts, run }]) => {
    const tag = tags.get(key);
    return {
      exchange,
      run,
      tags: tag === undefined ? {} : { cases: tag.cases, suite: tag.suite },
      ...(cuts !== undefined ? { cuts } : {}),
    };
  });
}

/** The run tag of the setup check's exchanges, which the run adds to its log before the suites start. */
export const SETUP_CHECK_RUN = 'setup-check';

/**
 * Requests put on the wire, by engine run, as the logs hold them: each exchange's attempts (retries included). A
 * worker's log holds every exchange it had, those of cases cut short by a stop too, which no case's record counts.
 */
export function loggedRequests(exchanges: readonly Pick<TaggedExchange, 'exchange' | 'run'>[]): Map<string, number> {
  const byRun = new Map<string, number>();
  for (const { exchange, run } of exchanges) {
    if (run !== undefined) byRun.set(run, (byRun.get(run) ?? 0) + exchange.attempts);
  }
  return byRun;
}
