import { describe, expect, test } from 'vitest';
import { PROFILES, ruleProfile } from './index.js';
import { CREATE_PATH, errorOf, useService, v2Body } from '../test/support/reference-client.js';

const { service, client } = useService();
const admin = (method: string, path: string, body?: unknown) =>
  client.send(method, `/_reference/${path}`, { token: null, ...(body !== undefined ? { body } : {}) });

describe('admin endpoints', () => {
  test('GET stats needs no token and is not itself counted', async () => {
    await client.create(v2Body());

    const first = await admin('GET', 'stats');
    const second = await admin('GET', 'stats');

    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ requests: 1, creates: 1, liveSubscriptions: 1 });
    expect(second.json).toEqual(first.json);
  });

  test('POST reset clears the counters -> 204', async () => {
    await client.create(v2Body());

    const reply = await admin('POST', 'reset');

    expect(reply.status).toBe(204);
    expect(service().stats()).toMatchObject({ requests: 0, creates: 0 });
  });

  test.each([['graph-like'], ['"graph-like"']])('PUT profile %s switches to a built-in profile', async (body) => {
    const reply = await admin('PUT', 'profile', body);

    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ name: 'graph-like' });
    expect((await admin('GET', 'profile')).json).toEqual(PROFILES['graph-like']);
    expect((await client.create(v2Body())).status).toBe(400);
  });

  test('PUT profile with a rule in JSON', async () => {
    const reply = await admin('PUT', 'profile', { kind: 'rule', fields: ['a', 'b'], accept: 'a || b', name: 'a-or-b' });

    expect(reply.status).toBe(200);
    expect(service().profile()).toEqual(ruleProfile(['a', 'b'], 'a || b', 'a-or-b'));
    expect((await client.create({ b: 'x' })).status).toBe(201);
    expect((await client.create({ c: 'x' })).status).toBe(400);
  });

  test('PUT profile with a whole profile object', async () => {
    const base = PROFILES['default'];
    if (base === undefined || base.values === 'strings-only') throw new Error('default profile has value rules');
    const custom = { ...base, name: 'short-state', values: { ...base.values, clientState: { maxLength: 3 } } };

    const reply = await admin('PUT', 'profile', custom);

    expect(reply.status).toBe(200);
    expect((await client.create({ ...v2Body(), clientState: 'abcd' })).status).toBe(400);
    expect((await client.create({ ...v2Body(), clientState: 'abc' })).status).toBe(201);
  });

  test.each([
    ['an unknown name', 'no-such-profile', /reference profile 'no-such-profile' is unknown; known: default, graph-like/],
    ['a rule that does not parse', { kind: 'rule', fields: ['a'], accept: 'a &&' }, /expression: unexpected end/],
    [
      'a profile with a bad part',
      { ...PROFILES['default'], request: { maxBodyBytes: -1 } },
      /profile\.request\.maxBodyBytes must be a positive number/,
    ],
  ])('PUT profile with %s -> 400 saying why, and the profile stays', async (_label, body, message) => {
    const reply = await admin('PUT', 'profile', body);

    expect(reply.status).toBe(400);
    expect(errorOf(reply).message).toMatch(message);
    expect(service().profile().name).toBe('default');
  });

  test('PUT faults sets them (replacing), GET faults reads them; bad ones -> 400', async () => {
    const set = await admin('PUT', 'faults', { throttle429Share: 1, retryAfterSeconds: 3 });
    const bad = await admin('PUT', 'faults', { throttle429Share: 2 });

    expect(set.json).toEqual({ throttle429Share: 1, retryAfterSeconds: 3 });
    expect((await admin('GET', 'faults')).json).toEqual({ throttle429Share: 1, retryAfterSeconds: 3 });
    expect((await client.create(v2Body())).status).toBe(429);
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toMatch(/throttle429Share/);
  });

  test('GET subscriptions lists the live ones; DELETE forgets them all', async () => {
    const created = (await client.create(v2Body())).json;

    const listed = await admin('GET', 'subscriptions');
    const cleared = await admin('DELETE', 'subscriptions');

    expect(listed.json).toEqual({ value: [created] });
    expect(cleared.status).toBe(204);
    expect((await client.send('GET', CREATE_PATH)).json).toEqual({ value: [] });
  });

  test('unknown admin path -> 404; wrong method -> 405 with Allow', async () => {
    const unknown = await admin('GET', 'nothing');
    const wrong = await admin('DELETE', 'stats');

    expect(unknown.status).toBe(404);
    expect(wrong.status).toBe(405);
    expect(wrong.headers['allow']).toBe('GET');
  });
});
