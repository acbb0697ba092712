import { describe, expect, test } from 'vitest';
import { CREATE_PATH, errorOf, useService, v2Body } from '../test/support/reference-client.js';

const { client } = useService();

describe('authentication (spec §5)', () => {
  test.each([
    ['no Authorization header', {}, 'Bearer realm="reference-drive"'],
    ['a Basic scheme', { authorization: 'Basic dXNlcjpwYXNz' }, 'Bearer realm="reference-drive"'],
    ['an empty bearer token', { authorization: 'Bearer ' }, 'Bearer realm="reference-drive", error="invalid_token"'],
    ['an unknown token', { authorization: 'Bearer not-the-token' }, 'Bearer realm="reference-drive", error="invalid_token"'],
  ])('%s -> 401 unauthenticated with a Bearer challenge', async (_label, headers, challenge) => {
    const reply = await client.create(v2Body(), { token: null, headers });

    expect(reply.status).toBe(401);
    expect(errorOf(reply).code).toBe('unauthenticated');
    expect(reply.headers['www-authenticate']).toBe(challenge);
  });

  test('the scheme name is case-insensitive', async () => {
    const reply = await client.create(v2Body(), { token: null, headers: { authorization: 'bearer test-token-0123456789' } });

    expect(reply.status).toBe(201);
  });

  test('authentication comes before routing: a bad token on an unknown path is 401', async () => {
    expect((await client.send('GET', '/nowhere', { token: 'bad' })).status).toBe(401);
  });
});

describe('paths and methods', () => {
  test.each([
    ['/_api/v1.0/drive/root/subscriptions'],
    ['/_api/v2.1/drive/root/subscriptions'],
    ['/_api/drive/root/subscriptions'],
    ['/_api/v2.0/drive/root/subscriptions/'],
    ['/_api/V2.0/drive/root/subscriptions'],
    ['/'],
  ])('POST %s -> 404 itemNotFound', async (path) => {
    const reply = await client.send('POST', path, { body: v2Body() });

    expect(reply.status).toBe(404);
    expect(errorOf(reply).code).toBe('itemNotFound');
  });

  test('a query string does not change the route', async () => {
    expect((await client.send('POST', `${CREATE_PATH}?x=1`, { body: v2Body() })).status).toBe(201);
  });

  test.each([['PUT'], ['PATCH'], ['DELETE']])('%s on the collection -> 405 with Allow: GET, POST', async (method) => {
    const reply = await client.send(method, CREATE_PATH, { body: v2Body() });

    expect(reply.status).toBe(405);
    expect(reply.headers['allow']).toBe('GET, POST');
    expect(errorOf(reply).code).toBe('notSupported');
  });

  test('PUT on a subscription -> 405 with Allow: GET, PATCH, DELETE; PATCH of one that does not exist -> 404', async () => {
    const put = await client.send('PUT', `${CREATE_PATH}/some-id`, { body: {} });
    const patch = await client.send('PATCH', `${CREATE_PATH}/some-id`, { body: {} });

    expect(put.status).toBe(405);
    expect(put.headers['allow']).toBe('GET, PATCH, DELETE');
    expect(patch.status).toBe(404);
  });
});

describe('list, read, delete', () => {
  test('a created subscription is listed, can be read, deleted once, then is gone', async () => {
    const created = (await client.create(v2Body())).json as { id: string };

    const list = await client.send('GET', CREATE_PATH);
    const one = await client.send('GET', `${CREATE_PATH}/${created.id}`);
    const deleted = await client.send('DELETE', `${CREATE_PATH}/${created.id}`);
    const again = await client.send('DELETE', `${CREATE_PATH}/${created.id}`);
    const after = await client.send('GET', `${CREATE_PATH}/${created.id}`);

    expect(list.json).toEqual({ value: [created] });
    expect(one.json).toEqual(created);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(again.status).toBe(404);
    expect(errorOf(after).code).toBe('itemNotFound');
  });

  test('reading an unknown id -> 404 itemNotFound', async () => {
    const reply = await client.send('GET', `${CREATE_PATH}/does-not-exist`);

    expect(reply.status).toBe(404);
    expect(errorOf(reply).code).toBe('itemNotFound');
  });
});
