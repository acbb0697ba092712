import { expect, test } from 'vitest';
import { SubscriptionStore, type SubscriptionRecord } from './store.js';

const record = (id: string): SubscriptionRecord => ({
  id,
  resource: '/drives/d/items/i',
  expirationDateTime: '2030-01-01T00:00:00.000Z',
  createdBy: { application: { id: 'a', displayName: 'b' } },
});

test('a subscription past its expiry is gone from get, delete, list and count', () => {
  const store = new SubscriptionStore();
  store.add(record('short'), 1_000);
  store.add(record('long'), 5_000);

  expect(store.get('short', 999)?.id).toBe('short');
  expect(store.get('short', 1_000)).toBeUndefined();
  expect(store.delete('short', 2_000)).toBe(false);
  expect(store.list(2_000).map((r) => r.id)).toEqual(['long']);
  expect(store.count(6_000)).toBe(0);
});

test('records handed out are copies', () => {
  const store = new SubscriptionStore();
  store.add(record('x'), 10_000);

  const got = store.get('x', 0);
  if (got !== undefined) got.resource = 'changed';

  expect(store.get('x', 0)?.resource).toBe('/drives/d/items/i');
});
