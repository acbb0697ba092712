import { Ajv2020 } from 'ajv/dist/2020.js';
import { openapiOverlay } from 'openapi-format';
import { describe, expect, test } from 'vitest';
import YAML from 'yaml';
import { renderObservedOverlay } from './observed-overlay.js';

type Json = Record<string, unknown>;

/** A document whose request body schema the target contradicts: another required list, a longer maxLength, an enum too narrow. */
function source(): Json {
  return {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['name'],
                  properties: {
                    name: { type: 'string', maxLength: 10, description: 'kept' },
                    kind: { type: 'string', enum: ['a'] },
                    secret: { type: 'string' },
                    other: { type: 'integer', minimum: 3 },
                  },
                },
              },
            },
          },
          responses: { '201': { description: 'ok' } },
        },
      },
    },
  };
}

/** What the target did, as the observed contract states it: name and kind required, secret forbidden, name up to 20. */
const OBSERVED: Json = {
  type: 'object',
  description: 'Accepted exactly when name and kind are present and secret is absent.',
  properties: {
    name: { type: 'string', maxLength: 20, description: 'Role: required.', 'x-observed': { role: 'required' } },
    kind: { type: 'string', enum: ['a', 'b'] },
    secret: false,
  },
  required: ['name', 'kind'],
  'x-observed': { form: 'roles' },
};

async function applied(document: Json, overlayText: string): Promise<Json> {
  const result = await openapiOverlay(structuredClone(document), { overlaySet: YAML.parse(overlayText) });
  return result.data as Json;
}

const schemaOf = (document: Json): Json =>
  ((((document.paths as Json)['/things'] as Json).post as Json).requestBody as { content: { 'application/json': { schema: Json } } })
    .content['application/json'].schema;

describe('renderObservedOverlay', () => {
  test('removes what the target contradicts before adding what was learned; applied, the schema judges bodies as the target did', async () => {
    const render = renderObservedOverlay({ document: source(), label: 'things.yaml', operationId: 'createThing' }, OBSERVED, '1');
    if (!('text' in render)) throw new Error(render.notWritten);
    const overlay = YAML.parse(render.text) as { overlay: string; extends: string; actions: { target: string; remove?: boolean }[] };
    expect(overlay).toMatchObject({ overlay: '1.0.0', extends: 'things.yaml' });
    expect(overlay.actions.filter((a) => a.remove === true).map((a) => a.target)).toEqual([
      "$.paths['/things'].post.requestBody.content['application/json'].schema['required']",
      "$.paths['/things'].post.requestBody.content['application/json'].schema.properties['name']['maxLength']",
      "$.paths['/things'].post.requestBody.content['application/json'].schema.properties['kind']['enum']",
    ]);
    const schema = schemaOf(await applied(source(), render.text));
    expect(schema.properties).toMatchObject({ name: { description: 'kept', maxLength: 20 }, other: { type: 'integer', minimum: 3 } });
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const cases: [Json, boolean][] = [
      [{ name: 'x'.repeat(20), kind: 'b' }, true],
      [{ name: 'x'.repeat(21), kind: 'b' }, false],
      [{ name: 'x' }, false],
      [{ name: 'x', kind: 'a', secret: 's' }, false],
      [{ name: 'x', kind: 'c' }, false],
    ];
    for (const [body, accepted] of cases) expect(validate(body), JSON.stringify(body)).toBe(accepted);
    // Not vacuous: the document as it was judges some of them otherwise.
    const before = new Ajv2020({ strict: false }).compile(schemaOf(source()));
    expect(cases.filter(([body, accepted]) => before(body) !== accepted).length).toBeGreaterThan(2);
  });

  test('says why it is not written: no such operation, or a body composed with allOf', () => {
    expect(renderObservedOverlay({ document: source(), label: 'x', operationId: 'nope' }, OBSERVED, '1')).toEqual({
      notWritten: 'the document has no operation nope',
    });
    const composed = source();
    schemaOf(composed).allOf = [{ properties: schemaOf(composed).properties }];
    delete schemaOf(composed).properties;
    expect(renderObservedOverlay({ document: composed, label: 'x', operationId: 'createThing' }, OBSERVED, '1')).toMatchObject({
      notWritten: expect.stringMatching(/allOf/),
    });
  });
});
