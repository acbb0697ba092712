/**
 * The token source seen from the vitest worker. The suites run in a worker thread; the token source
 * lives in the main process (lib/run/run-probe.ts), so that every token of the run, renewals
 * included, is known where the reports are written and checked. The worker asks over loopback, with
 * a per-run random key (a tunnel forwards from loopback, so "came from loopback" proves nothing).
 * Tokens travel only in answers on loopback; nothing is written to disk.
 *
 *   GET  /token                      -> { token, generation, freshUntilMs }
 *   POST /token/refused?generation=N -> { token, generation, freshUntilMs }, or 204: a retry would not help
 *   503 { error }                    -> no token can be had (the line says why, without a secret)
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Bearer } from '../http/bearer.js';
import type { ClientCredentialsTokenSource } from './token-source.js';
import { BearerUnavailableError } from '../errors.js';

export const BROKER_KEY_HEADER = 'x-token-broker-key';

export interface TokenBrokerAddress {
  url: string;
  key: string;
}

export interface TokenBroker extends TokenBrokerAddress {
  source: ClientCredentialsTokenSource;
  close(): Promise<void>;
}

function keyMatches(given: string | string[] | undefined, key: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

function json(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

export async function startTokenBroker(source: ClientCredentialsTokenSource): Promise<TokenBroker> {
  const key = randomBytes(24).toString('base64url');
  const answer = (res: ServerResponse, bearer: Bearer): void =>
    json(res, 200, { token: bearer.token.reveal(), generation: bearer.generation, freshUntilMs: source.freshUntilMs() });
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    req.resume();
    if (!keyMatches(req.headers[BROKER_KEY_HEADER], key))
      return json(res, 403, { error: `the token broker wants its key in ${BROKER_KEY_HEADER}` });
    const url = new URL(req.url ?? '/', 'http://broker');
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    try {
      if (route === 'GET /token') return answer(res, await source.current());
      if (route === 'POST /token/refused') {
        const generation = Number(url.searchParams.get('generation'));
        if (!Number.isInteger(generation) || generation < 1) return json(res, 400, { error: 'generation must be a whole number from 1' });
        const next = await source.refused(generation);
        if (next === undefined) {
          res.writeHead(204).end();
          return;
        }
        return answer(res, next);
      }
      return json(res, 404, { error: `no route ${route}` });
    } catch (error) {
      if (error instanceof BearerUnavailableError) return json(res, 503, { error: error.message });
      throw error;
    }
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { error: 'the token broker failed' });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    source,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
