import { expect, test } from 'vitest';
import { safeDeletePath, showId, unsafeIdReason } from './safe-id.js';

const COLLECTION = '/_api/v2.0/drive/root/subscriptions';
const byRule = (id: string): string => `${COLLECTION}/${encodeURIComponent(id)}`;

test.each([
  ['..', /dot segment/],
  ['.', /dot segment/],
  [' .. ', /dot segment/],
  ['a/b', /"\/"/],
  ['../../../drives', /"\/"/],
  ['a\\b', /"\\"/],
  ['%2e%2e', /%2e/],
  ['%2E', /%2e/],
  ['%252e%252e', /dot segment.*decoded|%2e/],
  ['a%2fb', /"\/" once percent-decoded/],
  ['a%5Cb', /"\\" once percent-decoded/],
  ['a%252fb', /"\/" once percent-decoded/],
  ['a\u0000b', /control character/],
  ['tab\there', /control character/],
  ['%0d%0aX-Injected: 1', /control character once percent-decoded/],
  ['del\u007f', /control character/],
  ['', /empty/],
])('id %j is refused: %s', (id, reason) => {
  expect(unsafeIdReason(id)).toMatch(reason);
  const built = safeDeletePath(byRule, id);
  expect(built.ok).toBe(false);
});

test.each([['6a1f0c2e-7d3b-4c55-9e01-2b3c4d5e6f70'], ['string'], ['a b'], ['...'], ['a.b'], ['ünïcode'], ['100%'], ['%zz']])(
  'id %j is kept',
  (id) => {
    expect(unsafeIdReason(id)).toBeUndefined();
    const built = safeDeletePath(byRule, id);
    expect(built).toEqual({ ok: true, path: byRule(id) });
  },
);

test('a delete rule that does not encode the id is caught on the path it builds', () => {
  // An id the id check lets through is still refused when the operation's own rule puts a dot segment in the path.
  const careless = (id: string): string => `${COLLECTION}/${id}/../x`;
  expect(safeDeletePath(careless, 'abc')).toEqual({ ok: false, reason: 'unsafe id: the path contains a dot segment' });
});

test('an id is shown with control characters escaped and long ones cut', () => {
  expect(showId('a\nb')).toBe('a\\nb');
  expect(showId('x'.repeat(300))).toHaveLength(201);
});
