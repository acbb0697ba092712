/**
 * The probe's notification receiver: node:http on loopback (and, with `tls`, https on the same port). It answers validation handshakes with the
 * decoded token at once, records every notification POSTed to it, and can misbehave on purpose (wrong
 * token, slow, 500) for tests and drills. Readers in the same process use the returned object; workers
 * use the control API under /_receiver/ (control.ts), guarded by a per-receiver key.
 */
import { SpellingTally } from './validation-spelling.js';
import { listen } from '../net/listen.js';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONTROL_PREFIX, handleControl } from './control.js';
import { matchesFilter } from './filter.js';
import { validationRequest, wrongToken } from './handshake.js';
import { checkMode } from './mode.js';
import { checkScope, MAX_SCOPES, scopeOf } from './scope.js';
import { selfSignedLoopbackCert, type KeyAndCert } from './self-signed.js';
import {
  MAX_WAIT_MS,
  NORMAL_MODE,
  type NotificationPredicate,
  type ReceivedHandshake,
  type ReceivedNotification,
  type Receiver,
  type ReceiverMode,
} from './types.js';
import { ReceiverClosedError, ReceiverTimeoutError } from '../errors.js';

// The receiver's interface lives in types.ts so that control.ts can take one without importing this file.
export type { NotificationPredicate, Receiver } from './types.js';

export const NOTIFICATION_PATH = '/notifications';

export interface ReceiverOptions {
  /** Loopback address to listen on (default 127.0.0.1); anything else is refused. */
  host?: string;
  /** Port (default 0: any free port). */
  port?: number;
  /** The URL the service is given (e.g. a tunnel forwarding here); default `{localUrl}/notifications`. */
  publicUrl?: string;
  /** Key the control API wants in `x-receiver-key` (default: random). */
  controlKey?: string;
  /** Bytes of a body kept (default 1 MiB); the rest is read and dropped. */
  maxBodyBytes?: number;
  /** Notifications and handshakes kept, each (default 10 000; the oldest go first). */
  maxKept?: number;
  /**
   * Also speak https on the same port (told apart by the first byte), with this key and certificate,
   * or with a self-signed one made now (`true`); `url` is then https. Default false.
   */
  tls?: boolean | KeyAndCert;
}

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|localhost)$/i;
const CREDENTIALS = new Set(['authorization', 'proxy-authorization', 'cookie']);

function recordHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = CREDENTIALS.has(name) ? '[redacted]' : Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

async function readCapped(req: IncomingMessage, cap: number): Promise<{ text: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let truncated = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (kept >= cap) {
      truncated = true;
      continue; // read to the end so the connection stays usable
    }
    const part = chunk.subarray(0, cap - kept);
    if (part.length < chunk.length) truncated = true;
    chunks.push(part);
    kept += part.length;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function checkOptions(o: ReceiverOptions): void {
  if (o.host !== undefined && !LOOPBACK.test(o.host))
    throw new RangeError(`startReceiver: host must be a loopback address, got "${o.host}"`);
  if (o.port !== undefined && !(Number.isInteger(o.port) && o.port >= 0 && o.port <= 65_535)) {
    throw new RangeError(`startReceiver: port must be a whole number from 0 to 65535, got ${String(o.port)}`);
  }
  if (o.publicUrl !== undefined && !/^https?:\/\//i.test(o.publicUrl)) {
    throw new RangeError(`startReceiver: publicUrl must be an absolute http(s) URL, got "${o.publicUrl}"`);
  }
  for (const key of ['maxBodyBytes', 'maxKept'] as const) {
    const v = o[key];
    if (v !== undefined && !(Number.isInteger(v) && v > 0))
      throw new RangeError(`startReceiver: ${key} must be a whole number above 0, got ${String(v)}`);
  }
}

interface Waiter {
  match: NotificationPredicate;
  resolve: (n: ReceivedNotification) => void;
  reject: (e: Error) => void;
}

/** What the receiver holds between requests: its modes, what it received, who waits for a notification. */
class ReceiverState {
  mode: ReceiverMode = { ...NORMAL_MODE };
  /** Modes of scopes (scope.ts): a request to {url}/scope/{id} answers by its scope's mode, not the receiver's. */
  readonly scoped = new Map<string, ReceiverMode>();
  notifications: ReceivedNotification[] = [];
  handshakes: ReceivedHandshake[] = [];
  readonly spelling = new SpellingTally();
  readonly waiters = new Set<Waiter>();
  readonly closing = new AbortController();
  seq = 0;

  constructor(readonly maxKept: number) {}

  keep<T>(list: T[], item: T): T[] {
    list.push(item);
    return list.length > this.maxKept ? list.slice(list.length - this.maxKept) : list;
  }

  /** Takes the mode for one answer; `fail: once` is used up by the request that gets the 500. */
  takeMode(scope: string | undefined): ReceiverMode {
    const own = scope === undefined ? undefined : this.scoped.get(scope);
    if (scope !== undefined && own !== undefined) {
      if (own.fail === 'once') this.scoped.set(scope, { ...own, fail: 'never' });
      return { ...own };
    }
    const now = { ...this.mode };
    if (this.mode.fail === 'once') this.mode = { ...this.mode, fail: 'never' };
    return now;
  }

  onNotification(n: ReceivedNotification): void {
    this.notifications = this.keep(this.notifications, n);
    for (const w of [...this.waiters]) if (w.match(n)) w.resolve(n);
  }

  setMode(m: Parameters<typeof checkMode>[0], scope: string | undefined): ReceiverMode {
    const checked = checkMode(m);
    if (scope === undefined) {
      this.mode = checked;
      return { ...this.mode };
    }
    checkScope(scope);
    const normal = checked.token === NORMAL_MODE.token && checked.delayMs === NORMAL_MODE.delayMs && checked.fail === NORMAL_MODE.fail;
    if (normal) this.scoped.delete(scope);
    else if (this.scoped.has(scope) || this.scoped.size < MAX_SCOPES) this.scoped.set(scope, checked);
    else throw new RangeError(`setMode: at most ${MAX_SCOPES} scopes at once; set a scope back to normal to drop it`);
    return { ...checked };
  }

  /** The first notification `match` takes, received already or within `timeoutMs`. */
  waitFor(match: NotificationPredicate, timeoutMs: number, signal: AbortSignal | undefined): Promise<ReceivedNotification> {
    const seen = this.notifications.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    if (this.closing.signal.aborted) return Promise.reject(new ReceiverClosedError('waitFor: the receiver is closed'));
    return new Promise<ReceivedNotification>((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        match,
        resolve: (n) => {
          done();
          resolve(n);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      };
      const onAbort = (): void => waiter.reject(new ReceiverTimeoutError('waitFor: cancelled'));
      const timer = setTimeout(
        () =>
          waiter.reject(
            new ReceiverTimeoutError(`waitFor: no matching notification within ${timeoutMs} ms (${this.notifications.length} received)`),
          ),
        timeoutMs,
      );
      this.waiters.add(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

async function answer(
  state: ReceiverState,
  res: ServerResponse,
  delayMs: number,
  status: number,
  type: string | undefined,
  body: string,
): Promise<void> {
  if (delayMs > 0) await sleep(delayMs, undefined, { signal: state.closing.signal });
  res.writeHead(status, type === undefined ? {} : { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** A validation request (the token in the query): the token echoed, or not, as the mode says, after its delay. */
function answerValidation(
  state: ReceiverState,
  res: ServerResponse,
  request: { method: string; receivedAt: string; scope: string | undefined; validation: { parameter: string; token: string } },
): Promise<void> {
  const { method, receivedAt, scope, validation } = request;
  const m = state.takeMode(scope);
  const status = m.fail === 'never' ? 200 : 500;
  const body = status === 500 ? 'receiver told to fail' : m.token === 'echo' ? validation.token : wrongToken(validation.token);
  state.spelling.add(validation.parameter);
  state.handshakes = state.keep(state.handshakes, {
    seq: ++state.seq,
    receivedAt,
    method,
    parameter: validation.parameter,
    token: validation.token,
    answeredStatus: status,
    answeredBody: body,
    ...(scope !== undefined ? { scope } : {}),
  });
  return answer(state, res, m.delayMs, status, 'text/plain; charset=utf-8', body);
}

/** One request: the control API, a validation request, a notification (POST), or what the receiver is (GET). */
async function handleRequest(
  state: ReceiverState,
  receiver: Receiver,
  o: { controlKey: string; maxBodyBytes: number },
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const target = req.url ?? '/';
  const path = target.split(/[?#]/)[0] ?? '/';
  if (path === CONTROL_PREFIX.slice(0, -1) || path.startsWith(CONTROL_PREFIX)) {
    return handleControl(receiver, o.controlKey, req, res, state.closing.signal);
  }
  const method = req.method ?? 'GET';
  const validation = validationRequest(target);
  const { text, truncated } = await readCapped(req, o.maxBodyBytes);
  const receivedAt = new Date().toISOString();
  const scope = scopeOf(path);
  if (validation !== undefined && (method === 'POST' || method === 'GET')) {
    return answerValidation(state, res, { method, receivedAt, scope, validation });
  }
  if (method !== 'POST') {
    res.setHeader('allow', 'POST, GET');
    const status = method === 'GET' || method === 'HEAD' ? 200 : 405;
    const body = status === 200 ? 'probe notification receiver: POST notifications here\n' : '';
    return answer(state, res, 0, status, 'text/plain; charset=utf-8', body);
  }
  const m = state.takeMode(scope);
  const status = m.fail === 'never' ? 202 : 500;
  state.onNotification({
    seq: ++state.seq,
    receivedAt,
    method,
    url: target,
    headers: recordHeaders(req.headers),
    body: parseJson(text),
    rawBody: text,
    bodyTruncated: truncated,
    answeredStatus: status,
  });
  const failed = status === 500;
  return answer(state, res, m.delayMs, status, failed ? 'text/plain; charset=utf-8' : undefined, failed ? 'receiver told to fail' : '');
}

/**
 * One port for http and, with a key and certificate, https: a TLS connection starts with a handshake record (0x16),
 * plain HTTP with a method name.
 */
function onePortServer(
  onRequest: (req: IncomingMessage, res: ServerResponse) => void,
  keyAndCert: KeyAndCert | undefined,
  sockets: Set<Socket>,
) {
  const timeouts = { headersTimeout: 10_000, requestTimeout: 60_000 };
  const plain = createServer(timeouts, onRequest);
  const secure = keyAndCert === undefined ? undefined : createHttpsServer({ ...timeouts, ...keyAndCert }, onRequest);
  const server = createNetServer((socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setTimeout(10_000, () => socket.destroy()); // silent connections; the HTTP servers set their own
    socket.once('data', (first: Buffer) => {
      socket.setTimeout(0);
      socket.pause();
      socket.unshift(first);
      (first[0] === 0x16 && secure !== undefined ? secure : plain).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  return { server, plain, secure };
}

export async function startReceiver(options: ReceiverOptions = {}): Promise<Receiver> {
  checkOptions(options);
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const controlKey = options.controlKey ?? randomBytes(16).toString('hex');
  const state = new ReceiverState(options.maxKept ?? 10_000);
  const sockets = new Set<Socket>();
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    handleRequest(state, receiver, { controlKey, maxBodyBytes }, req, res).catch(() => {
      // The client went away, or the receiver is closing: nothing to answer.
      if (!res.headersSent && !req.socket.destroyed && !state.closing.signal.aborted) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('receiver error');
      } else {
        req.socket.destroy();
      }
    });
  };
  const keyAndCert = options.tls === true ? await selfSignedLoopbackCert() : options.tls === false ? undefined : options.tls;
  const { server, plain, secure } = onePortServer(onRequest, keyAndCert, sockets);
  const { url: localUrl } = await listen(server, options, 'startReceiver');

  const receiver: Receiver = {
    url: options.publicUrl ?? `${secure !== undefined ? 'https' : 'http'}://${new URL(localUrl).host}${NOTIFICATION_PATH}`,
    localUrl,
    controlKey,
    cert: keyAndCert?.cert,
    notifications: (filter = {}) => state.notifications.filter((n) => matchesFilter(n, filter)),
    handshakes: () => [...state.handshakes],
    validationSpelling: () => state.spelling.read(),
    waitFor: (match, timeoutMs, signal) => {
      if (!(Number.isFinite(timeoutMs) && timeoutMs > 0 && timeoutMs <= MAX_WAIT_MS)) {
        return Promise.reject(
          new RangeError(`waitFor: timeoutMs must be a number of milliseconds from 1 to ${MAX_WAIT_MS}, got ${String(timeoutMs)}`),
        );
      }
      return state.waitFor(typeof match === 'function' ? match : (n) => matchesFilter(n, match), timeoutMs, signal);
    },
    mode: (scope) => ({ ...(scope === undefined ? state.mode : (state.scoped.get(checkScope(scope, 'mode')) ?? NORMAL_MODE)) }),
    setMode: (m, scope) => state.setMode(m, scope),
    clear: () => {
      state.notifications = [];
      state.handshakes = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (state.closing.signal.aborted) return resolve();
        state.closing.abort();
        for (const w of [...state.waiters]) w.reject(new ReceiverClosedError('waitFor: the receiver closed'));
        server.close(() => resolve());
        plain.closeAllConnections();
        secure?.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }),
  };
  return receiver;
}
