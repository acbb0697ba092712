import { describe, expect, test } from 'vitest';
import type { Json } from '../json.js';
import { joinObservedContracts, type ContractPart } from './join-contracts.js';
import { expectValidOpenApi } from '../../test/support/openapi-valid.js';

/** One run's observed contract: its operation under `path`, its body a `$ref` to the component Thing given. */
function part(id: string, path: string, thing: Json, scheme: Json = { type: 'http', scheme: 'bearer' }): ContractPart {
  return {
    id,
    method: 'POST',
    path,
    document: {
      openapi: '3.1.0',
      info: { title: id, version: '1', 'x-observed': { requestsSent: 3 } },
      servers: [{ url: 'http://127.0.0.1:1' }],
      security: [{ bearer: [] }],
      components: { securitySchemes: { bearer: scheme }, schemas: { Thing: thing, Uses: { $ref: '#/components/schemas/Thing' } } },
      paths: {
        [path.replace('{box-id}', 'b-42')]: {
          post: {
            operationId: id,
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Uses' } } } },
            responses: { '201': { description: 'Created' } },
          },
        },
      },
    },
  };
}

describe('joinObservedContracts', () => {
  test('equal components are shared, differing ones renamed with every $ref of their run, filled paths back to templates', async () => {
    const joined = joinObservedContracts(
      'api.yaml',
      [
        part('createBox', '/boxes', { type: 'object', required: ['name'] }),
        part('createItem', '/boxes/{box-id}/items', { type: 'object', required: ['label'] }, { type: 'http', scheme: 'basic' }),
      ],
      ['updateOrder (skipped: no producer)'],
    );
    const doc = joined.document as { components: Record<string, Json>; paths: Record<string, Record<string, Json>>; info: Json };
    expect(Object.keys(doc.components.schemas ?? {}).sort()).toEqual(['Thing', 'Uses', 'createItem_Thing', 'createItem_Uses']);
    expect((doc.components.schemas ?? {}).createItem_Uses).toEqual({ $ref: '#/components/schemas/createItem_Thing' });
    expect(Object.keys(doc.components.securitySchemes ?? {}).sort()).toEqual(['bearer', 'createItem_bearer']);
    expect(Object.keys(doc.paths)).toEqual(['/boxes', '/boxes/{box-id}/items']);
    const item = doc.paths['/boxes/{box-id}/items'] as Json;
    expect((item.post as Json).security).toEqual([{ createItem_bearer: [] }]);
    expect(JSON.stringify(item.post)).toContain('#/components/schemas/createItem_Uses');
    expect(item.parameters).toEqual([{ name: 'box-id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(doc.info['x-observed']).toMatchObject({ operations: ['createBox', 'createItem'] });
    expect(String(doc.info.description)).toContain('Not in it: updateOrder');
    await expectValidOpenApi(joined.document);
  });

  test('identical runs share everything; an operation whose path and method another holds differently is said, not joined', () => {
    const a = part('createBox', '/boxes', { type: 'object' });
    const b = { ...part('createBox', '/boxes', { type: 'object' }), id: 'createCrate' };
    (((b.document.paths as Json)['/boxes'] as Json).post as Json).operationId = 'createCrate';
    const joined = joinObservedContracts('api.yaml', [a, a, b], []);
    expect(Object.keys((joined.document.components as Json).schemas as Json)).toEqual(['Thing', 'Uses']);
    expect(joined.notJoined).toEqual(["createCrate (POST /boxes): another operation's run already holds that path and method"]);
  });
});
