import { parseRecordedBody } from '../http/recorded-body.js';
import type { Exchange } from '../http/types.js';
import { appendLines } from './append.js';
import { LEDGER_VERSION, type CreatedLine, type LedgerLine } from './types.js';

/** How the ledger learns what a create made and how to undo it (the operation's cleanup, as data). */
export interface CreateUndo {
  idFrom: (body: unknown) => string | undefined;
  deletePath: (id: string) => string;
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

const gone = (status: number | null): boolean => status !== null && ((status >= 200 && status < 300) || status === 404 || status === 410);

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
    if (status === null || status < 200 || status >= 300) return;
    const at = new Date(this.#now()).toISOString();
    // A body cut at MAX_RECORDED_BODY_BYTES still names the id when it comes before the cut.
    const body = parseRecordedBody(exchange);
    const id = this.#o.undo.idFrom(body);
    const base = { v: LEDGER_VERSION, runId: this.#o.runId, target: this.#o.target } as const;
    if (id === undefined) {
      const reason = exchange.responseBodyTruncated ? 'created, id unknown: answer cut at MAX_RECORDED_BODY_BYTES before an id' : 'answer names no id';
      this.#write({ ...base, op: 'unidentified', at, status, reason });
      return;
    }
    const expiresAt = this.#o.undo.expiresFrom?.(body);
    const line: CreatedLine = {
      ...base,
      op: 'created',
      id,
      deletePath: this.#o.undo.deletePath(id),
      createdAt: at,
      ...(expiresAt !== undefined ? { expiresAt } : {}),
      status,
    };
    this.#write(line);
    this.created += 1;
    this.#open.set(this.#root + line.deletePath, line);
  }

  #onDelete(exchange: Exchange): void {
    const line = this.#open.get(exchange.url);
    if (line === undefined || !gone(exchange.status)) return;
    const status = exchange.status;
    this.#write({
      v: LEDGER_VERSION,
      op: 'deleted',
      runId: line.runId,
      by: this.#o.runId,
      target: line.target,
      id: line.id,
      deletePath: line.deletePath,
      at: new Date(this.#now()).toISOString(),
      how: status === 404 || status === 410 ? 'gone' : 'deleted',
      status,
    });
    this.deleted += 1;
    this.#open.delete(exchange.url);
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
