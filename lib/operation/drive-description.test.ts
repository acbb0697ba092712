import { describe, expect, test } from 'vitest';
import { subscriptionCreate } from './index.js';
import type { ValueContext } from './types.js';

const ctx: ValueContext = { now: new Date('2026-03-01T10:00:00.000Z'), notificationUrl: 'https://receiver.example/hook', unique: 'run1-7' };
const field = (name: string) => {
  const found = subscriptionCreate.fields.find((f) => f.name === name);
  if (found === undefined) throw new Error(`no field ${name}`);
  return found;
};
const valueOf = (name: string, id: string): unknown => {
  const found = field(name).classes.find((c) => c.id === id);
  if (found === undefined) throw new Error(`no class ${name}/${id}`);
  return found.value(ctx);
};

describe('value classes of the shipped drive description (operations/drive-subscription-v2.json)', () => {
  test.each(subscriptionCreate.fields.map((f) => [f.name, f] as const))(
    '%s: unique ids, a spec reference each, and every wrong JSON type',
    (_name, f) => {
      const ids = f.classes.map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(f.classes.every((c) => c.specRef.length > 0 && c.description.length > 0)).toBe(true);
      expect(ids).toEqual(expect.arrayContaining(['json-number', 'json-boolean', 'json-null', 'json-object', 'json-array']));
      expect(f.classes.filter((c) => c.id.startsWith('json-')).every((c) => c.expectation === 'not-spec-form')).toBe(true);
    },
  );

  test('expirationDateTime: the spec form, and other spellings of the same instant', () => {
    const spec = valueOf('expirationDateTime', 'spec-form') as string;
    expect(spec).toBe('2026-03-03T10:00:00.000Z');
    expect(valueOf('expirationDateTime', 'without-milliseconds')).toBe('2026-03-03T10:00:00Z');
    expect(valueOf('expirationDateTime', 'zero-offset')).toBe('2026-03-03T10:00:00.000+00:00');
    expect(valueOf('expirationDateTime', 'other-offset')).toBe('2026-03-03T12:00:00.000+02:00');
    expect(Date.parse(valueOf('expirationDateTime', 'other-offset') as string)).toBe(Date.parse(spec));
    expect(valueOf('expirationDateTime', 'no-zone')).toBe('2026-03-03T10:00:00.000');
    expect(valueOf('expirationDateTime', 'date-only')).toBe('2026-03-03');
    expect(valueOf('expirationDateTime', '181-days')).toBe('2026-08-29T10:00:00.000Z');
    expect(valueOf('expirationDateTime', 'json-number')).toBe(Date.parse(spec));
  });

  test('clientState: lengths exact to the character, tagged with the request', () => {
    for (const n of [1, 128, 129, 255, 256, 4096]) expect((valueOf('clientState', `length-${n}`) as string).length).toBe(n);
    expect(valueOf('clientState', 'length-128')).toMatch(/^probe-run1-7-x+$/);
  });

  test('notificationUrl: the configured URL in other shapes', () => {
    expect(valueOf('notificationUrl', 'http-absolute')).toBe('http://receiver.example/hook');
    expect(valueOf('notificationUrl', 'relative-path')).toBe('/hook');
    expect(valueOf('notificationUrl', 'query-string')).toBe('https://receiver.example/hook?probe=query');
    expect((valueOf('notificationUrl', 'very-long') as string).length).toBe(2100);
  });

  test('limits: a sound range, and values of the right shape at both ends', () => {
    const limits = subscriptionCreate.limits ?? [];
    expect(limits.map((l) => `${l.field}/${l.id}`)).toEqual(['expirationDateTime/longest-lifetime', 'clientState/longest-client-state']);
    for (const l of limits) {
      expect(Number.isInteger(l.low) && Number.isInteger(l.high) && l.low < l.high).toBe(true);
      expect(subscriptionCreate.fields.some((f) => f.name === l.field)).toBe(true);
    }
    const [lifetime, clientState] = limits;
    expect(lifetime?.make(42_300, ctx)).toBe('2026-03-30T19:00:00.000Z'); // 29 days and 9 hours;
    expect((clientState?.make(4096, ctx) as string).length).toBe(4096);
  });
});
