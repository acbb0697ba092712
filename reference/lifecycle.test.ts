import { describe, expect, test } from 'vitest';
import { DEFAULT_LIFECYCLE, resolveProfile } from './profiles.js';
import { parseProfileInput } from './profile-json.js';
import { CREATE_PATH, errorOf, inHours, useService, v2Body } from '../test/support/reference-client.js';

const { client, service } = useService();

async function created(): Promise<string> {
  const reply = await client.create(v2Body());
  expect(reply.status).toBe(201);
  return (reply.json as { id: string }).id;
}

const item = (id: string): string => `${CREATE_PATH}/${encodeURIComponent(id)}`;

describe('default profile: read, renew, list, delete', () => {
  test('PATCH with a later expirationDateTime -> 200 with the record; a read shows the new time', async () => {
    const id = await created();
    const later = inHours(24 * 30);

    const renewed = await client.send('PATCH', item(id), { body: { expirationDateTime: later } });
    const read = await client.send('GET', item(id));

    expect(renewed.status).toBe(200);
    expect(renewed.json).toMatchObject({ id, expirationDateTime: later });
    expect(read.json).toMatchObject({ id, expirationDateTime: later });
  });

  test('a renewal past the longest lifetime -> 400 invalidRequest, and the subscription keeps its time', async () => {
    const id = await created();
    const before = (await client.send('GET', item(id))).json as { expirationDateTime: string };

    const refused = await client.send('PATCH', item(id), { body: { expirationDateTime: inHours(24 * 181) } });

    expect(refused.status).toBe(400);
    expect(errorOf(refused).code).toBe('invalidRequest');
    expect((await client.send('GET', item(id))).json).toMatchObject({ expirationDateTime: before.expirationDateTime });
  });

  test('notificationUrl is applied, clientState ignored, resource refused', async () => {
    const id = await created();

    const url = await client.send('PATCH', item(id), { body: { notificationUrl: 'https://other.example/n' } });
    const state = await client.send('PATCH', item(id), { body: { clientState: 'changed' } });
    const resource = await client.send('PATCH', item(id), { body: { resource: '/me/drive/root' } });
    const read = (await client.send('GET', item(id))).json as Record<string, unknown>;

    expect([url.status, state.status, resource.status]).toEqual([200, 200, 400]);
    expect(read['notificationUrl']).toBe('https://other.example/n');
    expect(read['clientState']).toBe(v2Body()['clientState']);
  });

  test('the list pages by listPageSize with an absolute @odata.nextLink on the service origin', async () => {
    const ids = [await created(), await created(), await created()];

    const first = await client.send('GET', CREATE_PATH);
    const firstPage = first.json as { value: { id: string }[]; '@odata.nextLink'?: string };
    const next = new URL(firstPage['@odata.nextLink'] ?? 'http://missing.invalid/');
    const second = (await client.send('GET', `${next.pathname}${next.search}`)).json as {
      value: { id: string }[];
      '@odata.nextLink'?: string;
    };

    expect(firstPage.value).toHaveLength(DEFAULT_LIFECYCLE.listPageSize);
    expect(next.origin).toBe(new URL(service().url).origin);
    expect([...firstPage.value, ...second.value].map((r) => r.id)).toEqual(ids);
    expect(second['@odata.nextLink']).toBeUndefined();
  });

  test('after DELETE: read 404, a second DELETE 404, not listed', async () => {
    const id = await created();

    expect((await client.send('DELETE', item(id))).status).toBe(204);

    expect((await client.send('GET', item(id))).status).toBe(404);
    expect((await client.send('DELETE', item(id))).status).toBe(404);
    expect((await client.send('GET', CREATE_PATH)).json).toEqual({ value: [] });
  });
});

describe('v2-delete-only profile', () => {
  test('read, list and renew answer 405 with Allow: DELETE; a second DELETE answers 204', async () => {
    service().setProfile('v2-delete-only');
    const id = await created();

    const read = await client.send('GET', item(id));
    const list = await client.send('GET', CREATE_PATH);
    const renew = await client.send('PATCH', item(id), { body: { expirationDateTime: inHours(48) } });

    expect([read.status, list.status, renew.status]).toEqual([405, 405, 405]);
    expect(read.headers['allow']).toBe('DELETE');
    expect((await client.send('DELETE', item(id))).status).toBe(204);
    expect((await client.send('DELETE', item(id))).status).toBe(204);
    expect((await client.send('DELETE', item('never-created'))).status).toBe(404);
  });
});

describe('a profile whose deleted subscriptions stay readable', () => {
  test('after DELETE the subscription is still read and listed, and a second DELETE answers 404', async () => {
    service().setProfile({ ...resolveProfile('default'), lifecycle: { ...DEFAULT_LIFECYCLE, deletedStayReadable: true } });
    const id = await created();

    expect((await client.send('DELETE', item(id))).status).toBe(204);

    expect((await client.send('GET', item(id))).json).toMatchObject({ id });
    expect((await client.send('GET', CREATE_PATH)).json).toMatchObject({ value: [{ id }] });
    expect((await client.send('DELETE', item(id))).status).toBe(404);
    expect(service().liveSubscriptions()).toEqual([]);
  });
});

describe('a profile whose next links name another origin', () => {
  test('the next link carries that origin', async () => {
    const profile = resolveProfile('default');
    service().setProfile({ ...profile, lifecycle: { ...DEFAULT_LIFECYCLE, listPageSize: 1, nextLinkOrigin: 'https://inner.example' } });
    await created();
    await created();

    const page = (await client.send('GET', CREATE_PATH)).json as { '@odata.nextLink'?: string };

    expect(page['@odata.nextLink']).toBe(`https://inner.example${CREATE_PATH}?$skiptoken=1`);
  });

  test('a profile with a next link origin that has a path is refused', () => {
    const profile = { ...resolveProfile('default'), lifecycle: { ...DEFAULT_LIFECYCLE, nextLinkOrigin: 'https://inner.example/x' } };

    expect(() => parseProfileInput(profile)).toThrow(/lifecycle\.nextLinkOrigin must be an origin/);
  });
});
