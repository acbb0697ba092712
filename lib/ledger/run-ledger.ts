import { parseRecordedBody } from '../http/recorded-body.js';
import { isSuccessStatus } from '../http/status.js';
import type { Exchange } from '../http/types.js';
import { safeDeletePath, showId } from '../operation/safe-id.js';
import { appendLines } from './append.js';
import { LEDGER_VERSION, type CreatedLine, type LedgerLine } from './types.js';

/** How the ledger learns what a create made and how to undo it (the operation's cleanup, as data). */
export interface CreateUndo {
  idFrom: (body: unknown) => string | undefined;
  /** Undefined while the run knows no way to delete (read at each create: a Location may give one during the run). */
  deletePath: ((id: string) => string) | undefined;
  /** The subscription's own end, from the create's answer, when it says one. */
  expiresFrom?: (body: unknown) => string | undefined;
}

export interface RunLedgerOptions {
  file: string;
  runId: string;
  /** Base URL of the target, as the engine was given it. */
  target: string;
  undo: CreateUndo;
  /** Told once when the ledger cannot be written (the run goes on; the cases still delete). */
  onWriteError?: (message: string) => void;
  now?: () => number;
}

const notFound = (status: number | null): boolean => status === 404 || status === 410;

/** The last path segment, decoded: the id a DELETE names, whichever prefix it was sent under. */
function lastSegment(url: string): string | undefined {
  try {
    const segment = new URL(url).pathname.split('/').pop();
    return segment === undefined || segment === '' ? undefined : decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The worker's side of the ledger: watches every exchange the engine finishes (its onExchange hook,
 * called before `send` returns to the case) and writes a `created` line for each 2xx POST before the
 * case can do anything else with it, and a `deleted` line for each DELETE that removed one.
 * Whoever sent the request (a case, a helper, a later suite) does not matter: the engine sees it all.
 */
export class RunLedger {
  readonly #o: RunLedgerOptions;
  readonly #root: string;
  /** URL of the DELETE -> its created line. */
  readonly #open = new Map<string, CreatedLine>();
  #writeFailed = false;
  created = 0;
  deleted = 0;

  constructor(options: RunLedgerOptions) {
    this.#o = options;
    const url = new URL(options.target);
    this.#root = url.origin + url.pathname.replace(/\/+$/, '');
  }

  /** The run's own subscriptions this worker saw created and not yet deleted. */
  get openCount(): number {
    return this.#open.size;
  }

  /** For the engine's onExchange hook: never throws. */
  observe(exchange: Exchange): void {
    try {
      if (exchange.method === 'POST') this.#onCreate(exchange);
      else if (exchange.method === 'DELETE') this.#onDelete(exchange);
    } catch (error) {
      this.#failed(error);
    }
  }

  #onCreate(exchange: Exchange): void {
    const status = exchange.status;
    if (!isSuccessStatus(status)) return;
    const at = new Date(this.#now()).toISOString();
    // A body cut at MAX_RECORDED_BODY_BYTES still names the id when it comes before the cut.
    const body = parseRecordedBody(exchange);
    const id = this.#o.undo.idFrom(body);
    const base = { v: LEDGER_VERSION, runId: this.#o.runId, target: this.#o.target } as const;
    if (id === undefined) {
      const reason = exchange.responseBodyTruncated
        ? 'created, id unknown: answer cut at MAX_RECORDED_BODY_BYTES before an id'
        : 'answer names no id';
      this.#write({ ...base, op: 'unidentified', at, status, reason });
      return;
    }
    // The one gate every delete path of a created id goes through: an unsafe id is
    // written down as such and never becomes a request, here, at the end of the run or in a cleanup.
    const deletePath = this.#o.undo.deletePath;
    const safe = safeDeletePath(deletePath ?? ((plain) => `/${encodeURIComponent(plain)}`), id);
    if (!safe.ok) {
      this.#write({ ...base, op: 'unsafe-id', id: showId(id), at, status, reason: safe.reason });
      return;
    }
    if (deletePath === undefined) {
      // Its id is kept, so that a cleanup given a delete path (DELETE_PATH) can delete it later.
      this.#write({ ...base, op: 'no-delete-path', id, at, status });
      return;
    }
    const expiresAt = this.#o.undo.expiresFrom?.(body);
    const line: CreatedLine = {
      ...base,
      op: 'created',
      id,
      deletePath: safe.path,
      createdAt: at,
      ...(expiresAt !== undefined ? { expiresAt } : {}),
      status,
    };
    this.#write(line);
    this.created += 1;
    this.#open.set(this.#root + line.deletePath, line);
  }

  /**
   * A DELETE answered 2xx writes its subscription off, under the spec's path or any other that ends
   * in its id (a create made under another version is deleted there). A 404 or 410 does so only when
   * an earlier attempt of the same DELETE may have removed it: answered to the first attempt, it
   * says the delete path does not reach what this run just created, so it stays listed and the end
   * of the run reports it as left on the target.
   */
  #onDelete(exchange: Exchange): void {
    const status = exchange.status;
    const writtenOff = isSuccessStatus(status) || (notFound(status) && exchange.attempts > 1);
    if (!writtenOff) return;
    let key: string | undefined = this.#open.has(exchange.url) ? exchange.url : undefined;
    if (key === undefined && isSuccessStatus(status)) {
      const id = lastSegment(exchange.url);
      key = [...this.#open].find(([, l]) => l.id === id)?.[0];
    }
    const line = key === undefined ? undefined : this.#open.get(key);
    if (key === undefined || line === undefined) return;
    this.#write({
      v: LEDGER_VERSION,
      op: 'deleted',
      runId: line.runId,
      by: this.#o.runId,
      target: line.target,
      id: line.id,
      deletePath: line.deletePath,
      at: new Date(this.#now()).toISOString(),
      how: notFound(status) ? 'gone' : 'deleted',
      status,
    });
    this.deleted += 1;
    this.#open.delete(key);
  }

  #write(line: LedgerLine): void {
    appendLines(this.#o.file, [line]);
  }

  #now(): number {
    return (this.#o.now ?? Date.now)();
  }

  #failed(error: unknown): void {
    if (this.#writeFailed) return;
    this.#writeFailed = true;
    const message = `cannot write ${this.#o.file}: ${(error as Error).message}; subscriptions created from now on are not protected against a crash`;
    (this.#o.onWriteError ?? ((m: string) => console.error(`ledger: ${m}`)))(message);
  }
}
