import { expect, test } from 'vitest';
import { validationRequest } from './handshake.js';
import { checkMode } from './mode.js';
import { matchesFilter } from './filter.js';
import type { ReceivedNotification } from './types.js';

test.each([
  ['/n?validationtoken=abc', 'validationtoken', 'abc'],
  ['/n?validationToken=abc', 'validationToken', 'abc'],
  ['/n?x=1&VALIDATIONTOKEN=a%2Bb', 'VALIDATIONTOKEN', 'a+b'],
  // as the services send it: form encoding, "+" is a space
  ['/n?validationToken=Validation%3a+Testing+client+%26+%3D+%2F', 'validationToken', 'Validation: Testing client & = /'],
  ['/n?validationtoken=caf%C3%A9%20%E2%9C%93', 'validationtoken', 'café ✓'],
  ['/n?validationtoken=', 'validationtoken', ''],
])('validationRequest(%s) finds %s = %j', (target, parameter, token) => {
  expect(validationRequest(target)).toEqual({ parameter, token });
});

test('no validation token: not a handshake', () => {
  expect(validationRequest('/notifications')).toBeUndefined();
  expect(validationRequest('/n?token=abc#validationtoken=x')).toBeUndefined();
});

test('checkMode: what is not given is normal; a bad option names the API and the option', () => {
  expect(checkMode({})).toEqual({ token: 'echo', delayMs: 0, fail: 'never' });
  expect(checkMode({ token: 'wrong', delayMs: 250, fail: 'once' })).toEqual({ token: 'wrong', delayMs: 250, fail: 'once' });
  expect(() => checkMode({ delayMs: 60_001 })).toThrow(/^setMode: delayMs must be a whole number from 0 to 60000$/);
  expect(() => checkMode({ fail: 'sometimes' })).toThrow(/^setMode: fail must be 'never', 'once' or 'always'$/);
  expect(() => checkMode({ slow: true })).toThrow(/unknown mode option 'slow'/);
  expect(() => checkMode(null)).toThrow(RangeError);
});

test('filters match items of the value array (SharePoint and Graph shapes) or the body itself', () => {
  const n = (seq: number, body: unknown): ReceivedNotification => ({
    seq,
    receivedAt: '',
    method: 'POST',
    url: '/',
    headers: {},
    body,
    rawBody: '',
    bodyTruncated: false,
    answeredStatus: 202,
  });
  const shoulderTap = n(3, {
    value: [
      { subscriptionId: 's1', clientState: 'c1' },
      { subscriptionId: 's2', clientState: 'c2' },
    ],
  });
  expect(matchesFilter(shoulderTap, { clientState: 'c2' })).toBe(true);
  expect(matchesFilter(shoulderTap, { clientState: 'c2', subscriptionId: 's1' })).toBe(false);
  expect(matchesFilter(shoulderTap, { clientState: 'c1', after: 3 })).toBe(false);
  expect(matchesFilter(n(1, { clientState: 'c9' }), { clientState: 'c9' })).toBe(true);
  expect(matchesFilter(n(1, undefined), { clientState: 'c9' })).toBe(false);
  expect(matchesFilter(n(1, undefined), {})).toBe(true);
});
