/** The faults a broken target or a wrong setup brings: a redirecting proxy, resets, a refused token, odd ids, failing deletes. */
import { request } from 'undici';
import { describe, expect, test } from 'vitest';
import { checkFaults } from './index.js';
import { CREATE_PATH, TOKEN, errorOf, useService, v2Body } from '../test/support/reference-client.js';

const { service, client } = useService();

describe('transport faults', () => {
  test('redirectShare 1 -> 302 to redirectTo, nothing created', async () => {
    service().setFaults({ redirectShare: 1, redirectTo: 'https://login.example.test/signin' });
    const reply = await client.create(v2Body());
    expect(reply.status).toBe(302);
    expect(reply.headers['location']).toBe('https://login.example.test/signin');
    expect(service().liveSubscriptions()).toEqual([]);
  });

  test('resetShare 1 -> the status and headers come, then the connection is reset half-way through the body', async () => {
    service().setFaults({ resetShare: 1 });
    const res = await request(`${service().url}${CREATE_PATH}`, {
      method: 'POST',
      body: JSON.stringify(v2Body()),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(400);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    await expect(res.body.text()).rejects.toThrow();
  });

  test('unauthorizedShare 1 -> 401 with a Bearer challenge, even for the right token', async () => {
    service().setFaults({ unauthorizedShare: 1 });
    const reply = await client.create(v2Body());
    expect(reply.status).toBe(401);
    expect(String(reply.headers['www-authenticate'])).toMatch(/^Bearer realm=/);
    expect(errorOf(reply).code).toBe('unauthenticated');
  });
});

describe('id and delete faults', () => {
  test('createdId: every create answers that id', async () => {
    service().setFaults({ createdId: '..' });
    const a = await client.create(v2Body());
    const b = await client.create(v2Body());
    expect([a.status, b.status]).toEqual([201, 201]);
    expect([(a.json as { id: string }).id, (b.json as { id: string }).id]).toEqual(['..', '..']);
  });

  test('createdIds: creates answer the ids in turn, then from the first again', async () => {
    service().setFaults({ createdIds: ['..', 'a/../..', '.'] });
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(((await client.create(v2Body())).json as { id: string }).id);
    expect(ids).toEqual(['..', 'a/../..', '.', '..']);
  });

  test('omitCreatedId: the create is made and answered without its id', async () => {
    service().setFaults({ omitCreatedId: true });
    const reply = await client.create(v2Body());
    expect(reply.status).toBe(201);
    expect(reply.json).not.toHaveProperty('id');
    expect(service().liveSubscriptions()).toHaveLength(1);
  });

  test.each([[404], [500]])('deleteStatus %i: every DELETE is answered so and deletes nothing', async (status) => {
    const created = await client.create(v2Body());
    service().setFaults({ deleteStatus: status });
    const reply = await client.send('DELETE', `${CREATE_PATH}/${(created.json as { id: string }).id}`);
    expect(reply.status).toBe(status);
    expect(service().liveSubscriptions()).toHaveLength(1);
  });

  test('the new options are checked', () => {
    expect(() => checkFaults({ deleteStatus: 99 })).toThrow(/deleteStatus/);
    expect(() => checkFaults({ createdId: 1 })).toThrow(/createdId must be a string/);
    expect(() => checkFaults({ createdIds: [] })).toThrow(/createdIds must be a list of 1 to 100 strings/);
    expect(() => checkFaults({ createdIds: ['a'], createdId: 'b' })).toThrow(/not both/);
    expect(() => checkFaults({ omitCreatedId: 'yes' })).toThrow(/omitCreatedId/);
    expect(() => checkFaults({ redirectShare: 0.6, resetShare: 0.6 })).toThrow(/add up to more than 1/);
  });
});
