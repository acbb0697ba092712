import { describe, expect, test } from 'vitest';
import type { Exchange } from '../http/types.js';
import { instanceId, shortId } from './instance-id.js';

const answer = (body: unknown, headers: Record<string, string> = {}): Exchange => ({
  seq: 1,
  method: 'POST',
  url: 'http://127.0.0.1:9/things',
  requestHeaders: {},
  requestBody: '{}',
  status: 201,
  responseHeaders: headers,
  responseBody: JSON.stringify(body),
  responseBodyTruncated: false,
  startedAt: new Date(0).toISOString(),
  durationMs: 1,
  attempts: 1,
  retriedStatuses: [],
});

describe('instanceId: the link first, then Location, then the body id; a hostile id refused', () => {
  test('the order of the places read', () => {
    const both = answer({ id: 'body-id', ref: { key: 'linked' } }, { location: 'http://h/things/loc-id?x=1' });
    expect(instanceId(both, '$response.body#/ref/key')).toEqual({ ok: true, id: 'linked', from: 'the body at /ref/key' });
    expect(instanceId(both, undefined)).toEqual({ ok: true, id: 'loc-id', from: "its Location's last segment" });
    expect(instanceId(answer({ id: 'body-id' }), undefined)).toEqual({ ok: true, id: 'body-id', from: 'the body at /id' });
    expect(instanceId(answer({}), undefined)).toMatchObject({ ok: false, reason: expect.stringMatching(/named no id/) });
  });

  test.each([
    ['..', /dot segment/],
    ['a%2Fb', /contains "\/"/],
    ['x'.repeat(10_000), /10000 characters long/],
  ])('%s in Location is refused with why', (segment, why) => {
    const read = instanceId(answer({}, { location: `http://h/things/${segment}` }), undefined);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.reason).toMatch(why);
  });

  test('an id is shown escaped and cut', () => {
    expect(shortId('01ABCDEFGHIJKLMNOP')).toBe('01ABCDEFGHIJ…');
    expect(shortId('a\nb')).toBe('a\\nb');
  });
});
