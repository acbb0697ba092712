import { describe, expect, test } from 'vitest';
import type { OperationSpec, ValueContext } from '../operation/types.js';
import { describePlan, materializeBody, planKey, plansDigest, presentFields, type BodyPlan } from './body-plan.js';

const ctx: ValueContext = { now: new Date('2030-01-01T00:00:00.000Z'), notificationUrl: 'https://hooks.example/n', unique: 'u1' };
const operation: OperationSpec = {
  id: 'test-op',
  summary: 'test',
  method: 'POST',
  path: '/things',
  headers: {},
  fields: [
    {
      name: 'url',
      specRef: 'test',
      good: (c) => c.notificationUrl,
      classes: [{ id: 'relative', description: 'relative', value: () => '/n', specRef: 'test', expectation: 'not-spec-form' }],
    },
    { name: 'tag', specRef: 'test', good: (c) => `tag-${c.unique}`, classes: [] },
    { name: 'size', specRef: 'test', good: () => 1, classes: [] },
  ],
};
const plan: BodyPlan = { url: { kind: 'class', id: 'relative' }, tag: { kind: 'good' }, size: { kind: 'absent' } };

describe('body plans', () => {
  test('materializeBody puts the good value or the class value, and leaves absent fields out', () => {
    expect(materializeBody(operation, plan, ctx)).toEqual({ url: '/n', tag: 'tag-u1' });
  });

  test('materializeBody refuses a field or a class the operation does not have, naming the API', () => {
    expect(() => materializeBody(operation, { nope: { kind: 'good' } }, ctx)).toThrow(/^materializeBody: .*'nope'/);
    expect(() => materializeBody(operation, { url: { kind: 'class', id: 'huge' } }, ctx)).toThrow(/^materializeBody: .*'huge'/);
  });

  test('keys, words and present fields', () => {
    expect(planKey(plan)).toBe('url=class:relative&tag=good&size=absent');
    expect(describePlan(plan)).toBe('{url: class "relative", tag: good}');
    expect(presentFields(plan)).toEqual(['url', 'tag']);
    expect(describePlan({ size: { kind: 'absent' } })).toBe('{}');
  });

  test('the digest depends on the plans and their order, nothing else', () => {
    const keys = ['a=good', 'a=absent'];
    expect(plansDigest(keys)).toBe(plansDigest([...keys]));
    expect(plansDigest(keys)).toMatch(/^[0-9a-f]{16}$/);
    expect(plansDigest(keys)).not.toBe(plansDigest([...keys].reverse()));
  });
});
