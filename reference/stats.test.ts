import { setTimeout as sleep } from 'node:timers/promises';
import { Client as UndiciClient } from 'undici';
import { describe, expect, test } from 'vitest';
import { startReferenceService, type ReferenceService } from './index.js';
import { IN_FLIGHT_TOLERANCE_MS, RETRY_AFTER_TOLERANCE_MS, StatsRecorder } from './stats.js';
import { Client, CREATE_PATH, TOKEN, useService, v2Body } from '../test/support/reference-client.js';

const { service, client } = useService();

describe('StatsRecorder (clock given explicitly)', () => {
  test('Retry-After: same connection counts at once; another connection only after the in-flight tolerance', () => {
    const stats = new StatsRecorder();
    const [a, b] = [{}, {}];
    stats.told(a, 1000, 2000);

    stats.arrive('GET', b, 1000 + IN_FLIGHT_TOLERANCE_MS - 1); // may have been sent before the 429 was read
    stats.arrive('GET', a, 1001); // same connection: sent after reading the 429
    stats.arrive('GET', b, 1000 + IN_FLIGHT_TOLERANCE_MS);
    stats.arrive('GET', b, 2000 - RETRY_AFTER_TOLERANCE_MS - 1);
    stats.arrive('GET', a, 2000 - RETRY_AFTER_TOLERANCE_MS); // within the timer tolerance of the end
    stats.arrive('GET', b, 2500);

    expect(stats.snapshot(0).earlyAfterRetryAfter).toBe(3);
  });

  test('maxRequestsInAnySecond uses a sliding window', () => {
    const stats = new StatsRecorder();
    for (const at of [0, 500, 999, 1000, 1600, 2601]) stats.arrive('GET', {}, at);

    expect(stats.snapshot(0).maxRequestsInAnySecond).toBe(3);
  });

  test('peakConcurrency follows arrivals and departures; reset keeps what is still in flight', () => {
    const stats = new StatsRecorder();
    stats.arrive('GET', {}, 0);
    stats.arrive('GET', {}, 1);
    stats.depart();
    stats.arrive('GET', {}, 2);
    expect(stats.snapshot(0).peakConcurrency).toBe(2);

    stats.reset();

    expect(stats.snapshot(0)).toMatchObject({ requests: 0, peakConcurrency: 2 });
  });
});

describe('counters over HTTP', () => {
  test('requests, methods, statuses, creates, deletes, live subscriptions', async () => {
    const created = (await client.create(v2Body())).json as { id: string };
    await client.create({});
    await client.send('GET', CREATE_PATH);
    await client.send('DELETE', `${CREATE_PATH}/${created.id}`);
    await client.create(v2Body());

    expect(service().stats()).toMatchObject({
      requests: 5,
      byMethod: { POST: 3, GET: 1, DELETE: 1 },
      byStatus: { '201': 2, '400': 1, '200': 1, '204': 1 },
      creates: 2,
      deletes: 1,
      liveSubscriptions: 1,
    });
  });

  test('peakConcurrency counts requests in flight at once', async () => {
    service().setFaults({ latencyMs: 300 });

    await Promise.all(Array.from({ length: 5 }, () => client.send('GET', CREATE_PATH)));

    expect(service().stats().peakConcurrency).toBe(5);
  });

  test('maxRequestsInAnySecond sees a burst', async () => {
    for (let i = 0; i < 30; i += 1) await client.send('GET', CREATE_PATH);

    expect(service().stats().maxRequestsInAnySecond).toBeGreaterThanOrEqual(30);
  });

  test('resetStats clears counters but not subscriptions', async () => {
    await client.create(v2Body());

    service().resetStats();

    expect(service().stats()).toMatchObject({ requests: 0, creates: 0, byStatus: {}, liveSubscriptions: 1 });
  });
});

/** What the service told persists across resetStats (by design), so each Retry-After test gets its own service. */
async function withFreshService(run: (service: ReferenceService, client: Client) => Promise<void>): Promise<void> {
  const service = await startReferenceService({ tokens: [TOKEN], faults: { throttle429Share: 1, retryAfterSeconds: 1 } });
  const client = new Client(() => service.url);
  try {
    await run(service, client);
  } finally {
    await client.agent.close();
    await service.close();
  }
}

describe('earlyAfterRetryAfter over HTTP', () => {
  test('a client that comes back before the second it was told is counted, each time', async () => {
    await withFreshService(async (service, client) => {
      expect((await client.create(v2Body())).status).toBe(429);
      await sleep(IN_FLIGHT_TOLERANCE_MS + 50); // clearly after reading the 429, clearly before the second is over
      await client.create(v2Body());
      await sleep(100);
      await client.create(v2Body());

      expect(service.stats().earlyAfterRetryAfter).toBe(2);
    });
  });

  test('an immediate retry on the same connection is counted', async () => {
    await withFreshService(async (service) => {
      const one = new UndiciClient(service.url); // a single connection
      try {
        const send = async (): Promise<number> => {
          const res = await one.request({ method: 'GET', path: CREATE_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
          await res.body.dump();
          return res.statusCode;
        };
        expect(await send()).toBe(429);
        await send();
      } finally {
        await one.close();
      }

      expect(service.stats().earlyAfterRetryAfter).toBe(1);
    });
  });

  test('a client that waits the second it was told is not counted', async () => {
    await withFreshService(async (service, client) => {
      expect((await client.create(v2Body())).status).toBe(429);
      service.setFaults({});
      await sleep(1000);
      await client.create(v2Body());

      expect(service.stats().earlyAfterRetryAfter).toBe(0);
    });
  });

  test('an HTTP-date Retry-After binds up to the date', async () => {
    await withFreshService(async (service, client) => {
      service.setFaults({ throttle429Share: 1, retryAfterSeconds: 1, retryAfterForm: 'http-date' });
      const reply = await client.create(v2Body());
      service.setFaults({});

      await sleep(IN_FLIGHT_TOLERANCE_MS + 50);
      await client.create(v2Body()); // early
      await sleep(Math.max(0, Date.parse(String(reply.headers['retry-after'])) - Date.now()));
      await client.create(v2Body()); // on time

      expect(service.stats().earlyAfterRetryAfter).toBe(1);
    });
  });
});
