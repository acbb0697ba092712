import { describe, expect, test } from 'vitest';
import { entryClasses } from './compile.js';
import { compileLimitValue, compileValue } from './values.js';
import type { ValueContext } from '../types.js';

const ctx: ValueContext = { now: new Date('2026-03-01T10:00:00.000Z'), notificationUrl: 'https://receiver.example/hook', unique: 'run1-7' };

describe('the value vocabulary', () => {
  test.each([
    [{ kind: 'literal', value: { a: [1, true, null] } }, { a: [1, true, null] }],
    [{ kind: 'receiverUrl' }, 'https://receiver.example/hook'],
    [{ kind: 'instant', minutesAhead: 90 }, '2026-03-01T11:30:00.000Z'],
    [{ kind: 'instant', daysAhead: 2, spelling: 'utc-z' }, '2026-03-03T10:00:00Z'],
    [{ kind: 'instant', daysAhead: 2, spelling: 'zero-offset' }, '2026-03-03T10:00:00.000+00:00'],
    [{ kind: 'instant', daysAhead: 2, spelling: 'offset', offsetMinutes: -330 }, '2026-03-03T04:30:00.000-05:30'],
    [{ kind: 'instant', daysAhead: 2, spelling: 'no-zone' }, '2026-03-03T10:00:00.000'],
    [{ kind: 'instant', daysAhead: 2, spelling: 'date-only' }, '2026-03-03'],
    [{ kind: 'instant', daysAhead: 2, spelling: 'epoch-ms' }, Date.parse('2026-03-03T10:00:00.000Z')],
    [{ kind: 'unique', prefix: 'probe-' }, 'probe-run1-7'],
    [{ kind: 'stringOfLength', length: 20, prefix: 'p-' }, 'p-run1-7-xxxxxxxxxxx'],
    [{ kind: 'stringOfLength', length: 3, prefix: 'p-' }, 'p-r'],
  ] as const)('%j', (value, expected) => {
    expect(compileValue(value)(ctx)).toEqual(expected);
  });

  test('a literal is a fresh copy each time: a request cannot change the next one', () => {
    const make = compileValue({ kind: 'literal', value: { list: [1] } });
    (make(ctx) as { list: number[] }).list.push(2);
    expect(make(ctx)).toEqual({ list: [1] });
  });

  test('limit values: x minutes or days ahead, x characters, x itself', () => {
    expect(compileLimitValue({ kind: 'instant', aheadIn: 'minutes' })(42_300, ctx)).toBe('2026-03-30T19:00:00.000Z');
    expect(compileLimitValue({ kind: 'instant', aheadIn: 'days', spelling: 'utc-z' })(1, ctx)).toBe('2026-03-02T10:00:00Z');
    expect((compileLimitValue({ kind: 'stringOfLength', prefix: 'probe-' })(4096, ctx) as string).length).toBe(4096);
    expect(compileLimitValue({ kind: 'number' })(17, ctx)).toBe(17);
  });
});

describe('value-class families', () => {
  const good = (): unknown => 'https://receiver.example/hook';

  test('url-shapes: httpsOnly makes http not the spec form', () => {
    const loose = entryClasses({ family: 'url-shapes', specRef: 's' }, good, 'f');
    const strict = entryClasses({ family: 'url-shapes', specRef: 's', httpsOnly: true, longLength: 300 }, good, 'f');
    expect(loose.find((c) => c.id === 'http-absolute')?.expectation).toBe('spec-form');
    expect(strict.find((c) => c.id === 'http-absolute')?.expectation).toBe('not-spec-form');
    expect((strict.find((c) => c.id === 'very-long')?.value(ctx) as string).length).toBe(300);
  });

  test('iso8601-spellings: the spellings given as the spec form are, the others are not', () => {
    const classes = entryClasses({ family: 'iso8601-spellings', specRef: 's', specForm: ['utc-millis-z', 'utc-z', 'offset'] }, good, 'f');
    expect(classes.map((c) => [c.id, c.expectation])).toEqual([
      ['spec-form', 'spec-form'],
      ['without-milliseconds', 'spec-form'],
      ['zero-offset', 'not-spec-form'],
      ['other-offset', 'spec-form'],
      ['no-zone', 'not-spec-form'],
      ['date-only', 'not-spec-form'],
      ['unpadded-date', 'not-spec-form'],
      ['unpadded-time', 'not-spec-form'],
    ]);
  });

  test('lifetimes, string lengths, enumerations, booleans: ids and values from their parameters', () => {
    const lifetimes = entryClasses(
      { family: 'lifetimes', specRef: 's', ahead: [{ days: 29 }, { minutes: 42_301 }, { days: -1 }] },
      good,
      'f',
    );
    expect(lifetimes.map((c) => [c.id, c.description, c.value(ctx)])).toEqual([
      ['29-days', '29 days ahead', '2026-03-30T10:00:00.000Z'],
      ['42301-minutes', '42301 minutes ahead', '2026-03-30T19:01:00.000Z'],
      ['1-day-ago', '1 day ago', '2026-02-28T10:00:00.000Z'],
    ]);
    const lengths = entryClasses({ family: 'string-lengths', specRef: 's', lengths: [1, 255] }, good, 'f');
    expect(lengths.map((c) => [c.id, (c.value(ctx) as string).length])).toEqual([
      ['length-1', 1],
      ['length-255', 255],
    ]);
    const members = entryClasses({ family: 'enumeration', specRef: 's', values: ['v1_2', 'Updated,Deleted'] }, good, 'f');
    expect(members.map((c) => [c.id, c.description, c.value(ctx)])).toEqual([
      ['v1_2', '"v1_2"', 'v1_2'],
      ['updated-deleted', '"Updated,Deleted"', 'Updated,Deleted'],
    ]);
    expect(entryClasses({ family: 'booleans', specRef: 's' }, good, 'f').map((c) => c.value(ctx))).toEqual([true, false]);
  });

  test("wrong-json-types: every JSON type but the field's own", () => {
    const ids = (type: 'string' | 'boolean' | 'integer' | 'object') =>
      entryClasses({ family: 'wrong-json-types', specRef: 's', type }, () => true, 'f').map((c) => c.id);
    expect(ids('string')).toEqual(['json-number', 'json-boolean', 'json-null', 'json-object', 'json-array']);
    expect(ids('boolean')).toEqual(['json-number', 'json-string', 'json-null', 'json-object', 'json-array']);
    expect(ids('integer')).toEqual(['json-string', 'json-boolean', 'json-null', 'json-object', 'json-array']);
    expect(ids('object')).toEqual(['json-number', 'json-string', 'json-boolean', 'json-null', 'json-array']);
    const asString = entryClasses({ family: 'wrong-json-types', specRef: 's', type: 'boolean' }, () => true, 'f').find(
      (c) => c.id === 'json-string',
    );
    expect(asString?.value(ctx)).toBe('true');
  });
});

describe('the mistakes clients make', () => {
  const ctx = { now: new Date(Date.UTC(2030, 10, 22, 12, 30, 0)), notificationUrl: 'https://r.example/n', unique: 'u1' };
  test('an instant with its date parts unpadded moves to the first date with a one-digit month or day', () => {
    // 2030-11-24 has neither: the 1st of December is the first that has one.
    const classes = entryClasses({ family: 'iso8601-spellings', specRef: 's' }, () => 'g', 'expirationDateTime');
    const value = (id: string): unknown => classes.find((c) => c.id === id)?.value(ctx);
    expect(value('unpadded-date')).toBe('2030-12-1T12:30:00Z');
    expect(value('unpadded-time')).toBe('2030-11-24T5:00:00Z');
    const march = { ...ctx, now: new Date(Date.UTC(2031, 2, 20, 8, 0, 0)) };
    expect(classes.find((c) => c.id === 'unpadded-date')?.value(march)).toBe('2031-3-22T08:00:00Z');
  });

  test("a name in another letter case sends the field's good value under it", () => {
    const classes = entryClasses({ family: 'name-cases', specRef: 's' }, () => '/me/drive/root', 'resource');
    expect(classes.map((c) => [c.id, c.sendAs, c.value(ctx), c.expectation])).toEqual([
      ['name-capitalised', 'Resource', '/me/drive/root', 'not-spec-form'],
      ['name-upper-case', 'RESOURCE', '/me/drive/root', 'not-spec-form'],
    ]);
    // A name in capitals already has no variant of either kind.
    expect(entryClasses({ family: 'name-cases', specRef: 's' }, () => 1, 'ID')).toEqual([]);
  });
});
