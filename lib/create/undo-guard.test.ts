import { expect, test } from 'vitest';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import { subscriptionCreate } from '../operation/index.js';
import type { OperationSpec } from '../operation/types.js';
import { UndoGuard } from './undo-guard.js';
import { undoPlan } from './undo-plan.js';

const BASE = 'http://127.0.0.1:1';
const PATH = subscriptionCreate.path;
const bare: OperationSpec = { ...subscriptionCreate };
delete bare.cleanup;

function guardOf(operation: OperationSpec, keepCreated = false): { guard: UndoGuard; stops: string[] } {
  const stops: string[] = [];
  const guard = new UndoGuard({
    plan: undoPlan({ operation, deletePath: undefined, keepCreated }),
    operation,
    baseUrl: BASE,
    stop: (why) => stops.push(why),
    isCreate: (r) => r.method === 'POST',
    holdMs: 5_000,
  });
  return { guard, stops };
}

const post = { method: 'POST', path: PATH } as const;
const settled = async (p: Promise<void>): Promise<boolean> =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 20))]);

test('creates go one at a time until the first accepted one is deleted; then all go', async () => {
  const { guard, stops } = guardOf(subscriptionCreate);
  await guard.admit(post);
  const second = guard.admit(post);
  expect(await settled(second)).toBe(false);
  guard.observe(fakeExchange({ body: { id: 'a' } }));
  expect(await settled(second)).toBe(false); // accepted: it waits for that DELETE
  guard.observe(fakeExchange({ method: 'DELETE', url: `${BASE}${PATH}/a`, status: 204 }));
  expect(await settled(second)).toBe(true);
  expect(await settled(guard.admit(post))).toBe(true);
  expect(stops).toEqual([]);
});

test('a refused create hands the turn to the next one', async () => {
  const { guard } = guardOf(subscriptionCreate);
  await guard.admit(post);
  const second = guard.admit(post);
  guard.observe(fakeExchange({ status: 400 }));
  expect(await settled(second)).toBe(true);
});

test('no delete path known and no Location: the first accepted create stops the run, naming its id and DELETE_PATH', async () => {
  const { guard, stops } = guardOf(bare);
  await guard.admit(post);
  const waiting = guard.admit(post);
  guard.observe(fakeExchange({ body: { id: 'sub-1' } }));
  expect(stops).toHaveLength(1);
  expect(stops[0]).toContain('subscription sub-1 is left on the target');
  expect(stops[0]).toContain(`set DELETE_PATH to the path that deletes one (e.g. ${PATH}/{id})`);
  expect(await settled(waiting)).toBe(true); // released, to be denied by the stopped engine
});

test('KEEP_CREATED: the same create does not stop the run', () => {
  const { guard, stops } = guardOf(bare, true);
  guard.observe(fakeExchange({ body: { id: 'sub-1' } }));
  expect(stops).toEqual([]);
  expect(guard.operation.cleanup).toBeUndefined();
});

test('a Location below the base URL ending in the id gives the delete path; one elsewhere is not followed', () => {
  const { guard, stops } = guardOf(bare);
  guard.observe(fakeExchange({ body: { id: 'x 1' }, responseHeaders: { location: `${BASE}${PATH}/x%201` } }));
  expect(stops).toEqual([]);
  expect(guard.how).toBe('location');
  expect(guard.operation.cleanup?.deletePath('y')).toBe(`${PATH}/y`);
  for (const location of ['http://elsewhere.example/x/a', `${BASE}${PATH}/../a`, `${BASE}${PATH}/b`, `${BASE}${PATH}/a?x=1`]) {
    const other = guardOf(bare);
    other.guard.observe(fakeExchange({ body: { id: 'a' }, responseHeaders: { location } }));
    expect(other.stops, location).toHaveLength(1);
  }
});

test('a check DELETE with no verdict (throttled) hands the check on; a failing one stops the run', async () => {
  const { guard, stops } = guardOf(subscriptionCreate);
  await guard.admit(post);
  guard.observe(fakeExchange({ body: { id: 'a' } }));
  const next = guard.admit(post);
  guard.observe(
    fakeExchange({ method: 'DELETE', url: `${BASE}${PATH}/a`, status: 429, failure: { kind: 'throttled', message: 'still 429' } }),
  );
  expect(await settled(next)).toBe(true);
  expect(stops).toEqual([]);
  guard.observe(fakeExchange({ body: { id: 'b' } }));
  guard.observe(fakeExchange({ method: 'DELETE', url: `${BASE}${PATH}/b`, status: 404 }));
  expect(stops).toHaveLength(1);
  expect(stops[0]).toMatch(/subscription b \(and a, whose DELETE got no verdict\) was not deleted/);
});
