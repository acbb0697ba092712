import { describe, expect, test } from 'vitest';
import { PROFILES } from './index.js';
import type { ReferenceProfile, TypedPresence } from './profile-types.js';
import { validateCreateBody } from './validate-body.js';

const NOW = Date.parse('2030-01-01T00:00:00.000Z');
const body = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  notificationUrl: 'https://r.example/n',
  expirationDateTime: '2030-01-02T00:00:00.000Z',
  ...extra,
});

function withPolicy(policy: TypedPresence['undefinedProperties']): ReferenceProfile {
  const base = PROFILES['default'] as ReferenceProfile;
  return { ...base, presence: { ...(base.presence as TypedPresence), undefinedProperties: policy } };
}

describe('validateCreateBody', () => {
  test('reject-together: either alone is ignored (and not kept), both together are rejected', () => {
    const profile = withPolicy({ mode: 'reject-together', fields: ['changeType', 'resource'] });

    const alone = validateCreateBody(profile, body({ changeType: 'updated' }), NOW);
    const both = validateCreateBody(profile, body({ resource: '/x', changeType: 'updated' }), NOW);

    expect(alone).toMatchObject({ ok: true });
    expect(alone.ok && Object.keys(alone.body.values)).toEqual(['notificationUrl', 'expirationDateTime']);
    expect(both).toMatchObject({ ok: false, problem: { reason: 'readOnlyProperty', property: 'resource' } });
  });

  test('ignore: properties outside the type are dropped', () => {
    expect(validateCreateBody(withPolicy({ mode: 'ignore' }), body({ colour: 1 }), NOW)).toMatchObject({ ok: true });
  });

  test('the first offending property in body order is the one named', () => {
    const verdict = validateCreateBody(PROFILES['default'] as ReferenceProfile, body({ resource: '/x', changeType: 'u' }), NOW);

    expect(verdict).toMatchObject({ ok: false, problem: { property: 'resource' } });
  });

  test('a "__proto__" key is data, not a prototype', () => {
    const parsed = JSON.parse(
      '{"__proto__":"x","notificationUrl":"https://r.example/n","expirationDateTime":"2030-01-02T00:00:00Z"}',
    ) as Record<string, unknown>;

    expect(validateCreateBody(PROFILES['default'] as ReferenceProfile, parsed, NOW)).toMatchObject({
      ok: false,
      problem: { property: '__proto__' },
    });
  });

  test('the expiration instant is parsed and checked against the clock given', () => {
    const verdict = validateCreateBody(
      PROFILES['default'] as ReferenceProfile,
      body({ expirationDateTime: '2030-01-01T01:00:00+01:00' }),
      NOW,
    );

    expect(verdict).toMatchObject({ ok: false, problem: { reason: 'invalidValue', property: 'expirationDateTime' } });
  });

  test('messages quote at most 80 characters of a value', () => {
    const verdict = validateCreateBody(PROFILES['default'] as ReferenceProfile, body({ notificationUrl: 'x'.repeat(10_000) }), NOW);

    expect(!verdict.ok && verdict.problem.message.length).toBeLessThan(200);
  });
});
