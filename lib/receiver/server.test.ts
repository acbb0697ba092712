/** The receiver as a service would see it: real HTTP on loopback (undici style: start, use, close). */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { CONTROL_KEY_HEADER } from './control.js';
import { ReceiverClient } from './client.js';
import { MAX_SCOPES, scopedUrl } from './scope.js';
import { startReceiver, type Receiver } from './server.js';
import { ReceiverClosedError, ReceiverTimeoutError } from '../errors.js';

let receiver: Receiver;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver.close();
});

const notify = (body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(receiver.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const handshake = (query: string, method = 'POST'): Promise<Response> =>
  fetch(`${receiver.url}?${query}`, { method, ...(method === 'POST' ? { body: '' } : {}) });

test('listens on loopback, and bodies get its notification URL', () => {
  expect(receiver.localUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(receiver.url).toBe(`${receiver.localUrl}/notifications`);
});

test.each([
  ['validationtoken', 'POST'],
  ['validationToken', 'POST'],
  ['validationToken', 'GET'],
])('a handshake with %s (%s) gets 200 text/plain with the decoded token, fast', async (parameter, method) => {
  const token = 'Validation: Testing client application reachability for subscription Request-Id: 9f3c +/&=';
  const encoded = new URLSearchParams([[parameter, token]]).toString();
  const started = performance.now();

  const res = await handshake(encoded, method);

  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(await res.text()).toBe(token);
  expect(performance.now() - started).toBeLessThan(1000);
  expect(receiver.handshakes()).toEqual([expect.objectContaining({ method, parameter, token, answeredStatus: 200, answeredBody: token })]);
  expect(receiver.notifications()).toEqual([]);
});

test('a token percent-encoded with %20 and %2B decodes the same way', async () => {
  const res = await handshake('validationtoken=a%20b%2Bc%3D%26');
  expect(await res.text()).toBe('a b+c=&');
});

test('notifications are recorded with the parsed body, headers (credentials redacted) and time received', async () => {
  const before = Date.now();
  const body = { value: [{ subscriptionId: 's1', clientState: 'probe-1', resource: '/drives/d/items/i' }] };

  const res = await notify(body, { 'x-custom': 'yes', authorization: 'Bearer secret-token' });

  expect(res.status).toBe(202);
  const [n] = receiver.notifications();
  expect(n).toMatchObject({ seq: 1, method: 'POST', url: '/notifications', body, answeredStatus: 202, bodyTruncated: false });
  expect(n?.headers['x-custom']).toBe('yes');
  expect(n?.headers.authorization).toBe('[redacted]');
  expect(Date.parse(n?.receivedAt ?? '')).toBeGreaterThanOrEqual(before - 5);
});

test('a body that is not JSON is kept as text; a body past maxBodyBytes is cut and marked', async () => {
  const small = await startReceiver({ maxBodyBytes: 10 });
  try {
    await fetch(small.url, { method: 'POST', body: 'not json at all' });
    expect(small.notifications()).toEqual([expect.objectContaining({ body: undefined, rawBody: 'not json a', bodyTruncated: true })]);
  } finally {
    await small.close();
  }
});

test('misbehaviour: wrong token', async () => {
  receiver.setMode({ token: 'wrong' });
  const res = await handshake('validationtoken=abc');
  expect(res.status).toBe(200);
  expect(await res.text()).not.toBe('abc');
});

test('misbehaviour: slow answers (handshakes and notifications)', async () => {
  receiver.setMode({ delayMs: 300 });
  let started = performance.now();
  await (await handshake('validationtoken=abc')).text();
  expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  started = performance.now();
  await notify({ value: [] });
  expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  // recorded on arrival, not after the delay
  expect(Date.parse(receiver.notifications()[0]?.receivedAt ?? '')).toBeLessThan(Date.now() - 200);
});

test('misbehaviour: 500 once, then normal again', async () => {
  receiver.setMode({ fail: 'once' });
  expect((await handshake('validationtoken=abc')).status).toBe(500);
  expect((await handshake('validationtoken=abc')).status).toBe(200);
  expect(receiver.mode()).toEqual({ token: 'echo', delayMs: 0, fail: 'never' });
});

test('misbehaviour: 500 always; a failed notification is still recorded, with the status it got', async () => {
  receiver.setMode({ fail: 'always' });
  expect((await notify({ n: 1 })).status).toBe(500);
  expect((await notify({ n: 2 })).status).toBe(500);
  expect(receiver.notifications().map((n) => [n.body, n.answeredStatus])).toEqual([
    [{ n: 1 }, 500],
    [{ n: 2 }, 500],
  ]);
  expect(() => receiver.setMode({ fail: 'often' as never })).toThrow(/fail must be/);
});

test('waitFor: resolves with one already received or one that comes later', async () => {
  await notify({ value: [{ clientState: 'early' }] });
  await expect(receiver.waitFor({ clientState: 'early' }, 1000)).resolves.toMatchObject({ seq: 1 });

  const later = receiver.waitFor((n) => (n.body as { k?: number }).k === 2, 2000);
  await notify({ k: 1 });
  await notify({ k: 2 });
  await expect(later).resolves.toMatchObject({ body: { k: 2 } });
});

test('waitFor: bounded; times out with ReceiverTimeoutError; refuses an unbounded wait', async () => {
  const started = performance.now();
  await expect(receiver.waitFor({ clientState: 'never' }, 150)).rejects.toBeInstanceOf(ReceiverTimeoutError);
  const took = performance.now() - started;
  expect(took).toBeGreaterThanOrEqual(140);
  expect(took).toBeLessThan(1000);
  await expect(receiver.waitFor({}, Number.POSITIVE_INFINITY)).rejects.toThrow(/^waitFor: timeoutMs must be/);
  await expect(receiver.waitFor({}, 0)).rejects.toBeInstanceOf(RangeError);
});

test('close ends pending waits with ReceiverClosedError', async () => {
  const waiting = receiver.waitFor({ clientState: 'never' }, 5000);
  await receiver.close();
  await expect(waiting).rejects.toBeInstanceOf(ReceiverClosedError);
});

test('the control API wants the key: without it, 403 and nothing is told', async () => {
  await notify({ value: [{ clientState: 'secret-ish' }] });
  const res = await fetch(`${receiver.localUrl}/_receiver/notifications`);
  expect(res.status).toBe(403);
  expect(await res.text()).not.toContain('secret-ish');
  const wrong = await fetch(`${receiver.localUrl}/_receiver/mode`, {
    method: 'PUT',
    headers: { [CONTROL_KEY_HEADER]: 'nope' },
    body: '{"fail":"always"}',
  });
  expect(wrong.status).toBe(403);
  expect(receiver.mode().fail).toBe('never');
});

test('startReceiver refuses a host that is not loopback and a bad port', async () => {
  await expect(startReceiver({ host: '0.0.0.0' })).rejects.toThrow(/^startReceiver: host must be a loopback address/);
  await expect(startReceiver({ port: 70_000 })).rejects.toThrow(/^startReceiver: port must be/);
});

test('with a public URL (a tunnel), bodies carry that URL; the receiver still listens on loopback', async () => {
  const tunnelled = await startReceiver({ publicUrl: 'https://probe-receiver.example.net/hook' });
  try {
    expect(tunnelled.url).toBe('https://probe-receiver.example.net/hook');
    // a tunnel keeps its own path: any path is the notification endpoint
    const res = await fetch(`${tunnelled.localUrl}/hook?validationToken=t1`, { method: 'POST' });
    expect(await res.text()).toBe('t1');
  } finally {
    await tunnelled.close();
  }
});

test('with tls: https (self-signed, for loopback) and plain http on the same port', async () => {
  const both = await startReceiver({ tls: true });
  try {
    expect(both.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/notifications$/);
    const { request } = await import('node:https');
    const viaHttps = await new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      const req = request(`${both.url}?validationToken=a%2Bb+c`, { method: 'POST', ca: both.cert }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(viaHttps).toEqual({ status: 200, body: 'a+b c' });
    const viaHttp = await fetch(`${both.localUrl}/notifications?validationtoken=plain`, { method: 'POST' });
    expect(await viaHttp.text()).toBe('plain');
    expect(both.handshakes().map((h) => h.token)).toEqual(['a+b c', 'plain']);
  } finally {
    await both.close();
  }
});

test('a scope misbehaves alone: its own URL answers by its mode, every other request as the receiver does', async () => {
  receiver.setMode({ fail: 'always' }, 'case-1');
  const own = await fetch(`${scopedUrl(receiver.url, 'case-1')}?validationtoken=t1`, { method: 'POST', body: '' });
  const other = await handshake('validationtoken=t2');
  const otherScope = await fetch(`${scopedUrl(receiver.url, 'case-2')}?validationtoken=t3`, { method: 'POST', body: '' });
  expect([own.status, other.status, otherScope.status]).toEqual([500, 200, 200]);
  expect(receiver.handshakes().map((h) => [h.token, h.scope, h.answeredStatus])).toEqual([
    ['t1', 'case-1', 500],
    ['t2', undefined, 200],
    ['t3', 'case-2', 200],
  ]);
  expect(receiver.mode()).toEqual({ token: 'echo', delayMs: 0, fail: 'never' });
  expect(receiver.mode('case-1').fail).toBe('always');
  // Back to normal drops the scope; a bad scope or too many are refused.
  receiver.setMode({}, 'case-1');
  expect((await fetch(`${scopedUrl(receiver.url, 'case-1')}?validationtoken=t4`, { method: 'POST', body: '' })).status).toBe(200);
  expect(() => receiver.setMode({ fail: 'always' }, '../x')).toThrow(RangeError);
  for (let i = 0; i < MAX_SCOPES; i += 1) receiver.setMode({ token: 'wrong' }, `s${i}`);
  expect(() => receiver.setMode({ token: 'wrong' }, 'one-more')).toThrow(/at most 64 scopes/);
});

test('a scope over the control API, as a worker sets it', async () => {
  const client = new ReceiverClient({ url: receiver.localUrl, key: receiver.controlKey });
  await client.setMode({ token: 'wrong' }, 'w1');
  expect((await client.mode('w1')).token).toBe('wrong');
  expect((await client.mode()).token).toBe('echo');
  const res = await fetch(`${scopedUrl(receiver.url, 'w1')}?validationtoken=abc`, { method: 'POST', body: '' });
  expect(await res.text()).not.toBe('abc');
  await expect(client.setMode({}, 'no/slash')).rejects.toThrow(/scope/);
});
