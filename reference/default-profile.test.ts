import { describe, expect, test } from 'vitest';
import { errorOf, fiveFields, inHours, useService, v2Body, without } from '../test/support/reference-client.js';

const { service, client } = useService();

describe('spec §4 observations', () => {
  test('all five fields -> 400 invalidRequest naming a property', async () => {
    const reply = await client.create(fiveFields());

    expect(reply.status).toBe(400);
    expect(errorOf(reply).code).toBe('invalidRequest');
    expect(errorOf(reply).message).toMatch(/The property '(changeType|resource)'/);
  });

  test('without changeType and resource -> 201 with the subscription record', async () => {
    const body = v2Body();

    const reply = await client.create(body);

    expect(reply.status).toBe(201);
    const record = reply.json as Record<string, unknown>;
    expect(record).toMatchObject({
      resource: expect.stringMatching(/^\/drives\/[^/]+\/items\/[^/]+$/) as unknown,
      notificationUrl: body['notificationUrl'],
      expirationDateTime: body['expirationDateTime'],
      clientState: body['clientState'],
      createdBy: { application: { id: expect.any(String) as unknown, displayName: expect.any(String) as unknown } },
    });
    expect(reply.headers['location']).toBe(`${service().url}/_api/v2.0/drive/root/subscriptions/${String(record['id'])}`);
    expect(
      service()
        .liveSubscriptions()
        .map((s) => s.id),
    ).toEqual([record['id']]);
  });

  test.each([['changeType'], ['resource']])('%s alone on top of an accepted body -> 400', async (field) => {
    const reply = await client.create({ ...v2Body(), [field]: fiveFields()[field] });

    expect(reply.status).toBe(400);
    expect(errorOf(reply).code).toBe('invalidRequest');
    expect(errorOf(reply).message).toContain(`'${field}'`);
  });

  test('changeType is "not defined on the type"; resource is "read-only"', async () => {
    const changeType = await client.create({ ...v2Body(), changeType: 'updated' });
    const resource = await client.create({ ...v2Body(), resource: '/me/drive/root' });

    expect(errorOf(changeType).message).toBe(
      "The property 'changeType' does not exist on type 'oneDrive.subscription'. Make sure to only use property names that are defined by the type.",
    );
    expect(errorOf(changeType).innererror?.code).toBe('undefinedProperty');
    expect(errorOf(resource).message).toMatch(/read-only/);
    expect(errorOf(resource).innererror?.code).toBe('readOnlyProperty');
  });
});

describe('fields', () => {
  test('an unknown property -> 400 naming it', async () => {
    const reply = await client.create({ ...v2Body(), colour: 'blue' });

    expect(reply.status).toBe(400);
    expect(errorOf(reply).message).toContain("'colour'");
  });

  test.each([['notificationUrl'], ['expirationDateTime']])('missing %s -> 400 (required)', async (field) => {
    const reply = await client.create(without(v2Body(), field));

    expect(reply.status).toBe(400);
    expect(errorOf(reply)).toMatchObject({ code: 'invalidRequest', message: `The property '${field}' is required.` });
  });

  test('clientState is optional', async () => {
    const reply = await client.create(without(v2Body(), 'clientState'));

    expect(reply.status).toBe(201);
    expect(reply.json).not.toHaveProperty('clientState');
  });

  test.each([
    ['notificationUrl', 42],
    ['expirationDateTime', null],
    ['clientState', { nested: true }],
    ['clientState', ['a']],
    ['notificationUrl', true],
  ])('%s of the wrong JSON type (%j) -> 400', async (field, value) => {
    const reply = await client.create({ ...v2Body(), [field]: value });

    expect(reply.status).toBe(400);
    expect(errorOf(reply).innererror?.code).toBe('wrongType');
    expect(errorOf(reply).message).toContain(`'${field}'`);
  });
});

describe('values', () => {
  test.each([['not a url'], ['/relative/path'], ['ftp://files.example/x'], ['']])('notificationUrl %j -> 400', async (url) => {
    const reply = await client.create({ ...v2Body(), notificationUrl: url });

    expect(reply.status).toBe(400);
    expect(errorOf(reply).message).toMatch(/notificationUrl/);
  });

  test('notificationUrl over plain http is accepted (https is only required by graph-like)', async () => {
    expect((await client.create({ ...v2Body(), notificationUrl: 'http://127.0.0.1:9/n' })).status).toBe(201);
  });

  test.each([
    ['with milliseconds and Z', (ms: number) => new Date(ms).toISOString()],
    ['without fraction', (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')],
    ['with an offset', (ms: number) => new Date(ms + 2 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, '+02:00')],
  ])('expirationDateTime %s is accepted and answered in UTC with milliseconds', async (_label, write) => {
    const at = Math.floor((Date.now() + 48 * 3_600_000) / 1000) * 1000;

    const reply = await client.create({ ...v2Body(), expirationDateTime: write(at) });

    expect(reply.status).toBe(201);
    expect((reply.json as { expirationDateTime: string }).expirationDateTime).toBe(new Date(at).toISOString());
  });

  test.each([['tomorrow'], ['2030-02-30T00:00:00Z'], ['2030-01-01T25:00:00Z'], ['2030-01-01'], ['2030-01-01T00:00:00']])(
    'expirationDateTime %j is not an instant -> 400',
    async (value) => {
      const reply = await client.create({ ...v2Body(), expirationDateTime: value });

      expect(reply.status).toBe(400);
      expect(errorOf(reply).message).toMatch(/expirationDateTime .* is not valid/);
    },
  );

  test('expirationDateTime in the past -> 400 saying so', async () => {
    const reply = await client.create({ ...v2Body(), expirationDateTime: inHours(-1) });

    expect(reply.status).toBe(400);
    expect(errorOf(reply).message).toMatch(/is not in the future\. Should be greater than today and within 6 months\./);
  });

  test('expirationDateTime beyond 180 days -> 400 saying so; just inside -> 201', async () => {
    const tooFar = await client.create({ ...v2Body(), expirationDateTime: inHours(180 * 24 + 1) });
    const inside = await client.create({ ...v2Body(), expirationDateTime: inHours(180 * 24 - 1) });

    expect(tooFar.status).toBe(400);
    expect(errorOf(tooFar).message).toMatch(/more than 259200 minutes in the future/);
    expect(inside.status).toBe(201);
  });

  test('clientState: 255 characters accepted, 256 rejected', async () => {
    expect((await client.create({ ...v2Body(), clientState: 'x'.repeat(255) })).status).toBe(201);
    const tooLong = await client.create({ ...v2Body(), clientState: 'x'.repeat(256) });
    expect(tooLong.status).toBe(400);
    expect(errorOf(tooLong).message).toMatch(/clientState is 256 characters long; at most 255/);
  });
});

describe('the body as a whole', () => {
  test.each([
    ['text/plain', 400],
    ['application/xml', 400],
    ['application/json; charset=iso-8859-1', 400],
  ])('Content-Type %s -> %i invalidRequest', async (contentType, status) => {
    const reply = await client.create(v2Body(), { headers: { 'content-type': contentType } });

    expect(reply.status).toBe(status);
    expect(errorOf(reply).code).toBe('invalidRequest');
  });

  test.each([['application/json; charset=utf-8'], ['Application/JSON'], ['application/json;odata=verbose']])(
    'Content-Type %s is JSON',
    async (contentType) => {
      expect((await client.create(v2Body(), { headers: { 'content-type': contentType } })).status).toBe(201);
    },
  );

  test.each([['{"notificationUrl":'], ['[]'], ['"a string"'], ['null'], ['42'], ['']])(
    'body %j is not a JSON object -> 400',
    async (raw) => {
      const reply = await client.create(raw);

      expect(reply.status).toBe(400);
      expect(errorOf(reply).code).toBe('invalidRequest');
    },
  );

  test('duplicate keys: the last one wins', async () => {
    const body = v2Body();
    const raw = `{"clientState":"first",${JSON.stringify(body).slice(1, -1)}}`;

    const reply = await client.create(raw);

    expect(reply.status).toBe(201);
    expect((reply.json as { clientState: string }).clientState).toBe(body['clientState']);
  });

  test('a body over 1 MB -> 413 requestTooLarge', async () => {
    const reply = await client.create({ ...v2Body(), clientState: 'x'.repeat(1024 * 1024) });

    expect(reply.status).toBe(413);
    expect(errorOf(reply).code).toBe('requestTooLarge');
  });

  test('a body that is not UTF-8 -> 400', async () => {
    const reply = await client.create(Uint8Array.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])); // {"\xff":1}

    expect(reply.status).toBe(400);
    expect(errorOf(reply).innererror?.code).toBe('malformedBody');
  });
});
