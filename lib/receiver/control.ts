/**
 * The receiver's control API, for suites running in a worker while the receiver runs in the main
 * process (lib/run/run-environment.ts). Every request needs the key in `x-receiver-key`: a tunnel forwards from
 * loopback, so "came from loopback" proves nothing.
 *
 *   GET    /_receiver/notifications?clientState=&subscriptionId=&after=&waitMs=   -> { notifications: [...] }
 *          (waitMs, at most 30 000: hold the answer until one matches or the time is up)
 *   DELETE /_receiver/notifications                                               -> 204, forgets everything
 *   GET    /_receiver/handshakes                                                  -> { handshakes: [...] }
 *   GET    /_receiver/mode, PUT /_receiver/mode {token?, delayMs?, fail?}         -> the mode
 *          (?scope=ID: a scope's mode only, see scope.ts)
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { filterFromQuery } from './filter.js';
import type { Receiver, ReceiverMode } from './types.js';
import { ReceiverTimeoutError } from '../errors.js';

export const CONTROL_PREFIX = '/_receiver/';
export const CONTROL_KEY_HEADER = 'x-receiver-key';
export const MAX_POLL_WAIT_MS = 30_000;
const MAX_CONTROL_BODY = 64 * 1024;

function json(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function keyMatches(given: string | string[] | undefined, key: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_CONTROL_BODY) throw new RangeError('the body is too large');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new RangeError('the body is not JSON');
  }
}

/** `GET notifications`: those the filter takes, waiting up to `waitMs` for a first one when there is none yet. */
async function pollNotifications(receiver: Receiver, url: URL, res: ServerResponse, closing: AbortSignal): Promise<void> {
  const filter = filterFromQuery(url.searchParams);
  if (typeof filter === 'string') return json(res, 400, { error: filter });
  const waitRaw = url.searchParams.get('waitMs') ?? '0';
  const waitMs = /^\d{1,6}$/.test(waitRaw) ? Math.min(Number(waitRaw), MAX_POLL_WAIT_MS) : Number.NaN;
  if (Number.isNaN(waitMs))
    return json(res, 400, { error: `waitMs must be a whole number of milliseconds, got ${JSON.stringify(waitRaw.slice(0, 20))}` });
  if (receiver.notifications(filter).length === 0 && waitMs > 0) {
    // Ends early when the reader goes away or the receiver closes.
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    const stop = AbortSignal.any([gone.signal, closing]);
    try {
      await receiver.waitFor(filter, waitMs, stop);
    } catch (error) {
      if (!(error instanceof ReceiverTimeoutError)) throw error;
    }
    if (stop.aborted) return;
  }
  return json(res, 200, { notifications: receiver.notifications(filter) });
}

export async function handleControl(
  receiver: Receiver,
  key: string,
  req: IncomingMessage,
  res: ServerResponse,
  closing: AbortSignal,
): Promise<void> {
  if (!keyMatches(req.headers[CONTROL_KEY_HEADER], key)) {
    req.resume();
    return json(res, 403, { error: `the control API wants the receiver's key in ${CONTROL_KEY_HEADER}` });
  }
  const url = new URL(req.url ?? '/', 'http://receiver');
  const route = `${req.method ?? 'GET'} ${url.pathname.slice(CONTROL_PREFIX.length)}`;
  switch (route) {
    case 'GET notifications':
      return pollNotifications(receiver, url, res, closing);
    case 'DELETE notifications':
      receiver.clear();
      res.writeHead(204).end();
      return;
    case 'GET handshakes':
      return json(res, 200, { handshakes: receiver.handshakes() });
    case 'GET mode':
      try {
        return json(res, 200, receiver.mode(url.searchParams.get('scope') ?? undefined));
      } catch (error) {
        if (error instanceof RangeError) return json(res, 400, { error: error.message });
        throw error;
      }
    case 'PUT mode': {
      try {
        return json(res, 200, receiver.setMode((await readJson(req)) as Partial<ReceiverMode>, url.searchParams.get('scope') ?? undefined));
      } catch (error) {
        if (error instanceof RangeError) return json(res, 400, { error: error.message });
        throw error;
      }
    }
    default:
      req.resume();
      return json(res, 404, { error: `no control route ${route}` });
  }
}
