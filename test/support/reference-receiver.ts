/**
 * A notification receiver for the reference's own tests: node:http on 127.0.0.1, port 0. It records every
 * request, and answers as the test's `answer` function says (by default: the validation handshake echoed,
 * 202 to anything else). Closed by the test (or useReceiver after each test).
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { TEST_TLS_CERT, TEST_TLS_KEY } from './reference-tls.js';

export interface Received {
  method: string;
  /** Path and query as sent. */
  url: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What to do with a request: status, headers and body; or `hang` to never answer. */
export type ReceiverAnswer = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export type AnswerFn = (req: Received, index: number) => ReceiverAnswer | Promise<ReceiverAnswer>;

export interface Receiver {
  /** e.g. http://127.0.0.1:40123/notifications */
  url: string;
  received: Received[];
  answer: AnswerFn;
  close(): Promise<void>;
}

/** Echoes `validationtoken` / `validationToken` as text/plain (decoded, as a receiver should); 202 otherwise. */
export const echoToken: AnswerFn = (req) => {
  const token = req.query.get('validationtoken') ?? req.query.get('validationToken');
  if (token !== null) return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: token };
  return { status: 202 };
};

export interface ReceiverOptions {
  /** Serve https with a self-signed certificate (reference-tls.ts). */
  tls?: boolean;
  path?: string;
}

async function startReceiver(answer: AnswerFn = echoToken, options: ReceiverOptions = {}): Promise<Receiver> {
  const hanging = new Set<ServerResponse>();
  const receiver: Receiver = {
    url: '',
    received: [],
    answer,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      const got: Received = {
        method: req.method ?? '',
        url,
        query: new URL(url, 'http://receiver').searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const index = receiver.received.push(got) - 1;
      Promise.resolve(receiver.answer(got, index)).then(
        (a) => {
          if (a === 'hang') return void hanging.add(res);
          res.writeHead(a.status, a.headers);
          res.end(a.body);
        },
        () => res.destroy(),
      );
    });
  };
  const server = options.tls === true ? createTlsServer({ key: TEST_TLS_KEY, cert: TEST_TLS_CERT }, handle) : createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const scheme = options.tls === true ? 'https' : 'http';
  receiver.url = `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}${options.path ?? '/notifications'}`;
  return receiver;
}

/** Receivers started through the returned function are closed after each test. */
export function useReceivers(): (answer?: AnswerFn, options?: ReceiverOptions) => Promise<Receiver> {
  const open: Receiver[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((r) => r.close()));
  });
  return async (answer, options) => {
    const r = await startReceiver(answer, options);
    open.push(r);
    return r;
  };
}
