import { describe, expect, test } from 'vitest';
import { ExpressionSyntaxError } from '../lib/inference/expression.js';
import { PROFILES, ruleProfile } from './index.js';
import { errorOf, useService } from './test-support.js';

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
