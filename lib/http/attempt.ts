import { StringDecoder } from 'node:string_decoder';
import type { Dispatcher } from 'undici';
import { classifyError, type AttemptError } from './classify-error.js';
import { onAbort } from './on-abort.js';
import type { WireStartOpaque } from './wire-start.js';

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
  timeoutMs: number;
  maxBodyBytes: number;
  /**
   * Read this many bytes past maxBodyBytes before stopping, so that a secret across the cap is seen
   * whole by the redaction before the record is cut (the rest of the body is never read).
   */
  readAheadBytes?: number;
  /** Aborts the attempt when the engine closes. */
  closing: AbortSignal;
  /** Called as the request is written to its socket (needs the `announceWireStart` interceptor). */
  onWireStart: () => void;
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * Puts one request on the wire and reads the answer, keeping at most `maxBodyBytes` of the
 * body (read no further: a huge body neither fills memory nor holds the run). Never throws.
 */
export async function runAttempt(
  dispatcher: Dispatcher,
  request: WireRequest,
  options: AttemptOptions,
): Promise<AttemptResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  // Every attempt in flight waits on the same closing signal: one shared listener (on-abort.ts).
  const forgetClose = onAbort(options.closing, () => controller.abort());
  const context = (): { timedOutAfterMs?: number; closed: boolean } => ({
    closed: options.closing.aborted,
    ...(timedOut ? { timedOutAfterMs: options.timeoutMs } : {}),
  });

  try {
    let response: Dispatcher.ResponseData<WireStartOpaque>;
    try {
      response = await dispatcher.request({
        method: request.method,
        path: request.path,
        headers: request.headers,
        body: request.body ?? null,
        signal: controller.signal,
        opaque: { onWireStart: options.onWireStart } satisfies WireStartOpaque,
        // Backstops for the timer above, in case an abort is not seen in some state.
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
    } catch (error) {
      return { kind: 'error', error: classifyError(error, context()) };
    }

    // Chunks are kept as bytes and decoded once: concatenating strings chunk by chunk makes a rope the
    // size of the body many times over. Past the read limit nothing more is read: the socket is dropped.
    const limit = options.maxBodyBytes + (options.readAheadBytes ?? 0);
    const chunks: Buffer[] = [];
    let kept = 0;
    let longer = false;
    let bodyError: AttemptError | undefined;
    try {
      for await (const chunk of response.body) {
        const bytes = chunk as Buffer;
        const room = limit - kept;
        if (bytes.length > room) {
          chunks.push(bytes.subarray(0, room));
          kept += room;
          longer = true;
          break;
        }
        chunks.push(bytes);
        kept += bytes.length;
      }
    } catch (error) {
      bodyError = classifyError(error, context());
    } finally {
      // After a break or an error the stream may still hold the socket.
      if (!response.body.destroyed) response.body.destroy();
    }
    // StringDecoder holds back a multi-byte character cut in half at the limit instead of mangling it.
    const decoder = new StringDecoder('utf8');
    const all = Buffer.concat(chunks, kept);
    chunks.length = 0;
    const body = longer ? decoder.write(all) : decoder.end(all);
    const truncated = longer || kept > options.maxBodyBytes;
    return {
      kind: 'response',
      status: response.statusCode,
      headers: flattenHeaders(response.headers),
      body,
      truncated,
      ...(bodyError !== undefined ? { bodyError } : {}),
    };
  } finally {
    clearTimeout(timer);
    forgetClose();
  }
}
