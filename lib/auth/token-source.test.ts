/** The run's token source: when it asks the endpoint, and what a 401 makes it do. Pure: a fake endpoint and clock. */
import { describe, expect, test } from 'vitest';
import { Secret } from '../secret.js';
import { ClientCredentialsTokenSource, renewalMarginMs } from './token-source.js';
import { BearerUnavailableError, TokenRequestError } from '../errors.js';

function fakeSource(lifetimeS: number | undefined, failAfter = Infinity) {
  const clock = { now: 1_000_000 };
  let asked = 0;
  const source = new ClientCredentialsTokenSource({
    request: async () => {
      await Promise.resolve();
      asked += 1;
      if (asked > failAfter)
        throw new TokenRequestError('token: 127.0.0.1 refused the token request: HTTP 401 invalid_client; check CLIENT_SECRET');
      return { token: new Secret(`token-${asked}`), expiresInS: lifetimeS };
    },
    requestSecrets: () => [new Secret('client-secret-value')],
    provenance: {
      credential: 'client-secret',
      credentialSetting: 'CLIENT_SECRET',
      tokenEndpointHost: '127.0.0.1',
      clientId: 'c',
      scope: 's',
    },
    now: () => clock.now,
  });
  return { source, clock, asked: () => asked };
}

describe('renewal before expiry', () => {
  test('the margin is a quarter of the lifetime, at least 2 s, at most 5 min', () => {
    expect([5_000, 60_000, 3_600_000].map(renewalMarginMs)).toEqual([2_000, 15_000, 300_000]);
  });

  test('the token is kept until the margin, then renewed once however many ask at the same time', async () => {
    const { source, clock, asked } = fakeSource(3600);
    const first = await source.current();
    clock.now += 3600_000 - 300_000 - 1;
    expect((await source.current()).token.reveal()).toBe('token-1');
    expect(asked()).toBe(1);
    clock.now += 1;
    const together = await Promise.all([source.current(), source.current(), source.current()]);
    expect(together.map((b) => b.token.reveal())).toEqual(['token-2', 'token-2', 'token-2']);
    expect(together[0]?.generation).toBe(first.generation + 1);
    expect(asked()).toBe(2);
    expect(source.provenance()).toMatchObject({
      tokensObtained: 2,
      renewalsBeforeExpiry: 1,
      renewalsAfter401: 0,
      lastLifetimeSeconds: 3600,
    });
  });

  test('without expires_in the token is renewed only after a 401', async () => {
    const { source, clock, asked } = fakeSource(undefined);
    await source.current();
    clock.now += 86_400_000;
    await source.current();
    expect(asked()).toBe(1);
    expect((await source.refused(1))?.token.reveal()).toBe('token-2');
  });

  test('a failed renewal keeps the token while it holds, asks again 5 s later, and fails once it expired', async () => {
    const { source, clock, asked } = fakeSource(60, 1);
    await source.current();
    clock.now += 45_000; // due (margin 15 s), 15 s before expiry
    expect((await source.current()).token.reveal()).toBe('token-1');
    expect(asked()).toBe(2);
    clock.now += 1_000;
    await source.current();
    expect(asked()).toBe(2); // quiet for 5 s
    clock.now += 15_000; // expired
    await expect(source.current()).rejects.toBeInstanceOf(BearerUnavailableError);
  });
});

describe('after a 401 invalid_token', () => {
  test('renews once; a fresh token refused too is the target answer (no retry, no more requests)', async () => {
    const { source, asked } = fakeSource(3600);
    await source.current();
    const renewed = await source.refused(1);
    expect(renewed?.generation).toBe(2);
    expect(await source.refused(2)).toBeUndefined();
    expect(await source.refused(2)).toBeUndefined();
    expect(asked()).toBe(2);
    expect(source.provenance()).toMatchObject({ renewalsAfter401: 1 });
  });

  test('a renewed token refused again 30 s later (it may have expired: no lifetime given) is renewed again', async () => {
    const { source, clock, asked } = fakeSource(undefined);
    await source.current();
    await source.refused(1);
    clock.now += 29_999;
    expect(await source.refused(2)).toBeUndefined();
    clock.now += 1;
    expect((await source.refused(2))?.generation).toBe(3);
    expect(asked()).toBe(3);
  });

  test('a request still holding an older token is given the current one, without a new request', async () => {
    const { source, asked } = fakeSource(3600);
    await source.current();
    await source.refused(1);
    expect((await source.refused(1))?.generation).toBe(2);
    expect(asked()).toBe(2);
  });

  test('every token held and the client secret are what redaction hides', async () => {
    const { source } = fakeSource(3600);
    await source.current();
    await source.refused(1);
    expect(source.secrets().map((s) => s.reveal())).toEqual(['token-1', 'token-2', 'client-secret-value']);
  });
});

test('the redaction step is told of the client secret at once, and of every token and assertion when got', async () => {
  const told: string[] = [];
  let asked = 0;
  const source = new ClientCredentialsTokenSource({
    request: () => Promise.resolve({ token: new Secret(`told-token-${++asked}`), expiresInS: 3600 }),
    requestSecrets: () => [new Secret('the-client-secret'), ...(asked > 0 ? [new Secret(`assertion-${asked}`)] : [])],
    provenance: {
      credential: 'certificate',
      credentialSetting: 'CLIENT_CERTIFICATE_FILE',
      tokenEndpointHost: 'h',
      clientId: 'c',
      scope: 's',
    },
    redactor: { add: (secret) => secret !== undefined && told.push(secret.reveal()) },
  });
  expect(told).toEqual(['the-client-secret']);
  await source.current();
  await source.refused(1);
  expect(new Set(told)).toEqual(new Set(['the-client-secret', 'told-token-1', 'assertion-1', 'told-token-2', 'assertion-2']));
});
