import { expect, test } from 'vitest';
import { StatePacer } from './state-pacer.js';

test("the room is learnt from the run's own live subscriptions at a state refusal, one at a time after a conflict", () => {
  const pacer = new StatePacer({ ownLive: () => 0 });
  pacer.learn('conflict', 0);
  pacer.learn('quota', 0);
  expect(pacer.room).toBeUndefined(); // the target's own state: no pacing of the run changes it
  pacer.learn('count-limit', 3);
  expect(pacer.room).toBe(3);
  pacer.learn('conflict', 2);
  expect(pacer.room).toBe(1);
  pacer.learn('quota', 4);
  expect(pacer.room).toBe(1); // the room never grows back within a run
});

test('a create waits while the live and in-flight creates fill the room, and goes once one is gone', async () => {
  let live = 1;
  const pacer = new StatePacer({ ownLive: () => live, maxWaitMs: 2_000 });
  pacer.learn('count-limit', 1);
  const started = Date.now();
  setTimeout(() => {
    live = 0;
  }, 100);
  const release = await pacer.enter();
  expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  // In flight, it fills the room itself: the next waits its bound out, then goes anyway.
  const second = new StatePacer({ ownLive: () => 0, maxWaitMs: 150 });
  second.learn('count-limit', 1);
  const first = await second.enter();
  const t = Date.now();
  const next = await second.enter();
  expect(Date.now() - t).toBeGreaterThanOrEqual(140);
  for (const r of [release, first, next]) r();
});
