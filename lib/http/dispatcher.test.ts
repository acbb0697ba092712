import { describe, expect, test } from 'vitest';
import type { Clock } from './clock.js';
import { Dispatcher, type Denial, type Permit } from './dispatcher.js';

/** A clock the test moves by hand; sleeps end when it passes their time. */
class ManualClock implements Clock {
  t = 1_000_000;
  readonly #timers: { at: number; resolve: () => void }[] = [];

  now = (): number => this.t;

  sleep = (ms: number, signal: AbortSignal): Promise<void> =>
    new Promise((resolve) => {
      this.#timers.push({ at: this.t + ms, resolve });
      signal.addEventListener('abort', () => resolve(), { once: true });
    });

  /** Moves to `to`, firing due timers in order and letting promise chains run after each. */
  async advance(byMs: number): Promise<void> {
    const to = this.t + byMs;
    await flush();
    for (let guard = 0; guard < 10_000; guard += 1) {
      this.#timers.sort((a, b) => a.at - b.at);
      const next = this.#timers[0];
      if (next === undefined || next.at > to) break;
      this.#timers.shift();
      this.t = Math.max(this.t, next.at);
      next.resolve();
      await flush();
    }
    this.t = to;
    await flush();
  }
}

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function setup(overrides: Partial<ConstructorParameters<typeof Dispatcher>[0]> = {}) {
  const clock = new ManualClock();
  const t0 = clock.t;
  const dispatcher = new Dispatcher({
    requestsPerSecond: 10,
    concurrency: 10,
    maxRequests: 100,
    maxRunTimeMs: 60_000,
    maxGateWaitMs: 5_000,
    clock,
    ...overrides,
  });
  const results: { n: number; at: number; result: Permit | Denial }[] = [];
  /** Asks for a permit; the request "goes on the wire" at once unless `holdWrite`. */
  const ask = (n: number, holdWrite = false): void => {
    void dispatcher.acquire().then((result) => {
      results.push({ n, at: clock.t - t0, result });
      if (result.ok && !holdWrite) result.started();
    });
  };
  return { clock, dispatcher, results, ask };
}

describe('Dispatcher', () => {
  test('spaces grants 1/rps apart, in arrival order', async () => {
    const { clock, results, ask } = setup();
    for (let n = 0; n < 5; n += 1) ask(n);
    await clock.advance(1_000);
    expect(results.map((r) => [r.n, r.at, r.result.ok])).toEqual([
      [0, 0, true],
      [1, 100, true],
      [2, 200, true],
      [3, 300, true],
      [4, 400, true],
    ]);
  });

  test('counts the rate from the write: a request slow to go out holds back the next', async () => {
    const { clock, results, ask } = setup();
    ask(0, true); // e.g. waiting for a new connection
    ask(1);
    await clock.advance(250);
    expect(results.map((r) => r.n)).toEqual([0]);
    (results[0]?.result as Permit).started(); // written at 250
    await clock.advance(1_000);
    expect(results.map((r) => [r.n, r.at])).toEqual([
      [0, 0],
      [1, 350],
    ]);
  });

  test('a request that fails before its write does not hold the queue', async () => {
    const { clock, results, ask } = setup();
    ask(0, true);
    ask(1);
    await clock.advance(50);
    (results[0]?.result as Permit).release(); // e.g. connection refused
    await clock.advance(1_000);
    expect(results.map((r) => [r.n, r.at])).toEqual([
      [0, 0],
      [1, 100],
    ]);
  });

  test('holds grants at the concurrency cap until a release', async () => {
    const { clock, results, ask } = setup({ concurrency: 2, requestsPerSecond: 1_000 });
    for (let n = 0; n < 3; n += 1) ask(n);
    await clock.advance(500);
    expect(results.map((r) => r.n)).toEqual([0, 1]);
    (results[0]?.result as Permit).release();
    await clock.advance(10);
    expect(results.map((r) => [r.n, r.at])).toEqual([
      [0, 0],
      [1, 1],
      [2, 500],
    ]);
  });

  test('the gate holds every request until its time; one too far away is denied as throttled', async () => {
    const { clock, dispatcher, results, ask } = setup();
    dispatcher.gate.holdUntil(clock.t + 700);
    ask(0);
    ask(1);
    await clock.advance(2_000);
    expect(results.map((r) => [r.n, r.at])).toEqual([
      [0, 700],
      [1, 800],
    ]);
    dispatcher.gate.holdUntil(clock.t + 6_000);
    ask(2);
    await flush();
    expect(results[2]).toMatchObject({ n: 2, at: 2_000, result: { ok: false, kind: 'throttled' } });
    expect(dispatcher.stoppedEarly).toBeUndefined();
  });

  test('a spent budget denies at once and says the run stopped early', async () => {
    const { clock, dispatcher, results, ask } = setup({ maxRequests: 2 });
    for (let n = 0; n < 4; n += 1) ask(n);
    await clock.advance(1_000);
    const byRequest = [...results].sort((a, b) => a.n - b.n);
    expect(byRequest.map((r) => [r.n, r.result.ok ? 'ok' : r.result.kind])).toEqual([
      [0, 'ok'],
      [1, 'ok'],
      [2, 'budget'],
      [3, 'budget'],
    ]);
    expect(dispatcher.limits.spent).toBe(2);
    expect(dispatcher.stoppedEarly).toMatchObject({ by: 'budget', why: 'request budget of 2 spent: the run stopped early' });
  });

  test('a start the deadline would deny is denied at once, not waited for', async () => {
    const { clock, dispatcher, results, ask } = setup({ maxRunTimeMs: 250 });
    for (let n = 0; n < 5; n += 1) ask(n);
    await clock.advance(1_000);
    expect(results.map((r) => [r.n, r.at, r.result.ok ? 'ok' : r.result.kind])).toEqual([
      [0, 0, 'ok'],
      [1, 100, 'ok'],
      [2, 200, 'ok'],
      [3, 200, 'deadline'],
      [4, 200, 'deadline'],
    ]);
    expect(dispatcher.stoppedEarly).toMatchObject({ by: 'deadline', why: 'run time limit of 250 ms reached: the run stopped early' });
  });

  test('close denies everything queued', async () => {
    const { clock, dispatcher, results, ask } = setup();
    dispatcher.gate.holdUntil(clock.t + 1_000);
    ask(0);
    dispatcher.close();
    await flush();
    expect(results).toMatchObject([{ n: 0, at: 0, result: { ok: false, kind: 'closed' } }]);
  });
});
