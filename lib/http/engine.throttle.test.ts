import { describe, test } from 'vitest';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpEngine } from './engine.js';
import { waitFilePath } from './wait-file.js';
import { clockNow, fastOptions, startServer, whenAnswered, type TestServer } from '../../test/support/http-server.js';

/**
 * Timer tolerance for "no request before the time the target named": the engine's clock
 * and the server's are the same clock in one process, so the only slack needed is for
 * timer and clock granularity. 20 ms is generous for that and far below the 1 s waits.
 */
const TOLERANCE_MS = 20;

/** A server whose first answer is a 429 with the given headers and every later one a 201. */
async function throttleOnce(headers: () => Record<string, string>): Promise<{
  server: TestServer;
  throttledAt: Promise<number>;
}> {
  let markThrottled: (at: number) => void = () => undefined;
  const throttledAt = new Promise<number>((resolve) => (markThrottled = resolve));
  const server = await startServer((_req, res, index) => {
    if (index === 0) {
      const h = headers();
      if (h.date === undefined) res.sendDate = false;
      res.writeHead(429, h);
      markThrottled(clockNow());
      res.end('slow down');
      return;
    }
    res.writeHead(201).end('{}');
  });
  return { server, throttledAt };
}

describe.concurrent('Retry-After', () => {
  test('delta-seconds: neither the retry nor a later request reaches the target before the named time', async ({ expect }) => {
    const { server, throttledAt } = await throttleOnce(() => ({ 'retry-after': '1' }));
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, concurrency: 2 });
    try {
      const answered = whenAnswered(server.url, '/a');
      const first = engine.send({ method: 'POST', path: '/a' });
      const t429 = await throttledAt;
      await answered; // the others ask once the engine has read the 429, not before
      const others = [engine.send({ method: 'POST', path: '/b' }), engine.send({ method: 'POST', path: '/c' })];
      const [a, b, c] = await Promise.all([first, ...others]);

      expect(a).toMatchObject({ status: 201, attempts: 2, retriedStatuses: [429] });
      expect(a?.failure).toBeUndefined();
      expect([b?.status, c?.status]).toEqual([201, 201]);
      const later = server.hits.slice(1);
      expect(later).toHaveLength(3);
      for (const hit of later) expect(hit.at).toBeGreaterThanOrEqual(t429 + 1000 - TOLERANCE_MS);
      expect(a?.durationMs).toBeGreaterThanOrEqual(1000 - TOLERANCE_MS);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('a request queued behind the throttled one (concurrency 1) waits too', async ({ expect }) => {
    const { server, throttledAt } = await throttleOnce(() => ({ 'retry-after': '1' }));
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, concurrency: 1 });
    try {
      const [a, b] = await Promise.all([engine.send({ method: 'POST', path: '/a' }), engine.send({ method: 'POST', path: '/b' })]);
      const t429 = await throttledAt;
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(server.hits.map((h) => h.url)).toEqual(['/a', '/b', '/a']);
      for (const hit of server.hits.slice(1)) expect(hit.at).toBeGreaterThanOrEqual(t429 + 1000 - TOLERANCE_MS);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('HTTP-date is read against the response Date header', async ({ expect }) => {
    // Whole seconds, as HTTP-dates have: the target names "one second after my Date".
    const { server, throttledAt } = await throttleOnce(() => {
      const second = Math.floor(Date.now() / 1000) * 1000;
      return {
        date: new Date(second).toUTCString(),
        'retry-after': new Date(second + 1000).toUTCString(),
      };
    });
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url });
    try {
      const a = await engine.send({ method: 'GET', path: '/a' });
      const t429 = await throttledAt;
      expect(a).toMatchObject({ status: 201, attempts: 2, retriedStatuses: [429] });
      expect(server.hits[1]?.at).toBeGreaterThanOrEqual(t429 + 1000 - TOLERANCE_MS);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('HTTP-date without a Date header is read against the local clock', async ({ expect }) => {
    let named = 0;
    const { server } = await throttleOnce(() => {
      named = Math.floor((Date.now() + 1500) / 1000) * 1000; // 0.5 to 1.5 s ahead
      return { 'retry-after': new Date(named).toUTCString() };
    });
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url });
    try {
      const a = await engine.send({ method: 'GET', path: '/a' });
      expect(a).toMatchObject({ status: 201, attempts: 2 });
      // `named` is wall-clock; the hit time is the monotonic clock the engine uses. They
      // agree to well within the tolerance over a test's few seconds.
      expect(server.hits[1]?.at).toBeGreaterThanOrEqual(named - TOLERANCE_MS);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('no Retry-After: the default wait is used', async ({ expect }) => {
    const { server, throttledAt } = await throttleOnce(() => ({}));
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, defaultRetryAfterMs: 300 });
    try {
      const a = await engine.send({ method: 'GET', path: '/a' });
      const t429 = await throttledAt;
      expect(a).toMatchObject({ status: 201, attempts: 2, retriedStatuses: [429] });
      expect(server.hits[1]?.at).toBeGreaterThanOrEqual(t429 + 300 - TOLERANCE_MS);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('a Retry-After beyond the limit ends that exchange as throttled and holds no other request', async ({ expect }) => {
    // A count limit answers "retry after 9999-12-31" for one resource: the run goes on with the others.
    const server = await startServer((req, res) => {
      if (req.url === '/a') res.writeHead(429, { 'retry-after': 'Fri, 31 Dec 9999 23:59:59 GMT' }).end();
      else res.writeHead(201).end();
    });
    const waitDir = mkdtempSync(join(tmpdir(), 'far-wait-'));
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, maxRetryAfterMs: 2_000, waitDir });
    try {
      const started = clockNow();
      const a = await engine.send({ method: 'GET', path: '/a' });
      const b = await engine.send({ method: 'GET', path: '/b' });
      expect(a).toMatchObject({ status: 429, attempts: 1, failure: { kind: 'throttled', beyondWait: true } });
      expect(a.failure?.message).toMatch(/ms \(Retry-After\), longer than the 2000 ms/);
      expect(b).toMatchObject({ status: 201, attempts: 1 });
      expect(server.hits).toHaveLength(2);
      expect(clockNow() - started).toBeLessThan(1_000);
      // Nothing is kept for the next command on this target: it sends at once.
      expect(existsSync(waitFilePath(waitDir, new URL(server.url).origin))).toBe(false);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  test('503 is retried like 429, and ends as throttled once the retries are spent', async ({ expect }) => {
    const server = await startServer((_req, res, index) => {
      res.writeHead(index % 2 === 0 ? 503 : 429, { 'retry-after': '0' }).end('busy');
    });
    const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, maxRetries: 2 });
    try {
      const a = await engine.send({ method: 'GET', path: '/a' });
      expect(a).toMatchObject({
        status: 503,
        attempts: 3,
        retriedStatuses: [503, 429],
        responseBody: 'busy',
        failure: { kind: 'throttled', message: 'HTTP 503 still after 2 retries' },
      });
      expect(server.hits).toHaveLength(3);
      expect(engine.stats()).toMatchObject({ requestsSent: 3, retries: 2, exchanges: 1 });
    } finally {
      await engine.close();
      await server.close();
    }
  });
});
