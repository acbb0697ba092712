import { expect, test } from 'vitest';
import { ContractError } from '../errors.js';
import { contractOperation } from './contract-operation.js';

const body = (name: string) => ({
  requestBody: { content: { 'application/json': { schema: { type: 'object', required: [name] } } } },
  responses: { '201': {} },
});
const document = {
  openapi: '3.1.0',
  paths: {
    '/tenant/api/boxes': { post: body('label') },
    '/api/boxes/{box-id}/items': { post: body('name') },
    '/api/boxes/{box-id}/items/{item-id}/tags': { post: body('text'), get: {} },
  },
};

test('a path the run filled from a producer finds its template, each parameter one whole segment', () => {
  expect(contractOperation(document, '/api/boxes/n5/items', 'POST').requestSchema).toEqual({ type: 'object', required: ['name'] });
  expect(contractOperation(document, '/api/boxes/n5/items/n10/tags', 'POST').requestSchema).toEqual({ type: 'object', required: ['text'] });
  // A segment more is not the template's; a method the template lacks is not it either.
  expect(() => contractOperation(document, '/api/boxes/n5/x/items', 'POST')).toThrow(ContractError);
  expect(() => contractOperation(document, '/api/boxes/n5/items', 'PUT')).toThrow('it has no PUT /api/boxes/n5/items');
});

test('the same path, or one under a prefix, first', () => {
  expect(contractOperation(document, '/api/boxes', 'POST').requestSchema).toEqual({ type: 'object', required: ['label'] });
});

test("contracts checked one after another in a process: one's `$id`s do not refuse the next's, and a bad schema is still refused", () => {
  const withIds = (type: string) => ({
    openapi: '3.1.0',
    paths: {
      '/api/boxes': {
        post: {
          requestBody: {
            content: {
              'application/json': {
                schema: { $id: 'https://example.test/box', type: 'object', $defs: { label: { $id: 'https://example.test/label', type } } },
              },
            },
          },
          responses: {},
        },
      },
    },
  });
  expect(contractOperation(withIds('string'), '/api/boxes', 'POST').requestSchema).toMatchObject({ $id: 'https://example.test/box' });
  expect(contractOperation(withIds('number'), '/api/boxes', 'POST').requestSchema).toMatchObject({ $id: 'https://example.test/box' });
  expect(() => contractOperation(withIds('no-such-type'), '/api/boxes', 'POST')).toThrow(/not JSON Schema 2020-12/);
  expect(contractOperation(withIds('string'), '/api/boxes', 'POST').requestSchema).toMatchObject({ $id: 'https://example.test/box' });
});
