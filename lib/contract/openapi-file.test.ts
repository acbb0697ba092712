import { expect, test } from 'vitest';
import { validateOpenApi } from './openapi-file.js';

const minimal = (): Record<string, unknown> => ({
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/items': {
      post: {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
        responses: { '201': { description: 'created' } },
      },
    },
  },
  components: { schemas: { Item: { type: 'object', 'x-observed': { runId: 'r' } } } },
});

test('a valid document, asked twice: valid both times, and the document given is left as it was', async () => {
  const document = minimal();
  const before = JSON.stringify(document);
  expect(await validateOpenApi(document)).toEqual({ valid: true, errors: '' });
  expect(await validateOpenApi(document)).toEqual({ valid: true, errors: '' });
  expect(JSON.stringify(document)).toBe(before);
});

test('each problem on a line of its own: where in the document, and what is wrong there', async () => {
  const document = { ...minimal(), info: 3, extra: true };
  const checked = await validateOpenApi(document);
  expect(checked.valid).toBe(false);
  expect(checked.errors.split('\n')).toEqual(
    expect.arrayContaining(['/info: must be object', '/: must NOT have unevaluated properties ("extra")']),
  );
});

test('a $ref to nothing in the document is not valid', async () => {
  const document = minimal();
  document.components = { schemas: {} };
  const checked = await validateOpenApi(document);
  expect(checked.valid).toBe(false);
  expect(checked.errors).toMatch(/Item/);
});
