import { describe, expect, test } from 'vitest';
import { PROFILES, ruleProfile } from './index.js';
import { errorOf, useService } from '../test/support/reference-client.js';
import { ExpressionSyntaxError } from '../lib/errors.js';

const { service, client } = useService();

describe('ruleProfile()', () => {
  test('is plain JSON data with the rule and no value checks', () => {
    const profile = ruleProfile(['a', 'b'], 'a && !b');

    expect(JSON.parse(JSON.stringify(profile))).toEqual(profile);
    expect(profile.presence).toEqual({ kind: 'rule', fields: ['a', 'b'], accept: 'a && !b' });
    expect(profile.values).toBe('strings-only');
    expect(profile.name).toBe('rule: a && !b');
    expect(ruleProfile(['a'], 'a', 'only-a').name).toBe('only-a');
  });

  test('refuses an expression that does not parse, or names a field not listed', () => {
    expect(() => ruleProfile(['a'], 'a &&')).toThrow(ExpressionSyntaxError);
    expect(() => ruleProfile(['a'], 'a || c')).toThrow(/ruleProfile: the expression names fields that are not in fields: c/);
    expect(() => ruleProfile([], 'true')).toThrow(RangeError);
  });
});

describe('a service with a rule profile', () => {
  test.each([
    [['a'], 201],
    [['a', 'c'], 201],
    [['a', 'b'], 400],
    [['b'], 400],
    [[], 400],
  ])('a && !b: present %j -> %i', async (present, status) => {
    service().setProfile(ruleProfile(['a', 'b', 'c'], 'a && !b'));

    const reply = await client.create(Object.fromEntries(present.map((f) => [f, 'any value, not checked'])));

    expect(reply.status).toBe(status);
    if (status === 400) {
      expect(errorOf(reply).code).toBe('invalidRequest');
      expect(errorOf(reply).message).toBe(
        `The combination of fields is not accepted. Present: ${present.length === 0 ? '(none)' : present.join(', ')}. Accepted when: a && !b.`,
      );
    }
  });

  test('values are only checked to be strings', async () => {
    service().setProfile(ruleProfile(['notificationUrl', 'expirationDateTime'], 'notificationUrl'));

    const odd = await client.create({ notificationUrl: 'not a url', expirationDateTime: 'whenever' });
    const notString = await client.create({ notificationUrl: 7 });

    expect(odd.status).toBe(201);
    expect(odd.json).toMatchObject({ notificationUrl: 'not a url', expirationDateTime: 'whenever' });
    expect(notString.status).toBe(400);
    expect(errorOf(notString).innererror?.code).toBe('wrongType');
  });

  test('a rule for presence can be combined with the typed value checks', async () => {
    const defaults = PROFILES['default'];
    if (defaults === undefined) throw new Error('no default profile');
    service().setProfile({ ...ruleProfile(['notificationUrl'], 'notificationUrl', 'rule+values'), values: defaults.values });

    const bad = await client.create({ notificationUrl: 'not a url' });
    const good = await client.create({ notificationUrl: 'https://receiver.example/n' });

    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toMatch(/notificationUrl/);
    expect(good.status).toBe(201);
  });
});

describe('a rule profile serving another operation', () => {
  const served = { path: '/v1.0/subscriptions', method: 'POST' };

  test('takes creates at its own path and method, answers 404 at the drive path, deletes at <path>/<id>', async () => {
    service().setProfile(ruleProfile(['a', 'flag'], 'a', { operation: served, types: { flag: 'boolean' } }));

    const created = await client.send('POST', served.path, { body: { a: 'x', flag: true } });
    const atDrivePath = await client.create({ a: 'x' });
    const id = (created.json as { id: string }).id;
    const deleted = await client.send('DELETE', `${served.path}/${encodeURIComponent(id)}`);
    const put = await client.send('PUT', served.path, { body: { a: 'x' } });

    expect(created.status).toBe(201);
    expect(created.headers.location).toContain(`${served.path}/`);
    expect(atDrivePath.status).toBe(404);
    expect(deleted.status).toBe(204);
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, POST');
  });

  test('checks each field for its JSON type: the typed ones as given, the rest as strings', async () => {
    service().setProfile(ruleProfile(['a', 'flag'], 'a', { operation: served, types: { flag: 'boolean' } }));

    const flagAsString = await client.send('POST', served.path, { body: { a: 'x', flag: 'true' } });
    const aAsBoolean = await client.send('POST', served.path, { body: { a: true } });

    expect(flagAsString.status).toBe(400);
    expect(errorOf(flagAsString).message).toMatch(/'flag' must be a boolean/);
    expect(aAsBoolean.status).toBe(400);
    expect(errorOf(aAsBoolean).message).toMatch(/'a' must be a string/);
  });

  test('refuses types or an operation it cannot serve', () => {
    expect(() => ruleProfile(['a'], 'a', { types: { b: 'boolean' } })).toThrow(/types or trueOnly name fields that are not in fields: b/);
    expect(() => ruleProfile(['a'], 'a', { operation: { path: 'subscriptions', method: 'POST' } })).toThrow(RangeError);
  });

  test('the built-in graph-v1-rules profile: Graph POST /subscriptions over twelve fields, the certificates required with includeResourceData', async () => {
    service().setProfile('graph-v1-rules');
    const required = {
      changeType: 'updated',
      notificationUrl: 'https://r.example/n',
      resource: '/me/drive/root',
      expirationDateTime: 'later',
    };

    const minimal = await client.send('POST', '/subscriptions', { body: required });
    const withData = await client.send('POST', '/subscriptions', { body: { ...required, includeResourceData: true } });
    const withCertificates = await client.send('POST', '/subscriptions', {
      body: { ...required, includeResourceData: true, encryptionCertificate: 'MIIB', encryptionCertificateId: 'c1' },
    });

    expect(PROFILES['graph-v1-rules']?.presence).toMatchObject({ kind: 'rule' });
    expect((PROFILES['graph-v1-rules']?.presence as { fields: string[] }).fields).toHaveLength(12);
    expect(minimal.status).toBe(201);
    const withoutData = await client.send('POST', '/subscriptions', { body: { ...required, includeResourceData: false } });
    expect(withData.status).toBe(400);
    expect(withCertificates.status).toBe(201);
    expect(withoutData.status).toBe(201); // the certificates are required only when includeResourceData is true
  });
});
