import { expect, test } from 'vitest';
import { AskingPhase } from './asking-phase.js';

const QUIET = 20;
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether `p` has settled within `ms`. */
async function settledWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([p.then(() => true), tick(ms).then(() => false)]);
}

test('a hold lasts while another case is still asking, and ends once it has left', async () => {
  const phase = new AskingPhase(QUIET);
  phase.enter();
  phase.enter();
  const hold = phase.hold();
  expect(await settledWithin(hold, QUIET * 3)).toBe(false);
  phase.leave();
  expect(await settledWithin(hold, QUIET * 3)).toBe(true);
});

test('a case starting while every other waits keeps the holds; when none starts, every hold ends together', async () => {
  const phase = new AskingPhase(QUIET);
  phase.enter();
  phase.enter();
  const holds = [phase.hold(), phase.hold()];
  await tick(QUIET / 4);
  // A freed slot starts the next case before the quiet time: the holds wait for it.
  phase.enter();
  expect(await settledWithin(Promise.race(holds), QUIET * 3)).toBe(false);
  phase.leave();
  expect(await settledWithin(Promise.all(holds), QUIET * 3)).toBe(true);
});

test('a case waiting on another (paused) counts as waiting, so a hold it waits on cannot stall both', async () => {
  const phase = new AskingPhase(QUIET);
  phase.enter();
  phase.enter();
  let release = (): void => {};
  const claim = new Promise<void>((r) => (release = r));
  const waiter = phase.paused(claim);
  // The case the waiter waits on holds: both wait, so the hold ends and its case can release the claim.
  await phase.hold();
  release();
  await waiter;
  phase.leave();
  phase.leave();
});
