import { describe, expect, test } from 'vitest';
import { PROFILES, ruleProfile, startReferenceService, type ReferenceProfile } from './index.js';
import { handshakeUrl, validationToken } from './handshake.js';
import { echoToken, useReceivers } from '../test/support/reference-receiver.js';
import { errorOf, TOKEN, useService, v2Body, fiveFields } from '../test/support/reference-client.js';

const { service, client } = useService({ handshake: true });
const receiver = useReceivers();

function profile(name: string): ReferenceProfile {
  const p = PROFILES[name];
  if (p === undefined) throw new Error(`no profile ${name}`);
  return structuredClone(p);
}

/** The default profile with a short handshake timeout, so that a slow receiver costs the test little. */
function quickDefault(timeoutMs = 300): ReferenceProfile {
  const p = profile('default');
  return { ...p, validationHandshake: { ...p.validationHandshake, timeoutMs } };
}

describe('the token and its URL', () => {
  test('the token is appended to an existing query, form-encoded, without the fragment', () => {
    const url = handshakeUrl(new URL('http://127.0.0.1:9/n?a=1#frag'), 'validationtoken', 'a b+c/d&e=f');

    expect(url.href).toBe('http://127.0.0.1:9/n?a=1&validationtoken=a+b%2Bc%2Fd%26e%3Df');
    expect(url.searchParams.get('validationtoken')).toBe('a b+c/d&e=f');
  });

  test('tokenForm: a bare UUID, or text with reserved characters; fresh each time', () => {
    expect(validationToken('uuid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(validationToken('with-reserved-characters')).toMatch(/^Validation: reference check [0-9a-f-]{36} \+\/&=$/);
    expect(validationToken('uuid')).not.toBe(validationToken('uuid'));
  });
});

describe('validation handshake (default profile: SharePoint)', () => {
  test('a receiver that echoes the decoded token -> 201; one POST with validationtoken and an empty body', async () => {
    const r = await receiver();

    const reply = await client.create({ ...v2Body(), notificationUrl: r.url });

    expect(reply.status).toBe(201);
    expect(r.received).toHaveLength(1);
    const [seen] = r.received;
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toMatch(/^\/notifications\?validationtoken=/);
    expect(seen?.query.get('validationtoken')).toMatch(/^Validation: reference check [0-9a-f-]{36} \+\/&=$/);
    expect(seen?.body).toBe('');
    expect(seen?.headers['content-length']).toBe('0');
    expect(service().liveSubscriptions()).toHaveLength(1);
    expect(service().stats()).toMatchObject({ handshakes: 1, handshakeFailures: 0 });
  });

  test('a URL named localhost is validated too', async () => {
    const r = await receiver();

    const reply = await client.create({ ...v2Body(), notificationUrl: r.url.replace('127.0.0.1', 'localhost') });

    expect(reply.status).toBe(201);
    expect(r.received).toHaveLength(1);
  });

  test.each([
    [
      'a wrong token',
      { status: 200, headers: { 'content-type': 'text/plain' }, body: 'not the token' },
      'validationTokenMismatch',
      /is not the validation token/,
    ],
    [
      'an empty 200',
      { status: 200, headers: { 'content-type': 'text/plain' }, body: '' },
      'validationTokenMismatch',
      /is not the validation token/,
    ],
    [
      'JSON instead of text/plain',
      { status: 200, headers: { 'content-type': 'application/json' }, body: '"x"' },
      'validationBadContentType',
      /must be text\/plain/,
    ],
    ['500', { status: 500, body: 'oops' }, 'validationBadStatus', /answered 500; it must answer 200/],
    ['202', { status: 202 }, 'validationBadStatus', /answered 202/],
  ])('%s -> 400 invalidRequest "Failed to validate the notification URL", nothing stored', async (_label, answer, inner, detail) => {
    const r = await receiver(() => answer);

    const reply = await client.create({ ...v2Body(), notificationUrl: r.url });

    expect(reply.status).toBe(400);
    expect(errorOf(reply).code).toBe('invalidRequest');
    expect(errorOf(reply).message).toMatch(/^Failed to validate the notification URL 'http:\/\/127\.0\.0\.1:\d+\/notifications': /);
    expect(errorOf(reply).message).toMatch(detail);
    expect(errorOf(reply).innererror?.code).toBe(inner);
    expect(service().liveSubscriptions()).toEqual([]);
    expect(service().stats()).toMatchObject({ handshakes: 1, handshakeFailures: 1, creates: 0 });
  });

  test('a receiver that echoes the token still URL-encoded is told so', async () => {
    const r = await receiver((req) => ({
      status: 200,
      headers: { 'content-type': 'text/plain' },
      body: /validationtoken=([^&]*)/.exec(req.url)?.[1] ?? '',
    }));

    const reply = await client.create({ ...v2Body(), notificationUrl: r.url });

    expect(reply.status).toBe(400);
    expect(errorOf(reply).message).toMatch(/echoes the token still URL-encoded/);
  });

  test('a receiver slower than the timeout -> 400 "... timed out." within about the timeout', async () => {
    service().setProfile(quickDefault(300));
    const r = await receiver(() => 'hang');
    const started = performance.now();

    const reply = await client.create({ ...v2Body(), notificationUrl: r.url });

    const took = performance.now() - started;
    expect(reply.status).toBe(400);
    expect(errorOf(reply).message).toMatch(/^Failed to validate the notification URL '.*': the validation request timed out\.$/);
    expect(errorOf(reply).innererror?.code).toBe('validationTimedOut');
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(2_000);
  });

  test('a receiver that answers the token, but only after the timeout -> 400 timed out', async () => {
    service().setProfile(quickDefault(200));
    const r = await receiver(async (req) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return echoToken(req, 0);
    });

    const reply = await client.create({ ...v2Body(), notificationUrl: r.url });

    expect(reply.status).toBe(400);
    expect(errorOf(reply).message).toMatch(/timed out\.$/);
  });

  test('a closed port -> 400 "could not be reached"', async () => {
    const r = await receiver();
    await r.close();

    const reply = await client.create({ ...v2Body(), notificationUrl: r.url });

    expect(reply.status).toBe(400);
    expect(errorOf(reply).message).toMatch(/could not be reached \(ECONNREFUSED\)/);
    expect(errorOf(reply).innererror?.code).toBe('validationUnreachable');
  });

  test.each([['https://receiver.example/notify'], ['http://192.0.2.1:9/n'], ['http://[2001:db8::1]/n'], ['http://localhost.example/n']])(
    'a URL off the machine (%s) -> 400 at once, without any request',
    async (url) => {
      const started = performance.now();

      const reply = await client.create({ ...v2Body(), notificationUrl: url });

      expect(reply.status).toBe(400);
      expect(errorOf(reply).message).toMatch(
        /the reference service only validates loopback notification URLs .*no validation request was sent\.$/,
      );
      expect(errorOf(reply).innererror?.code).toBe('validationNotLoopback');
      // 192.0.2.1 is TEST-NET: a request would hang for the full 5 s timeout, not answer at once.
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(service().stats()).toMatchObject({ handshakes: 1, handshakeFailures: 1 });
    },
  );

  test("the service's own URL is refused without a request", async () => {
    const reply = await client.create({ ...v2Body(), notificationUrl: `${service().url}/_reference/trigger` });

    expect(reply.status).toBe(400);
    expect(errorOf(reply).innererror?.code).toBe('validationSelf');
  });

  test('a body the profile rejects is not validated: no request', async () => {
    const r = await receiver();

    const reply = await client.create({ ...v2Body(), notificationUrl: r.url, changeType: 'updated' });

    expect(reply.status).toBe(400);
    expect(r.received).toEqual([]);
    expect(service().stats().handshakes).toBe(0);
  });
});

describe('validation handshake (graph-like profile)', () => {
  test('https loopback receiver with a self-signed certificate; validationToken spelling -> 201', async () => {
    service().setProfile('graph-like');
    const r = await receiver(echoToken, { tls: true });

    const reply = await client.create({ ...fiveFields(), notificationUrl: r.url });

    expect(reply.status).toBe(201);
    expect(r.received[0]?.url).toMatch(/\?validationToken=/);
  });

  test('failures use Graph wording', async () => {
    const p = profile('graph-like');
    service().setProfile({ ...p, validationHandshake: { ...p.validationHandshake, timeoutMs: 200 } });
    const wrong = await receiver(() => ({ status: 500 }), { tls: true });
    const slow = await receiver(() => 'hang', { tls: true });

    const failed = await client.create({ ...fiveFields(), notificationUrl: wrong.url });
    const timedOut = await client.create({ ...fiveFields(), notificationUrl: slow.url });

    expect(errorOf(failed).message).toMatch(/^Subscription validation request failed\. The receiver answered 500/);
    expect(errorOf(timedOut).message).toBe('Subscription validation request timed out.');
  });
});

describe('turning the handshake on and off', () => {
  test('off: a loopback receiver gets no request and the create succeeds', async () => {
    service().setHandshake(false);
    const r = await receiver(() => ({ status: 500 }));

    const reply = await client.create({ ...v2Body(), notificationUrl: r.url });

    expect(reply.status).toBe(201);
    expect(r.received).toEqual([]);
    expect(service().stats().handshakes).toBe(0);
  });

  test('the option left out: the profile decides (default and graph-like on, rule profiles off)', async () => {
    const s = await startReferenceService({ tokens: [TOKEN] });
    try {
      expect(s.handshake()).toEqual({ mode: 'profile', effective: true });
      s.setProfile('graph-like');
      expect(s.handshake().effective).toBe(true);
      s.setProfile(ruleProfile(['a'], 'a'));
      expect(s.handshake()).toEqual({ mode: 'profile', effective: false });
    } finally {
      await s.close();
    }
  });

  test('an override holds across profile changes', () => {
    service().setHandshake('off');
    service().setProfile('graph-like');

    expect(service().handshake()).toEqual({ mode: 'off', effective: false });
    service().setHandshake('profile');
    expect(service().handshake()).toEqual({ mode: 'profile', effective: true });
  });

  test('GET/PUT /_reference/handshake', async () => {
    const admin = (method: string, body?: unknown) =>
      client.send(method, '/_reference/handshake', { token: null, ...(body !== undefined ? { body } : {}) });

    expect((await admin('GET')).json).toEqual({ mode: 'on', effective: true });
    expect((await admin('PUT', '"off"')).json).toEqual({ mode: 'off', effective: false });
    expect((await admin('PUT', 'profile')).json).toEqual({ mode: 'profile', effective: true });
    expect((await admin('PUT', true)).json).toEqual({ mode: 'on', effective: true });
    const bad = await admin('PUT', 'sometimes');
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toMatch(/PUT \/_reference\/handshake: the handshake mode must be "on", "off", "profile", true or false/);
  });

  test('setHandshake refuses anything else', () => {
    expect(() => service().setHandshake('yes' as never)).toThrow(/setHandshake: the handshake mode must be/);
  });

  test('a profile with a bad handshake part is refused', () => {
    const p = profile('default');

    expect(() => service().setProfile({ ...p, validationHandshake: { ...p.validationHandshake, timeoutMs: 0 } })).toThrow(
      /profile\.validationHandshake\.timeoutMs must be a whole number from 1 to 60000/,
    );
    expect(() => service().setProfile({ ...p, validationHandshake: { ...p.validationHandshake, tokenParameter: 'a b' } })).toThrow(
      /profile\.validationHandshake\.tokenParameter/,
    );
  });
});
