/** Exchanges in, one HAR 1.2 log out: entries in the order they started. */
import type { Exchange } from '../http/types.js';
import type { Redactor } from '../redaction/redactor.js';
import { harEntry, type BodyCuts, type EntryTags } from './har-entry.js';
import type { Har } from './types.js';

export interface TaggedExchange {
  exchange: Exchange;
  tags: EntryTags;
  /** The engine run that sent it (a worker's, a shard's, the setup check's), as its log names it. */
  run?: string;
  /** Where the log cut a body to what the HAR keeps. */
  cuts?: BodyCuts;
}

export interface HarCreator {
  name: string;
  version: string;
}

/** `comment`: what the HAR lacks, said in it (a shard that left no log). */
export function buildHar(
  exchanges: readonly TaggedExchange[],
  creator: HarCreator,
  redactor: Pick<Redactor, 'redact' | 'redactField'>,
  comment?: string,
): Har {
  const ordered = [...exchanges].sort(
    (a, b) => a.exchange.startedAt.localeCompare(b.exchange.startedAt) || a.exchange.seq - b.exchange.seq,
  );
  return {
    log: {
      version: '1.2',
      creator: { name: creator.name, version: creator.version },
      entries: ordered.map((t) => harEntry(t.exchange, t.tags, redactor, t.cuts)),
      ...(comment !== undefined ? { comment } : {}),
    },
  };
}

/** The HAR as written: one entry per line, so that a file of thousands of entries reads and diffs by line. */
export function harText(har: Har): string {
  const { entries, ...log } = har.log;
  const head = JSON.stringify({ ...log, entries: [] });
  const lines = entries.map((e) => JSON.stringify(e)).join(',\n');
  return `{"log":${head.slice(0, -2)}\n${lines}\n]}}\n`;
}
