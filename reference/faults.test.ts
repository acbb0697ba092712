import { errors } from 'undici';
import { describe, expect, test } from 'vitest';
import { checkFaults } from './index.js';
import { CREATE_PATH, errorOf, fiveFields, useService, v2Body } from '../test/support/reference-client.js';

const { service, client } = useService();

describe('throttling', () => {
  test('throttle429Share 1 -> 429 activityLimitReached with Retry-After in seconds (default 1)', async () => {
    service().setFaults({ throttle429Share: 1 });

    const reply = await client.create(v2Body());

    expect(reply.status).toBe(429);
    expect(reply.headers['retry-after']).toBe('1');
    expect(errorOf(reply).code).toBe('activityLimitReached');
    expect(service().stats()).toMatchObject({ throttled: 1, creates: 0 });
  });

  test('Retry-After as an HTTP-date is at least the seconds told, rounded up to a whole second', async () => {
    service().setFaults({ throttle429Share: 1, retryAfterSeconds: 2, retryAfterForm: 'http-date' });
    const before = Date.now();

    const reply = await client.create(v2Body());

    const at = Date.parse(String(reply.headers['retry-after']));
    expect(String(reply.headers['retry-after'])).toMatch(/^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/);
    expect(at).toBeGreaterThanOrEqual(before + 2000);
    expect(at).toBeLessThanOrEqual(Date.now() + 3000);
  });

  test('retryAfterForm omit -> 429 without Retry-After', async () => {
    service().setFaults({ throttle429Share: 1, retryAfterForm: 'omit' });

    const reply = await client.create(v2Body());

    expect(reply.status).toBe(429);
    expect(reply.headers['retry-after']).toBeUndefined();
  });

  test('unavailable503Share 1 -> 503 serviceNotAvailable with Retry-After', async () => {
    service().setFaults({ unavailable503Share: 1, retryAfterSeconds: 5 });

    const reply = await client.send('GET', CREATE_PATH);

    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toBe('5');
    expect(errorOf(reply).code).toBe('serviceNotAvailable');
  });

  test('a share is about its share of requests (seeded, so exactly repeatable)', async () => {
    service().setFaults({ throttle429Share: 0.3, seed: 7 });
    const statuses: number[] = [];

    for (let i = 0; i < 200; i += 1) statuses.push((await client.send('GET', CREATE_PATH)).status);

    const throttled = statuses.filter((s) => s === 429).length;
    expect(throttled).toBeGreaterThan(40);
    expect(throttled).toBeLessThan(80);
    service().setFaults({ throttle429Share: 0.3, seed: 7 });
    const replay: number[] = [];
    for (let i = 0; i < 200; i += 1) replay.push((await client.send('GET', CREATE_PATH)).status);
    expect(replay).toEqual(statuses);
  });
});

describe('latency and drops', () => {
  test('latencyMs delays every answer', async () => {
    service().setFaults({ latencyMs: 150 });
    const started = performance.now();

    const reply = await client.create(v2Body());

    expect(reply.status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  test('dropShare 1 -> the connection is closed without an answer, and counted', async () => {
    service().setFaults({ dropShare: 1 });

    await expect(client.create(v2Body())).rejects.toBeInstanceOf(errors.SocketError);

    expect(service().stats()).toMatchObject({ requests: 1, dropped: 1, byStatus: {} });
  });
});

describe('flip', () => {
  test('every second create with exactly the given fields gets the opposite outcome', async () => {
    service().setFaults({ flip: { present: Object.keys(v2Body()) } });

    const accepted: number[] = [];
    for (let i = 0; i < 4; i += 1) accepted.push((await client.create(v2Body())).status);
    const rejected: number[] = [];
    for (let i = 0; i < 2; i += 1) rejected.push((await client.create(fiveFields())).status);

    expect(accepted).toEqual([201, 400, 201, 400]);
    expect(rejected).toEqual([400, 400]); // another field set: untouched
    expect(service().stats().flipped).toBe(2);
  });

  test('a rejected combination is flipped to an accepted one, which is stored', async () => {
    service().setFaults({ flip: { present: Object.keys(fiveFields()) } });

    const first = await client.create(fiveFields());
    const second = await client.create(fiveFields());

    expect([first.status, second.status]).toEqual([400, 201]);
    expect(service().liveSubscriptions()).toHaveLength(1);
  });
});

describe('intermittent refusal', () => {
  test('an accepted body with exactly the given fields is refused 400 with an unrelated message its share of the time', async () => {
    service().setFaults({ intermittentRefusal: { present: Object.keys(v2Body()), share: 0.25 }, seed: 11 });

    const statuses: number[] = [];
    const messages = new Set<string>();
    for (let i = 0; i < 80; i += 1) {
      const reply = await client.create(v2Body());
      statuses.push(reply.status);
      if (reply.status === 400) messages.add(String(errorOf(reply).message));
    }
    const refused = statuses.filter((s) => s === 400).length;
    expect(refused).toBeGreaterThan(8);
    expect(refused).toBeLessThan(35);
    expect(statuses.filter((s) => s === 201)).toHaveLength(80 - refused);
    // One message, about nothing in the body.
    expect([...messages]).toEqual([expect.stringMatching(/^Operation: Create; Exception: /)]);
    expect(service().stats().intermittentRefusals).toBe(refused);
  });

  test('a body the model refuses keeps its own refusal, and other field sets are untouched', async () => {
    service().setFaults({ intermittentRefusal: { present: Object.keys(fiveFields()), share: 1, message: 'try again' } });

    const five = await client.create(fiveFields());
    const other = await client.create(v2Body());

    expect(five.status).toBe(400);
    expect(errorOf(five).message).not.toBe('try again');
    expect(other.status).toBe(201);
  });
});

describe('random answers', () => {
  test('randomAnswerShare 1 -> statuses from the lying set, bodies random; the same seed gives the same answers', async () => {
    const run = async (): Promise<string[]> => {
      service().setFaults({ randomAnswerShare: 1, seed: 99 });
      const seen: string[] = [];
      for (let i = 0; i < 40; i += 1) {
        const reply = await client.create(v2Body());
        seen.push(`${reply.status} ${reply.text.length}`);
      }
      return seen;
    };

    const first = await run();
    const second = await run();

    const statuses = new Set(first.map((s) => Number(s.split(' ')[0])));
    expect([...statuses].every((s) => [200, 201, 400, 401, 404, 429, 500, 502].includes(s))).toBe(true);
    expect(statuses.size).toBeGreaterThanOrEqual(4);
    expect(second).toEqual(first);
    expect(service().liveSubscriptions()).toEqual([]); // a lie stores nothing
  });
});

describe('scope and checks', () => {
  test('faults do not touch the admin endpoints', async () => {
    service().setFaults({ dropShare: 1 });

    const reply = await client.send('GET', '/_reference/stats', { token: null });

    expect(reply.status).toBe(200);
  });

  test.each([
    [{ dropShare: 1.5 }, /dropShare must be a number from 0 to 1/],
    [{ dropShare: 0.6, throttle429Share: 0.6 }, /add up to more than 1/],
    [{ retryAfterSeconds: 1.5 }, /retryAfterSeconds must be a whole number/],
    [{ retryAfterForm: 'minutes' }, /retryAfterForm must be/],
    [{ flip: { present: 'a' } }, /flip must be/],
    [{ intermittentRefusal: { present: ['a'] } }, /intermittentRefusal.share must be/],
    [{ intermittentRefusal: { share: 0.5 } }, /intermittentRefusal must be/],
    [{ thrtotle429Share: 0.1 }, /unknown fault option 'thrtotle429Share'/],
    [{ latencyMs: -1 }, /latencyMs/],
  ])('setFaults(%j) throws', (faults, message) => {
    expect(() => checkFaults(faults)).toThrow(message);
    expect(() => service().setFaults(faults as never)).toThrow(RangeError);
  });
});
