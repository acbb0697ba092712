import { expect, test } from 'vitest';
import { mergeLifecycle } from '../lifecycle/merge.js';
import { lifecyclePaths } from './lifecycle-paths.js';

const C = '/s';

test('the list on the collection, read, renew and delete on the item path, each with the status seen and the record', () => {
  const facts = mergeLifecycle([
    {
      operations: {
        read: { method: 'GET', path: '/s/{id}', supported: true, status: 200 },
        list: { method: 'GET', path: C, supported: true, status: 200, containsCreated: true, pages: 1 },
        renew: { method: 'PATCH', path: '/s/{id}', supported: false, status: 405, code: 'notSupported' },
        delete: { method: 'DELETE', path: '/s/{id}', supported: true, status: 204 },
      },
      record: { fields: { id: { type: 'string', origin: 'server' }, clientState: { type: 'string', origin: 'dropped' } } },
    },
  ]);

  const paths = lifecyclePaths(facts, C);

  expect(Object.keys(paths)).toEqual([C, '/s/{id}']);
  expect(paths[C]).toMatchObject({
    get: { responses: { '200': { content: { 'application/json': { schema: { properties: { value: { type: 'array' } } } } } } } },
  });
  const item = paths['/s/{id}'] as Record<
    string,
    { responses: Record<string, { content?: { 'application/json': { schema: unknown } } }>; parameters?: unknown[] }
  >;
  expect(Object.keys(item)).toEqual(['get', 'patch', 'delete']);
  expect(item['get']?.responses['200']?.content?.['application/json'].schema).toEqual({
    type: 'object',
    properties: { id: { type: 'string', 'x-observed': { origin: 'server' } } },
  });
  expect(item['patch']?.responses['405']?.content).toBeUndefined();
  expect(item['delete']?.parameters).toHaveLength(1);
});

test('nothing when the lifecycle suite did not run, and no operation that got no answer', () => {
  expect(lifecyclePaths(undefined, C)).toEqual({});
  expect(lifecyclePaths(mergeLifecycle([{}]), C)).toEqual({});
});

test('a Graph-shaped list keeps its page keys at the page and its entries keys in the items, each answer its own', () => {
  const facts = mergeLifecycle([
    {
      operations: {
        read: {
          method: 'GET',
          path: '/s/{id}',
          supported: true,
          status: 200,
          fields: { '@odata.context': ['string'], id: ['string'] },
        },
        list: {
          method: 'GET',
          path: C,
          supported: true,
          status: 200,
          containsCreated: true,
          pages: 1,
          fields: { '@odata.context': ['string'], value: ['array'] },
          entryFields: { id: ['string'], clientState: ['null', 'string'] },
        },
      },
      record: { fields: { '@odata.context': { type: 'string', origin: 'server' }, id: { type: 'string', origin: 'server' } } },
    },
  ]);

  const paths = lifecyclePaths(facts, C) as Record<string, Record<string, { responses: Record<string, unknown> }>>;
  const schemaOf = (path: string): unknown =>
    (paths[path]?.['get']?.responses['200'] as { content: { 'application/json': { schema: unknown } } }).content['application/json'].schema;

  expect(schemaOf(C)).toEqual({
    type: 'object',
    properties: {
      '@odata.context': { type: 'string' },
      value: {
        type: 'array',
        items: {
          type: 'object',
          properties: { clientState: { type: ['null', 'string'] }, id: { type: 'string', 'x-observed': { origin: 'server' } } },
        },
      },
    },
  });
  expect(schemaOf('/s/{id}')).toEqual({
    type: 'object',
    properties: {
      '@odata.context': { type: 'string', 'x-observed': { origin: 'server' } },
      id: { type: 'string', 'x-observed': { origin: 'server' } },
    },
  });
});
