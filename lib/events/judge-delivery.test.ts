import { expect, test } from 'vitest';
import type { ReceivedNotification } from '../receiver/types.js';
import { isFor, judgeDelivery } from './judge-delivery.js';

const notification = (body: unknown): ReceivedNotification => ({
  seq: 7,
  receivedAt: '2026-01-01T00:00:00.000Z',
  method: 'POST',
  url: '/notifications',
  headers: { 'content-type': 'application/json' },
  body,
  rawBody: JSON.stringify(body),
  bodyTruncated: false,
  answeredStatus: 202,
});
const sub = { subscriptionId: 'sub-1', clientState: 'probe-abc' };

test('a notification naming the subscription with its clientState conforms', () => {
  const n = notification({
    value: [
      { subscriptionId: 'other', clientState: 'x' },
      { subscriptionId: 'sub-1', clientState: 'probe-abc' },
    ],
  });
  expect(isFor(sub)(n)).toBe(true);
  const judged = judgeDelivery(n, sub, 30_000, 12);
  expect(judged).toMatchObject({
    verdict: 'CONFORMS',
    observed: 'a notification 12 ms after the change naming subscription "sub-1" with clientState "probe-abc"',
  });
  expect(judged.specRef).toContain('spec §6');
});

test('no notification in time deviates, saying how long was waited', () => {
  expect(judgeDelivery(undefined, sub, 30_000)).toMatchObject({
    verdict: 'DEVIATES',
    observed: 'no notification for the subscription within 30 s (NOTIFICATION_WAIT_SECONDS)',
  });
});

test('a wrong or missing clientState deviates', () => {
  expect(judgeDelivery(notification({ value: [{ subscriptionId: 'sub-1', clientState: 'other' }] }), sub, 30_000).finding).toBe(
    'the notification for the subscription carries clientState "other", not the one it was created with',
  );
  expect(judgeDelivery(notification({ value: [{ subscriptionId: 'sub-1' }] }), sub, 30_000)).toMatchObject({ verdict: 'DEVIATES' });
});

test('the clientState under another subscription id deviates; without an id from the create, the clientState decides', () => {
  const n = notification({ subscriptionId: 'sub-9', clientState: 'probe-abc' });
  expect(judgeDelivery(n, sub, 30_000).finding).toMatch(/names subscription "sub-9", not the id the create returned/);
  expect(judgeDelivery(n, { subscriptionId: undefined, clientState: 'probe-abc' }, 30_000)).toMatchObject({ verdict: 'CONFORMS' });
});

test('notifications of other subscriptions are not taken for this one', () => {
  expect(isFor(sub)(notification({ value: [{ subscriptionId: 'x', clientState: 'y' }] }))).toBe(false);
  expect(isFor(sub)(notification(undefined))).toBe(false);
});
