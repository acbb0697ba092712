import { StringDecoder } from 'node:string_decoder';
import type { Dispatcher } from 'undici';
import { classifyError, type AttemptError } from './classify-error.js';
import { onAbort } from './on-abort.js';

export interface WireRequest {
  method: string;
  /** Path with query, from the origin. */
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export interface AttemptResponse {
  kind: 'response';
  status: number;
  /** Lowercased names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** What was read: up to maxBodyBytes, plus readAheadBytes when the body is longer (see AttemptOptions). */
  body: string;
  /** The body is longer than maxBodyBytes: the record must cut it there. */
  truncated: boolean;
  /** Set when the body broke off after the status and headers came. */
  bodyError?: AttemptError;
}

export type AttemptResult = AttemptResponse | { kind: 'error'; error: AttemptError };

export interface AttemptOptions {
  /** The origin the request goes to: a proxy agent routes by it (a Client has its own). */
  origin: string;
  timeoutMs: number;
  maxBodyBytes: number;
  /**
   * Read this many bytes past maxBodyBytes before stopping, so that a secret across the cap is seen
   * whole by the redaction before the record is cut (the rest of the body is never read).
   */
  readAheadBytes?: number;
  /** Aborts the attempt when the engine closes. */
  closing: AbortSignal;
  /** Told as the request is written to its socket (after any connect, just before the request line): the permit. */
  wire: { started(): void };
}

/** Header fields as undici parses them for a handler. */
type IncomingHttpHeaders = Record<string, string | string[] | undefined>;

/**
 * undici's parsed headers with repeats joined, in place: the object is this attempt's own. A field named
 * `__proto__` (which undici keeps as an own property) is dropped, as copying into a plain object did.
 */
function flattenHeaders(raw: IncomingHttpHeaders): Record<string, string> {
  for (const name in raw) {
    const value = raw[name];
    if (value === undefined || name === '__proto__') delete raw[name];
    else if (typeof value !== 'string') raw[name] = value.join(', ');
  }
  return raw as Record<string, string>;
}

/**
 * Puts one request on the wire and reads the answer, keeping at most `maxBodyBytes` (+ read-ahead) of
 * the body and reading no further: past that the connection is dropped, so a huge body neither fills
 * memory nor holds the run. Never throws (a request undici refuses is an error result of kind `usage`).
 */
export function runAttempt(dispatcher: Dispatcher, request: WireRequest, options: AttemptOptions): Promise<AttemptResult> {
  return new Promise((resolve) => new Attempt(options, resolve).start(dispatcher, request));
}

/**
 * One attempt as an undici dispatch handler. The handler API, rather than `dispatcher.request`, is the
 * send path's hot spot: `request` wraps every answer in a Readable stream, an AbortSignal with its
 * listeners and two handler adapters, and reading that stream with `for await` costs event-loop turns
 * per answer; at a few thousand requests a second those were most of the engine's own time. Here the
 * chunks land in an array, the status and headers in fields, and aborting is the controller's `abort`.
 */
class Attempt implements Dispatcher.DispatchHandler {
  readonly #options: AttemptOptions;
  readonly #resolve: (result: AttemptResult) => void;
  readonly #limit: number;
  readonly #timer: NodeJS.Timeout;
  readonly #forgetClose: () => void;
  #controller: Dispatcher.DispatchController | undefined;
  /** An abort asked for before the request reached its socket: carried out when it does. */
  #pendingAbort: Error | undefined;
  #timedOut = false;
  #settled = false;
  #status = 0;
  #headers: Record<string, string> = {};
  readonly #chunks: Buffer[] = [];
  #kept = 0;
  /** The body went past the read limit: the connection was dropped on purpose. */
  #longer = false;

  constructor(options: AttemptOptions, resolve: (result: AttemptResult) => void) {
    this.#options = options;
    this.#resolve = resolve;
    this.#limit = options.maxBodyBytes + (options.readAheadBytes ?? 0);
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.#abort();
    }, options.timeoutMs);
    // Every attempt in flight waits on the same closing signal: one shared listener (on-abort.ts).
    this.#forgetClose = onAbort(options.closing, () => this.#abort());
  }

  start(dispatcher: Dispatcher, request: WireRequest): void {
    if (this.#options.closing.aborted) {
      this.#settle({ kind: 'error', error: classifyError(undefined, this.#context()) });
      return;
    }
    dispatcher.dispatch(
      {
        origin: this.#options.origin,
        method: request.method,
        path: request.path,
        headers: request.headers,
        body: request.body ?? null,
        // Backstops for the timer, in case an abort is not seen in some state.
        headersTimeout: this.#options.timeoutMs,
        bodyTimeout: this.#options.timeoutMs,
      },
      this,
    );
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#pendingAbort !== undefined) {
      controller.abort(this.#pendingAbort);
      return;
    }
    this.#options.wire.started();
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    if (statusCode < 200) return; // 1xx: informational, the answer is still to come (as `request` does)
    this.#status = statusCode;
    this.#headers = flattenHeaders(headers);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    const room = this.#limit - this.#kept;
    if (chunk.length > room) {
      this.#chunks.push(chunk.subarray(0, room));
      this.#kept += room;
      this.#longer = true;
      controller.abort(new Error('body read limit reached')); // ends in onResponseError, which keeps what was read
      return;
    }
    this.#chunks.push(chunk);
    this.#kept += chunk.length;
  }

  onResponseEnd(): void {
    this.#settle(this.#response(undefined));
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    if (this.#status === 0) {
      this.#settle({ kind: 'error', error: classifyError(error, this.#context()) });
      return;
    }
    // The status and headers came: the answer stands, with what was read of its body.
    this.#settle(this.#response(this.#longer ? undefined : classifyError(error, this.#context())));
  }

  #abort(): void {
    if (this.#settled) return;
    const reason = new Error('attempt aborted');
    if (this.#controller === undefined) this.#pendingAbort = reason;
    else this.#controller.abort(reason);
  }

  #context(): { timedOutAfterMs?: number; closed: boolean } {
    return {
      closed: this.#options.closing.aborted,
      ...(this.#timedOut ? { timedOutAfterMs: this.#options.timeoutMs } : {}),
    };
  }

  #response(bodyError: AttemptError | undefined): AttemptResponse {
    const chunks = this.#chunks;
    const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, this.#kept);
    chunks.length = 0;
    // Cut at the limit, StringDecoder holds back a multi-byte character cut in half instead of mangling it.
    const body = this.#longer ? new StringDecoder('utf8').write(all) : all.toString('utf8');
    return {
      kind: 'response',
      status: this.#status,
      headers: this.#headers,
      body,
      truncated: this.#longer || this.#kept > this.#options.maxBodyBytes,
      ...(bodyError !== undefined ? { bodyError } : {}),
    };
  }

  #settle(result: AttemptResult): void {
    if (this.#settled) return;
    this.#settled = true;
    clearTimeout(this.#timer);
    this.#forgetClose();
    this.#resolve(result);
  }
}
