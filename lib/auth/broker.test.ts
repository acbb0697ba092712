/** The worker's view of the token source over loopback: the same tokens, renewals passed on, a key required. */
import { expect, test } from 'vitest';
import { Secret } from '../secret.js';
import { TokenBrokerClient } from './broker-client.js';
import { BROKER_KEY_HEADER, startTokenBroker } from './broker.js';
import { ClientCredentialsTokenSource } from './token-source.js';

test('the worker gets the current token, keeps it while fresh, and a 401 renews it in the main process', async () => {
  let asked = 0;
  const source = new ClientCredentialsTokenSource({
    request: () => Promise.resolve({ token: new Secret(`broker-token-${++asked}`), expiresInS: 3600 }),
    requestSecrets: () => [],
    provenance: { credential: 'client-secret', credentialSetting: 'CLIENT_SECRET', tokenEndpointHost: 'h', clientId: 'c', scope: 's' },
  });
  const broker = await startTokenBroker(source);
  try {
    const client = new TokenBrokerClient(broker);
    const first = await client.current();
    expect(first).toMatchObject({ generation: 1 });
    expect(first.token.reveal()).toBe('broker-token-1');
    await client.current();
    expect(asked).toBe(1);
    const renewed = await client.refused(1);
    expect(renewed?.token.reveal()).toBe('broker-token-2');
    expect((await client.current()).generation).toBe(2);
    expect(await client.refused(2)).toBeUndefined(); // a renewed token refused too: no retry
    expect(client.secrets().map((s) => s.reveal())).toEqual(['broker-token-1', 'broker-token-2']);
    expect(source.provenance()).toMatchObject({ tokensObtained: 2, renewalsAfter401: 1 });

    const noKey = await fetch(`${broker.url}/token`);
    expect(noKey.status).toBe(403);
    expect(await noKey.text()).not.toContain('broker-token');
    const wrongKey = await fetch(`${broker.url}/token`, { headers: { [BROKER_KEY_HEADER]: 'x'.repeat(broker.key.length) } });
    expect(wrongKey.status).toBe(403);
  } finally {
    await broker.close();
  }
});
