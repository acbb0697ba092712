import { describe, expect, test } from 'vitest';
import { errorOf, fiveFields, inHours, useService, v2Body, without } from '../test/support/reference-client.js';

const { client } = useService({ profile: 'graph-like' });

describe('graph-like profile', () => {
  test('all five fields -> 201; the record echoes resource and changeType', async () => {
    const reply = await client.create(fiveFields());

    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ resource: '/me/drive/root', changeType: 'updated' });
  });

  test('the v2.0 body (without changeType and resource) -> 400: both are required', async () => {
    const reply = await client.create(v2Body());

    expect(reply.status).toBe(400);
    expect(errorOf(reply).message).toBe("The property 'changeType' is required.");
  });

  test.each([['changeType'], ['notificationUrl'], ['resource'], ['expirationDateTime']])('missing %s -> 400', async (field) => {
    const reply = await client.create(without(fiveFields(), field));

    expect(reply.status).toBe(400);
    expect(errorOf(reply).message).toContain(`'${field}'`);
  });

  test('errors carry innerError {date, request-id, client-request-id} and echo client-request-id', async () => {
    const reply = await client.create(v2Body(), { headers: { 'client-request-id': 'abc-123' } });

    expect(errorOf(reply).innerError).toEqual({
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/) as unknown,
      'request-id': reply.headers['request-id'],
      'client-request-id': 'abc-123',
    });
  });

  test.each([
    ['changeType', 'created'],
    ['notificationUrl', 'http://receiver.example/notify'],
    ['resource', '/sites/root/drive/root'],
    ['clientState', 'x'.repeat(129)],
    ['expirationDateTime', inHours(42_300 / 60 + 1)],
  ])('%s = %j -> 400 invalidRequest', async (field, value) => {
    const reply = await client.create({ ...fiveFields(), [field]: value });

    expect(reply.status).toBe(400);
    expect(errorOf(reply).code).toBe('invalidRequest');
    expect(errorOf(reply).message).toContain(field);
  });

  test.each([['/drives/b!abc/root'], ['me/drive/root']])('resource %j is a drive root', async (resource) => {
    expect((await client.create({ ...fiveFields(), resource })).status).toBe(201);
  });

  test('clientState of 128 characters is accepted', async () => {
    expect((await client.create({ ...fiveFields(), clientState: 'c'.repeat(128) })).status).toBe(201);
  });

  test('401 uses InvalidAuthenticationToken', async () => {
    const reply = await client.create(fiveFields(), { token: 'wrong' });

    expect(reply.status).toBe(401);
    expect(errorOf(reply).code).toBe('InvalidAuthenticationToken');
  });
});
