import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { loadFlat } from '../../test/support/flat-settings.js';
import { ConfigError } from '../errors.js';

const cwd = mkdtempSync(join(tmpdir(), 'operation-setting-'));
const load = (env: Record<string, string>) => loadFlat(env, { cwd, dotenvPath: false });
const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

test('OPERATION: a shipped description is found from any working folder; ACCEPTED_FIELDS are its fields, in its order', () => {
  const config = load({ OPERATION: 'operations/graph-subscription-v1.json', ACCEPTED_FIELDS: 'includeResourceData,changeType' });
  expect(config.operation.id).toBe('graph-subscription-create');
  expect(config.acceptedFields).toEqual(['changeType', 'includeResourceData']);
  expect(problemsOf({ ACCEPTED_FIELDS: 'includeResourceData' })).toEqual([
    'ACCEPTED_FIELDS: unknown field(s) "includeResourceData"; known: changeType, notificationUrl, resource, expirationDateTime, clientState',
  ]);
});

test('OPERATION: a file in the working folder wins over a shipped one of the same name; each problem is its own line', () => {
  writeFileSync(join(cwd, 'op.yaml'), 'id: x\nsummary: s\nmethod: GET\npath: /things/{id}\nfields: []\n');
  expect(problemsOf({ OPERATION: 'op.yaml', REPEATS: '0' })).toEqual([
    'REPEATS: must be a positive integer, got "0"',
    'OPERATION: op.yaml#/method: must be one of POST, PUT, PATCH',
    'OPERATION: op.yaml#/path: must be a path below the base URL, starting with /, without a query or a {parameter}',
    'OPERATION: op.yaml#/fields: must have at least 1 item(s)',
  ]);
  expect(problemsOf({ OPERATION: 'absent.json' })).toEqual(['OPERATION: absent.json: cannot read it (ENOENT)']);
});

test('OPENAPI and OPERATION_ID go together, and not with OPERATION', () => {
  writeFileSync(join(cwd, 'api.yaml'), 'openapi: 3.1.0\n');
  expect(problemsOf({ OPENAPI: 'api.yaml' })).toEqual(['OPENAPI: needs OPERATION_ID, the operationId of the operation to probe']);
  expect(problemsOf({ OPERATION_ID: 'createThing' })).toEqual(['OPERATION_ID: needs OPENAPI, the document it is in']);
  expect(problemsOf({ OPENAPI: 'api.yaml', OPERATION_ID: 'createThing', OPERATION: 'operations/graph-subscription-v1.json' })).toEqual([
    'OPERATION and OPENAPI: give one, not both (OPENAPI builds the description OPERATION names)',
  ]);
  const config = load({ OPENAPI: 'api.yaml', OPERATION_ID: 'createThing', ACCEPTED_FIELDS: 'anything' });
  expect([config.openapi, config.operationId, config.acceptedFields]).toEqual([join(cwd, 'api.yaml'), 'createThing', ['anything']]);
});
