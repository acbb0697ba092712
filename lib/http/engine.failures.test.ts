import { describe, test } from 'vitest';
import { HttpEngine, HttpEngineUsageError } from './engine.js';
import { clockNow, closedPort, fastOptions, startGarbageServer, startServer } from './test-server.js';

describe.concurrent('failures are recorded, never thrown', () => {
  test('a target that never answers ends as timeout within bounded time, each attempt counted', async ({ expect }) => {
    const server = await startServer(() => undefined); // holds every request
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, requestTimeoutMs: 200, maxRetries: 1 });
    try {
      const started = clockNow();
      const a = await engine.send({ method: 'POST', path: '/slow', body: '{}' });
      const elapsed = clockNow() - started;
      expect(a).toMatchObject({ status: null, attempts: 2, failure: { kind: 'timeout' } });
      expect(a.failure?.message).toBe('no answer within 200 ms (after 2 attempts)');
      expect(engine.stats()).toMatchObject({ requestsSent: 2, retries: 1 });
      // On a loaded machine the second request can time out before the server reads it.
      expect(server.hits.length).toBeGreaterThanOrEqual(1);
      expect(server.hits.length).toBeLessThanOrEqual(2);
      // Two timeouts of 200 ms and one backoff of at most 100 ms, plus slack for a loaded machine.
      expect(elapsed).toBeGreaterThanOrEqual(400);
      expect(elapsed).toBeLessThan(1_200);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('5xx answers are retried and a later success stands', async ({ expect }) => {
    const statuses = [500, 502, 201];
    const server = await startServer((_req, res, index) => {
      res.writeHead(statuses[index] ?? 500).end(index === 2 ? '{"id":"x"}' : 'oops');
    });
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, maxRetries: 2 });
    try {
      const a = await engine.send({ method: 'POST', path: '/s' });
      expect(a).toMatchObject({ status: 201, attempts: 3, retriedStatuses: [500, 502], responseBody: '{"id":"x"}' });
      expect(a.failure).toBeUndefined();
      expect(server.hits).toHaveLength(3);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('5xx after every retry ends as a server failure with the status kept', async ({ expect }) => {
    const server = await startServer((_req, res) => {
      res.writeHead(500).end('boom');
    });
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, maxRetries: 2 });
    try {
      const a = await engine.send({ method: 'POST', path: '/s' });
      expect(a).toMatchObject({
        status: 500,
        attempts: 3,
        retriedStatuses: [500, 500],
        responseBody: 'boom',
        failure: { kind: 'server', message: 'HTTP 500 after 3 attempts' },
      });
      expect(server.hits).toHaveLength(3);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('a dropped connection is retried', async ({ expect }) => {
    const server = await startServer((req, res, index) => {
      if (index === 0) req.socket.destroy();
      else res.writeHead(201).end('{}');
    });
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url });
    try {
      const a = await engine.send({ method: 'POST', path: '/d' });
      expect(a).toMatchObject({ status: 201, attempts: 2, retriedStatuses: [] });
      expect(a.failure).toBeUndefined();
      expect(server.hits).toHaveLength(2);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('connections dropped every time end as a network failure', async ({ expect }) => {
    const server = await startServer((req) => {
      req.socket.destroy();
    });
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, maxRetries: 1 });
    try {
      const a = await engine.send({ method: 'POST', path: '/d' });
      expect(a).toMatchObject({ status: null, attempts: 2, failure: { kind: 'network' } });
      expect(server.hits).toHaveLength(2);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('an unreachable target gives a one-line message that points at BASE_URL', async ({ expect }) => {
    const port = await closedPort();
    const engine = new HttpEngine({ ...fastOptions, baseUrl: `http://127.0.0.1:${port}`, maxRetries: 1 });
    try {
      const a = await engine.send({ method: 'GET', path: '/' });
      expect(a).toMatchObject({ status: null, attempts: 2, failure: { kind: 'network' } });
      expect(a.failure?.message).toContain(`connect ECONNREFUSED 127.0.0.1:${port} — is BASE_URL right?`);
      expect(a.failure?.message).not.toContain('\n');
      expect(engine.stats()).toMatchObject({ requestsSent: 2, retries: 1, exchanges: 1 });
    } finally {
      await engine.close();
    }
  });

  test('an answer that is not HTTP ends as malformed', async ({ expect }) => {
    const server = await startGarbageServer('HELLO THIS IS NOT HTTP\r\n\r\n');
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url });
    try {
      const a = await engine.send({ method: 'GET', path: '/' });
      expect(a).toMatchObject({ status: null, attempts: 1, failure: { kind: 'malformed' } });
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('the body is cut at the limit on a character boundary; header names are lowercased', async ({ expect }) => {
    const server = await startServer((_req, res) => {
      res.writeHead(400, { 'X-Request-Id': 'abc', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('é'.repeat(100)); // two bytes each
    });
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, maxRecordedBodyBytes: 11 });
    try {
      const a = await engine.send({ method: 'GET', path: '/' });
      expect(a).toMatchObject({ status: 400, responseBody: 'é'.repeat(5), responseBodyTruncated: true });
      expect(a.failure).toBeUndefined();
      expect(a.responseHeaders['x-request-id']).toBe('abc');
      expect(Object.keys(a.responseHeaders).every((name) => name === name.toLowerCase())).toBe(true);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('a path below the base URL and the request as recorded', async ({ expect }) => {
    const server = await startServer((_req, res) => {
      res.writeHead(204).end();
    });
    const engine = new HttpEngine({ ...fastOptions, baseUrl: `${server.url}/_api/v2.0/` });
    try {
      const a = await engine.send({
        method: 'POST',
        path: '/drive/root/subscriptions?x=1',
        headers: { 'Content-Type': 'application/json' },
        body: '{"a":1}',
      });
      expect(server.hits[0]?.url).toBe('/_api/v2.0/drive/root/subscriptions?x=1');
      expect(a).toMatchObject({
        seq: 1,
        method: 'POST',
        url: `${server.url}/_api/v2.0/drive/root/subscriptions?x=1`,
        requestHeaders: { 'Content-Type': 'application/json' },
        requestBody: '{"a":1}',
        status: 204,
        responseBody: '',
        attempts: 1,
      });
      expect(Date.parse(a.startedAt)).not.toBeNaN();
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test("the caller's own mistakes throw a usage error; a closed engine refuses to send", async ({ expect }) => {
    const server = await startServer((_req, res) => {
      res.writeHead(204).end();
    });
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url });
    try {
      await expect(engine.send({ method: 'GET', path: '/', headers: { 'x-bad': 'a\nb' } })).rejects.toBeInstanceOf(HttpEngineUsageError);
      expect(engine.stats().requestsSent).toBe(0);
      expect(() => new HttpEngine({ ...fastOptions, baseUrl: 'not a url' })).toThrow(HttpEngineUsageError);
      expect(() => new HttpEngine({ ...fastOptions, baseUrl: server.url, concurrency: 0 })).toThrow(/concurrency/);
    } finally {
      await engine.close();
      await server.close();
    }
    await expect(engine.send({ method: 'GET', path: '/' })).rejects.toBeInstanceOf(HttpEngineUsageError);
  });

  test('close() ends requests waiting on the gate at once', async ({ expect }) => {
    const server = await startServer((_req, res) => {
      res.writeHead(429, { 'retry-after': '3' }).end();
    });
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, concurrency: 1 });
    const started = clockNow();
    const pending = [engine.send({ method: 'GET', path: '/a' }), engine.send({ method: 'GET', path: '/b' })];
    while (server.hits.length === 0 && clockNow() - started < 2_000) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 30));
    await engine.close();
    const [a, b] = await Promise.all(pending);
    expect(a).toMatchObject({ status: 429, attempts: 1, failure: { kind: 'deadline' } });
    expect(b).toMatchObject({ status: null, attempts: 0, failure: { kind: 'deadline' } });
    expect(b?.failure?.message).toMatch(/closed/);
    expect(clockNow() - started).toBeLessThan(1_000);
    await server.close();
  });
});

describe('the first exchanges all failing at the connection stop the run', () => {
  test('after three in a row, every later request is denied with the cause, and the stop is recorded', async ({ expect }) => {
    const engine = new HttpEngine({ ...fastOptions, baseUrl: `http://127.0.0.1:${await closedPort()}`, maxRetries: 1, concurrency: 1 });
    try {
      const exchanges = [];
      for (let i = 0; i < 6; i += 1) exchanges.push(await engine.send({ method: 'GET', path: `/x${i}` }));
      expect(exchanges.map((e) => e.attempts)).toEqual([2, 2, 2, 0, 0, 0]);
      expect(engine.stats().requestsSent).toBe(6);
      const stop = engine.stats().stoppedEarly;
      expect(stop?.by).toBe('connection');
      expect(stop?.why).toMatch(
        /^the first 3 requests all failed at the connection: connect ECONNREFUSED .*; no request reached it: check BASE_URL and that the service is up$/,
      );
      expect(exchanges[5]?.failure).toMatchObject({ kind: 'network', message: stop?.why });
    } finally {
      await engine.close();
    }
  });

  test('an answer first: later connection failures are the target failing mid-run, not the setup', async ({ expect }) => {
    const server = await startServer((req, res, index) => {
      if (index === 0) res.end('ok');
      else req.socket.destroy();
    });
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, maxRetries: 0, concurrency: 1 });
    try {
      for (let i = 0; i < 6; i += 1) await engine.send({ method: 'GET', path: '/' });
      expect(engine.stats().stoppedEarly).toBeUndefined();
      expect(engine.stats().requestsSent).toBe(6);
    } finally {
      await engine.close();
      await server.close();
    }
  });
});
