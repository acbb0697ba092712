/** Real servers on 127.0.0.1:0 for the engine's tests (undici style: start, use, close). */
import diagnostics from 'node:diagnostics_channel';
import http from 'node:http';
import net from 'node:net';

/** Same clock as the engine's default, so server-side times compare with the engine's. */
export const clockNow = (): number => performance.timeOrigin + performance.now();

export interface Hit {
  /** When the request's headers had arrived (server clock). */
  at: number;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export interface TestServer {
  url: string;
  port: number;
  hits: Hit[];
  /** Most requests the server held at once. */
  maxInFlight: number;
  close(): Promise<void>;
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, index: number) => void | Promise<void>;

export async function startServer(handler: Handler): Promise<TestServer> {
  const hits: Hit[] = [];
  let inFlight = 0;
  const state = { maxInFlight: 0 };
  const server = http.createServer((req, res) => {
    const index = hits.length;
    hits.push({ at: clockNow(), method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    // 'finish' (the answer handed to the OS) comes before the client can see the answer,
    // so a client that keeps its cap is never counted over it; 'close' covers aborts.
    let done = false;
    const end = (): void => {
      if (done) return;
      done = true;
      inFlight -= 1;
    };
    res.on('finish', end);
    res.on('close', end);
    // Read the body so that keep-alive works; handlers that need it read req themselves.
    req.resume();
    void Promise.resolve(handler(req, res, index)).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    get maxInFlight() {
      return state.maxInFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A TCP server that answers every request with bytes that are not HTTP. */
export async function startGarbageServer(reply: string): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.once('data', () => socket.write(reply));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port that nothing listens on: bound once, then released. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Engine options for tests: fast timeouts, generous limits; override what a test is about. */
export const fastOptions = {
  token: undefined,
  requestTimeoutMs: 2_000,
  requestsPerSecond: 1_000,
  concurrency: 4,
  maxRequests: 1_000,
  maxRunTimeMs: 30_000,
  maxRetries: 2,
  defaultRetryAfterMs: 200,
  maxRetryAfterMs: 5_000,
  maxRecordedBodyBytes: 65_536,
} as const;

/**
 * Resolves once the engine has read the whole answer to a request for `path` at `origin`:
 * undici publishes `undici:request:trailers` when the answer is complete; the engine's own
 * handling of it runs in ticks and microtasks, which are all done before a setImmediate.
 */
export function whenAnswered(origin: string, path: string): Promise<void> {
  return new Promise((resolve) => {
    const onTrailers = (message: unknown): void => {
      const request = (message as { request?: { origin?: unknown; path?: unknown } }).request;
      if (String(request?.origin) !== origin || request?.path !== path) return;
      diagnostics.unsubscribe('undici:request:trailers', onTrailers);
      setImmediate(resolve);
    };
    diagnostics.subscribe('undici:request:trailers', onTrailers);
  });
}
