/**
 * The engine with a token source that renews (client credentials): the token is asked for each attempt,
 * a 401 invalid_token is retried once with a renewed token, a second 401 in a row is the target's
 * answer, and no token the source ever held appears in a record.
 */
import { describe, expect, test } from 'vitest';
import { Secret } from '../secret.js';
import { type Bearer, type BearerSource } from './bearer.js';
import { HttpEngine } from './engine.js';
import { fastOptions, startServer } from '../../test/support/http-server.js';
import type { Exchange } from './types.js';
import { BearerUnavailableError } from '../errors.js';

/** Tokens old-1, old-2, ...: `refused` hands out the next one unless `renewals` are used up. */
function rotatingSource(renewals: number): BearerSource & { refusedCalls: number[] } {
  const tokens = [new Secret('tok-GEN-1-a8f3')];
  let left = renewals;
  const bearer = (): Bearer => ({ token: tokens.at(-1) as Secret, generation: tokens.length });
  const refusedCalls: number[] = [];
  return {
    refusedCalls,
    current: () => Promise.resolve(bearer()),
    refused: (generation) => {
      refusedCalls.push(generation);
      if (generation !== tokens.length) return Promise.resolve(bearer());
      if (left === 0) return Promise.resolve(undefined);
      left -= 1;
      tokens.push(new Secret(`tok-GEN-${tokens.length + 1}-a8f3`));
      return Promise.resolve(bearer());
    },
    secrets: () => [...tokens],
  };
}

/** A target that takes only `valid` tokens and says invalid_token (RFC 6750) otherwise; it echoes what it got. */
function target(valid: (auth: string) => boolean) {
  return startServer((req, res) => {
    const auth = String(req.headers.authorization);
    if (valid(auth)) {
      res.writeHead(200).end(`ok ${auth}`);
      return;
    }
    res
      .writeHead(401, { 'www-authenticate': 'Bearer realm="x", error="invalid_token", error_description="The access token expired"' })
      .end(`refused ${auth}`);
  });
}

describe('a 401 invalid_token', () => {
  test('is retried once with the renewed token; the exchange records the answer to that one, redacted', async () => {
    const server = await target((auth) => auth === 'Bearer tok-GEN-2-a8f3');
    const source = rotatingSource(5);
    const recorded: Exchange[] = [];
    const engine = new HttpEngine({
      ...fastOptions,
      maxRetries: 0,
      baseUrl: server.url,
      token: source,
      onExchange: (x) => recorded.push(x),
    });
    try {
      const x = await engine.send({ method: 'GET', path: '/' });
      expect(x.status).toBe(200);
      expect(x.attempts).toBe(2);
      expect(x.retriedStatuses).toEqual([401]);
      expect(server.hits.map((h) => h.headers.authorization)).toEqual(['Bearer tok-GEN-1-a8f3', 'Bearer tok-GEN-2-a8f3']);
      expect(x.requestHeaders.authorization).toBe('Bearer [redacted]');
      expect(JSON.stringify(recorded)).not.toMatch(/tok-GEN/);
      expect(engine.stats()).toMatchObject({ requestsSent: 2, retries: 1 });
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('twice in a row is the target answer: recorded as 401, the source asked once', async () => {
    const server = await target(() => false);
    const source = rotatingSource(5);
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, token: source });
    try {
      const x = await engine.send({ method: 'GET', path: '/' });
      expect(x.status).toBe(401);
      expect(x.attempts).toBe(2);
      expect(source.refusedCalls).toEqual([1]);
      expect(x.responseBody).toBe('refused Bearer [redacted]');
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('is not retried when the source has nothing newer, nor for a request that set its own credentials', async () => {
    const server = await target(() => false);
    const source = rotatingSource(0);
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, token: source });
    try {
      expect((await engine.send({ method: 'GET', path: '/' })).attempts).toBe(1);
      expect((await engine.send({ method: 'GET', path: '/', auth: false, headers: { authorization: 'Bearer made-up' } })).attempts).toBe(1);
      expect(source.refusedCalls).toEqual([1]);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('a 401 that does not say the token is bad (no invalid_token) is the answer, not retried', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(401, { 'www-authenticate': 'Bearer realm="x"' }).end('who are you');
    });
    const source = rotatingSource(5);
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, token: source });
    try {
      expect((await engine.send({ method: 'GET', path: '/' })).attempts).toBe(1);
      expect(source.refusedCalls).toEqual([]);
    } finally {
      await engine.close();
      await server.close();
    }
  });
});

test('no token to be had: the exchange ends as a token failure and nothing is sent', async () => {
  const server = await startServer((_req, res) => {
    res.writeHead(200).end();
  });
  const source: BearerSource = {
    current: () =>
      Promise.reject(new BearerUnavailableError('token: no answer from 127.0.0.1:9 (connection failed); check TOKEN_URL and the network')),
    refused: () => Promise.resolve(undefined),
    secrets: () => [],
  };
  const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, token: source });
  try {
    const x = await engine.send({ method: 'GET', path: '/' });
    expect(x.failure).toEqual({
      kind: 'token',
      message: 'token: no answer from 127.0.0.1:9 (connection failed); check TOKEN_URL and the network',
    });
    expect(x.attempts).toBe(0);
    expect(server.hits).toHaveLength(0);
    expect(engine.stats().requestsSent).toBe(0);
  } finally {
    await engine.close();
    await server.close();
  }
});
