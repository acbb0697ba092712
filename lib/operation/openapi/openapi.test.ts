import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { compileOperation } from '../description/compile.js';
import type { OperationDescription } from '../description/types.js';
import { validateDescription } from '../description/validate.js';
import { buildDescription, describeFromOpenApi, documentLabel, operationFromOpenApi } from './index.js';
import { OpenApiError } from '../../errors.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../../../test/fixtures/openapi/${name}`, import.meta.url));
const ctx = { now: new Date('2026-03-01T10:00:00.000Z'), notificationUrl: 'https://receiver.example/hook', unique: 'u-1' };

async function problems(run: () => Promise<unknown>): Promise<readonly string[]> {
  try {
    await run();
  } catch (error) {
    if (error instanceof OpenApiError) return error.problems;
    throw error;
  }
  return [];
}

/** The description with the good values the document left out, as a user would add them. */
function completed(d: OperationDescription, goods: Record<string, unknown>): OperationDescription {
  return { ...d, fields: d.fields.map((f) => (f.name in goods ? { ...f, good: { kind: 'literal', value: goods[f.name] } } : f)) };
}

describe.each([
  ['things-3.0.yaml', 'OpenAPI 3.0'],
  ['things-3.1.json', 'OpenAPI 3.1'],
])('%s (%s)', (file) => {
  test('path, method, the JSON body properties after $refs and allOf, read-only ones left out; required ones are the first guess', async () => {
    const built = await describeFromOpenApi(fixture(file), 'createHook', file);
    const d = built.description;
    expect([d.method, d.path, d.headers]).toEqual(['POST', '/hooks', { 'content-type': 'application/json' }]);
    expect(d.fields.map((f) => f.name)).not.toContain('createdAt');
    expect(d.fields.slice(0, 3).map((f) => f.name)).toEqual(['url', 'kind', 'label']);
    expect(d.reportedAccepted).toEqual(['url', 'kind']);
    expect(d.undo?.idAt).toBe('/id');
    expect(d.undo?.deletePath).toBe('/hooks/{id}');
  });

  test('good values from the document; where it is silent, one line per field, and no guess', async () => {
    const built = await describeFromOpenApi(fixture(file), 'createHook', file);
    const good = Object.fromEntries(built.description.fields.map((f) => [f.name, f.good]));
    expect(good['kind']).toEqual({ kind: 'literal', value: file.includes('3.1') ? 'pull' : 'push' }); // default, else the first enum member
    expect(good['label']).toEqual({ kind: 'literal', value: 'nightly' }); // example (3.0) or examples (3.1)
    expect(good['secret']).toBeUndefined();
    const needs = built.needs.filter((n) => n.includes('needs a good value'));
    expect(needs.map((n) => n.split(':')[0])).toEqual(file.includes('3.1') ? ['fields/3 secret', 'fields/4 tags'] : ['fields/3 secret']);
    for (const n of built.needs) expect(n).not.toContain('\n');
  });

  test('completed, it validates and compiles: value classes from types and formats, a limit from maxLength', async () => {
    const built = await describeFromOpenApi(fixture(file), 'createHook', file);
    const d = completed(built.description, { secret: 's3cret-value', tags: ['a'] });
    const checked = validateDescription(d);
    expect(checked.valid ? [] : checked.problems).toEqual([]);
    const op = compileOperation(d);
    const classIds = (name: string) => op.fields.find((f) => f.name === name)?.classes.map((c) => c.id) ?? [];
    expect(classIds('url')).toEqual(expect.arrayContaining(['https-absolute', 'relative-path', 'json-number']));
    expect(classIds('kind')).toEqual(expect.arrayContaining(['push', 'pull', 'not-a-member', 'empty', 'json-array']));
    expect(classIds('label')).toEqual(expect.arrayContaining(['length-1', 'length-64', 'length-65']));
    expect(op.limits?.map((l) => [l.field, l.make(64, ctx)])).toEqual([['label', expect.stringMatching(/^probe-u-1-x+$/)]]);
    expect((op.limits?.[0]?.make(64, ctx) as string).length).toBe(64);
  });
});

test('OpenAPI 3.0 formats and bounds: a date-time made at each request, a bounded integer, booleans', async () => {
  const built = await describeFromOpenApi(fixture('things-3.0.yaml'), 'createHook', 'things-3.0.yaml');
  const byName = new Map(built.description.fields.map((f) => [f.name, f]));
  expect(byName.get('until')?.good).toEqual({ kind: 'instant', daysAhead: 2 });
  expect(byName.get('retries')?.good).toEqual({ kind: 'literal', value: 0 });
  expect(byName.get('active')?.good).toEqual({ kind: 'literal', value: false });
  expect(built.notes).toContain("BASE_URL is the service root the path is below, e.g. the document's server https://things.example.com/v1");
});

test('a path with a parameter must be made concrete; the probe itself refuses the document until it is', async () => {
  const built = await describeFromOpenApi(fixture('things-3.0.yaml'), 'createTeamHook', 'things-3.0.yaml');
  expect(built.needs).toEqual(['path /teams/{teamId}/hooks: replace {teamId} with a real value (PATH_VALUES=teamId=...)']);
  expect(built.notes[0]).toMatch(/^no DELETE \/teams\/\{teamId\}\/hooks\/\{id\}/);
  const refused = await problems(() => operationFromOpenApi(fixture('things-3.0.yaml'), 'createTeamHook', 'things-3.0.yaml'));
  expect(refused[0]).toBe(
    'things-3.0.yaml createTeamHook: path /teams/{teamId}/hooks: replace {teamId} with a real value (PATH_VALUES=teamId=...)',
  );
  // PATH_VALUES fills it, percent-encoded: the operation is probed at that path.
  const given = await operationFromOpenApi(fixture('things-3.0.yaml'), 'createTeamHook', 'things-3.0.yaml', { teamId: 'team 7' });
  expect(given.operation.path).toBe('/teams/team%207/hooks');
});

test('documents and operations that cannot be described: one line each', async () => {
  expect(await problems(() => describeFromOpenApi(fixture('things-3.0.yaml'), 'nope', 'd.yaml'))).toEqual([
    'd.yaml: no operation with operationId "nope"; its operationIds: listHooks, createHook, deleteHook, createTeamHook',
  ]);
  expect(await problems(() => describeFromOpenApi(fixture('things-3.0.yaml'), 'listHooks', 'd.yaml'))).toEqual([
    'd.yaml#/paths/~1hooks/get: a GET has no body to probe; the probe varies the JSON body of a POST, PUT or PATCH',
  ]);
  expect(await problems(() => describeFromOpenApi(fixture('absent.yaml'), 'x', 'absent.yaml'))).toEqual([
    'absent.yaml: cannot read it (ENOENT)',
  ]);
  expect(
    await problems(() => describeFromOpenApi(fixture('../drive-subscription-v2.before.behaviour-report.json'), 'x', 'r.json')),
  ).toEqual(['r.json#/openapi: an OpenAPI 3.0 or 3.1 document is needed, got no "openapi" version']);
});

test('more than 30 properties: refused in one line naming the limit and how to pick a subset, which then works', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'openapi-wide-'));
  const properties = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, { type: 'string', example: `v${i}` }]));
  const doc = {
    openapi: '3.1.0',
    info: { title: 'Wide', version: '1' },
    paths: {
      '/wide': {
        post: {
          operationId: 'wide',
          requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['p0', 'p1'], properties } } } },
          responses: {},
        },
      },
    },
  };
  writeFileSync(join(dir, 'wide.json'), JSON.stringify(doc));
  const refused = await problems(() => describeFromOpenApi(join(dir, 'wide.json'), 'wide', 'wide.json'));
  expect(refused).toEqual([
    'wide.json#/paths/~1wide/post: the request body has 40 properties; the probe handles at most 30 (its combinations are bit masks, lib/rule/field-set.ts): pick at most 30 with --fields name,name,... (the required ones: p0,p1)',
  ]);
  const picked = await describeFromOpenApi(join(dir, 'wide.json'), 'wide', 'wide.json', { fields: ['p3', 'p0', 'p1'] });
  expect(picked.description.fields.map((f) => f.name)).toEqual(['p3', 'p0', 'p1']);
  expect(picked.description.reportedAccepted).toEqual(['p0', 'p1']);
  expect(validateDescription(picked.description).valid).toBe(true);
});

test('a $ref outside the document is not followed (nothing fetched, no other file read): the field says so', async () => {
  const { createServer } = await import('node:http');
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  let requests = 0;
  const server = createServer((_req, res) => {
    requests += 1;
    res.end('A: { type: string, example: fetched }');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const port = (server.address() as { port: number }).port;
    const dir = mkdtempSync(join(tmpdir(), 'openapi-ext-'));
    writeFileSync(join(dir, 'other.yaml'), 'B: { type: string, example: read }');
    const properties = { a: { $ref: `http://127.0.0.1:${port}/s.yaml#/A` }, b: { $ref: 'other.yaml#/B' } };
    const doc = {
      openapi: '3.0.3',
      info: { title: 'X', version: '1' },
      paths: {
        '/x': {
          post: {
            operationId: 'mk',
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties } } } },
            responses: {},
          },
        },
      },
    };
    writeFileSync(join(dir, 'doc.json'), JSON.stringify(doc));
    const built = await describeFromOpenApi(join(dir, 'doc.json'), 'mk', 'doc.json');
    expect(built.needs).toEqual([
      `fields/0 a: needs a good value (its $ref http://127.0.0.1:${port}/s.yaml#/A points outside the document, which is not followed: bundle the document into one file); add "good": {"kind": "literal", "value": ...}`,
      'fields/1 b: needs a good value (its $ref other.yaml#/B points outside the document, which is not followed: bundle the document into one file); add "good": {"kind": "literal", "value": ...}',
    ]);
    expect(requests).toBe(0);
  } finally {
    await new Promise((done) => server.close(done));
  }
});

describe('an observed contract read back (its own output)', () => {
  const contract = (withExamples: boolean) => ({
    label: 'reports/observed-openapi.json',
    version: '3.1.0',
    document: {
      openapi: '3.1.0',
      paths: {
        '/things': {
          post: {
            operationId: 'createThing',
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { kind: false, name: { type: 'string' }, note: { type: 'string' } },
                    required: ['name'],
                  },
                  ...(withExamples
                    ? {
                        examples: {
                          'refused-with-kind': { value: { name: 'n', kind: 'k' }, 'x-observed': { outcome: 'rejected' } },
                          'accepted-1': { value: { name: 'n', note: 'x' }, 'x-observed': { outcome: 'accepted' } },
                        },
                      }
                    : {}),
                },
              },
            },
            responses: { '201': { description: 'ok' } },
          },
        },
      },
    },
  });

  test('a forbidden (false) field is a field, good values come from the examples (accepted first), the accepted one is the first guess', () => {
    const built = buildDescription(contract(true), 'createThing');
    expect(built.needs).toEqual([]);
    expect(built.description.fields.map((f) => [f.name, f.good])).toEqual([
      ['kind', { kind: 'literal', value: 'k' }],
      ['name', { kind: 'literal', value: 'n' }],
      ['note', { kind: 'literal', value: 'x' }],
    ]);
    expect(built.description.reportedAccepted).toEqual(['name', 'note']);
    expect(built.description.summary).toContain('(from reports/observed-openapi.json, operationId createThing)');
  });

  test('without examples a forbidden field is left out with a note, and a string without a value is still asked for', () => {
    const built = buildDescription(contract(false), 'createThing');
    expect(built.description.fields.map((f) => f.name)).toEqual(['name', 'note']);
    expect(built.notes).toContainEqual(expect.stringMatching(/^kind: the schema forbids it/));
    expect(built.needs).toEqual([
      expect.stringMatching(/^fields\/0 name: needs a good value/),
      expect.stringMatching(/^fields\/1 note: needs/),
    ]);
  });

  test('documentLabel: relative inside the working folder, the file name outside it, never an absolute path', () => {
    expect(documentLabel('/work/x/reports/observed-openapi.json', '/work/x')).toBe('reports/observed-openapi.json');
    expect(documentLabel('reports/a.yaml', '/work/x')).toBe('reports/a.yaml');
    expect(documentLabel('/elsewhere/api/openapi.yaml', '/work/x')).toBe('openapi.yaml');
  });
});

describe('x-validation-deadline-seconds: the handshake deadlines the vendor documents', () => {
  const doc = (value: unknown) => ({
    label: 'hooks.json',
    version: '3.1.0',
    document: {
      openapi: '3.1.0',
      paths: {
        '/hooks': {
          post: {
            operationId: 'createHook',
            'x-validation-deadline-seconds': value,
            requestBody: {
              content: { 'application/json': { schema: { type: 'object', properties: { url: { type: 'string', example: 'u' } } } } },
            },
            responses: { '201': { description: 'ok' } },
          },
        },
      },
    },
  });

  test.each([
    [5, [5]],
    [
      [5, 10, 5],
      [5, 10],
    ],
  ])('%j becomes validationDeadlineSeconds %j', (value, seconds) => {
    expect(buildDescription(doc(value), 'createHook').description.validationDeadlineSeconds).toEqual(seconds);
  });

  test.each([[0], ['5'], [[1, 2, 3, 4, 5]], [2.5]])('%j is left out, with a note saying so', (value) => {
    const built = buildDescription(doc(value), 'createHook');
    expect(built.description.validationDeadlineSeconds).toBeUndefined();
    expect(built.notes).toContainEqual(expect.stringMatching(/^x-validation-deadline-seconds is not a whole number of seconds/));
  });

  test("the shipped drive document gives createSubscription SharePoint's 5 s", async () => {
    const path = fileURLToPath(new URL('../../../operations/drive-api.yaml', import.meta.url));
    const built = await describeFromOpenApi(path, 'createSubscription', 'drive-api.yaml');
    expect(built.description.validationDeadlineSeconds).toEqual([5]);
  });
});

describe("the refusals a document declares: kept where they are not spec §7's error object", () => {
  const driveApi = fileURLToPath(new URL('../../../operations/drive-api.yaml', import.meta.url));

  test('problem details declared for 400: the refusals, each with its media types and schema, cited by operation and title', async () => {
    const built = await describeFromOpenApi(fixture('tracker-3.1.yaml'), 'createTask', 'tracker-3.1.yaml', {
      pathValues: { projectId: 'p1' },
    });
    const refusals = built.description.refusals;
    expect(refusals?.source).toBe('createTask in Tracker API');
    expect(refusals?.responses.map((r) => [r.status, r.media])).toEqual([['400', ['application/problem+json']]]);
    expect(refusals?.responses[0]?.schema).toMatchObject({ required: ['type', 'title', 'status'] });
    // The description stays valid and compiles with them, so they cross to the suites with the operation.
    expect(validateDescription(built.description)).toMatchObject({ valid: true });
    expect(compileOperation(built.description).refusals).toEqual(refusals);
  });

  test("a document whose 400 declares spec §7's error object, or none at all, keeps spec §7 rule 1", async () => {
    expect((await describeFromOpenApi(driveApi, 'createFolder', 'drive-api.yaml')).description.refusals).toBeUndefined();
    expect((await describeFromOpenApi(fixture('things-3.0.yaml'), 'createHook', 'things-3.0.yaml')).description.refusals).toBeUndefined();
  });
});
