/** A worker's view: the receiver in another part of the process, read over its control API. */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { ReceiverClient } from './client.js';
import { startReceiver, type Receiver } from './server.js';
import { ReceiverControlError, ReceiverTimeoutError } from '../errors.js';

let receiver: Receiver;
let client: ReceiverClient;
beforeEach(async () => {
  receiver = await startReceiver();
  client = new ReceiverClient({ url: receiver.localUrl, key: receiver.controlKey });
});
afterEach(async () => {
  await receiver.close();
});

const notify = (body: unknown): Promise<Response> => fetch(receiver.url, { method: 'POST', body: JSON.stringify(body) });

test('reads notifications by clientState, and the handshakes seen', async () => {
  await notify({ value: [{ clientState: 'a', subscriptionId: '1' }] });
  await notify({ value: [{ clientState: 'b', subscriptionId: '2' }] });
  await fetch(`${receiver.url}?validationtoken=t`, { method: 'POST' });

  expect((await client.notifications({ clientState: 'b' })).map((n) => n.body)).toEqual([
    { value: [{ clientState: 'b', subscriptionId: '2' }] },
  ]);
  expect(await client.notifications()).toHaveLength(2);
  expect((await client.handshakes()).map((h) => h.token)).toEqual(['t']);
});

test('waitFor polls until a matching notification arrives', async () => {
  const waiting = client.waitFor({ clientState: 'late' }, 5000);
  await new Promise((r) => setTimeout(r, 200));
  await notify({ value: [{ clientState: 'other' }] });
  await notify({ value: [{ clientState: 'late', subscriptionId: 'x' }] });
  await expect(waiting).resolves.toMatchObject({ body: { value: [{ clientState: 'late' }] } });
});

test('waitFor with a predicate skips notifications that pass the filter but not the predicate', async () => {
  await notify({ value: [{ clientState: 's', n: 1 }] });
  const waiting = client.waitFor({ clientState: 's' }, 5000, (n) => (n.body as { value: { n: number }[] }).value[0]?.n === 2);
  await new Promise((r) => setTimeout(r, 100));
  await notify({ value: [{ clientState: 's', n: 2 }] });
  await expect(waiting).resolves.toMatchObject({ seq: 2 });
});

test('waitFor is bounded: ReceiverTimeoutError after its timeout', async () => {
  const started = performance.now();
  await expect(client.waitFor({ clientState: 'never' }, 300)).rejects.toBeInstanceOf(ReceiverTimeoutError);
  expect(performance.now() - started).toBeLessThan(2000);
  await expect(client.waitFor({}, -1)).rejects.toBeInstanceOf(RangeError);
});

test('setMode switches the receiver; a bad mode is refused with the reason; clear forgets', async () => {
  expect(await client.setMode({ fail: 'always' })).toEqual({ token: 'echo', delayMs: 0, fail: 'always' });
  expect((await fetch(`${receiver.url}?validationtoken=t`, { method: 'POST' })).status).toBe(500);
  await expect(client.setMode({ delayMs: -5 })).rejects.toThrow(ReceiverControlError);
  await expect(client.setMode({ delayMs: -5 })).rejects.toThrow(/delayMs must be a whole number/);
  expect(await client.mode()).toEqual({ token: 'echo', delayMs: 0, fail: 'always' });
  await client.clear();
  expect(await client.notifications()).toEqual([]);
});

test('a wrong key is refused', async () => {
  const stranger = new ReceiverClient({ url: receiver.localUrl, key: 'guess' });
  await expect(stranger.notifications()).rejects.toThrow(/403/);
});
