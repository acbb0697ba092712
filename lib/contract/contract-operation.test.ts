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
