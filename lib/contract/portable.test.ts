import { describe, expect, test } from 'vitest';
import { nonPortableKeywords } from './portable.js';

describe('nonPortableKeywords', () => {
  test('finds each non-portable keyword where it is, and nothing in portable schemas, data or annotations', () => {
    expect(
      nonPortableKeywords({
        type: 'object',
        required: ['a'],
        properties: { a: { type: 'string', enum: [{ if: 1 }] }, if: false, b: { dependentRequired: { a: ['b'] } } },
        anyOf: [{ not: { required: ['a'] } }, { required: ['b'] }],
        allOf: [{ if: { required: ['a'] }, then: { required: ['b'] } }],
        'x-observed': { dependentRequired: true },
        examples: [{ prefixItems: 1 }],
      }),
    ).toEqual([
      '/properties/b/dependentRequired (2019-09: draft-07 validators skip it)',
      expect.stringMatching(/^\/allOf\/0\/if /),
      expect.stringMatching(/^\/allOf\/0\/then /),
    ]);
    expect(nonPortableKeywords({ items: [{ type: 'string' }], exclusiveMinimum: true, minimum: 1 })).toEqual([
      "/items (a list: draft-07's tuple form, read as nothing by 2020-12)",
      "/exclusiveMinimum (a boolean: draft-04's form)",
    ]);
    expect(nonPortableKeywords({ type: 'array', items: { type: 'string' }, exclusiveMinimum: 1, not: { enum: ['x'] } })).toEqual([]);
  });
});
