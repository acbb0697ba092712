import { describe, expect, test } from 'vitest';
import { combinationKey } from '../rule/field-set.js';
import { subscriptionCreate } from '../operation/index.js';
import { conditionalReport, defaultProfileReport, nothingAcceptedReport } from '../../test/support/report-fixtures.js';
import { buildObservedContract } from './build-contract.js';
import { compareWithContract } from './compare-contract.js';
import { contractOperation } from './contract-operation.js';
import { expectValidOpenApi } from '../../test/support/openapi-valid.js';

type Json = Record<string, unknown>;
const post = (document: Json): Json => ((document.paths as Json)[subscriptionCreate.path] as Json).post as Json;
const bodySchema = (document: Json): Json =>
  (((post(document).requestBody as Json).content as Json)['application/json'] as Json).schema as Json;

describe('buildObservedContract', () => {
  test.each([
    ['default profile', defaultProfileReport],
    ['conditional, with unstable and failed combinations', conditionalReport],
    ['nothing accepted', nothingAcceptedReport],
    ['no body sent (a run of suite 01 alone)', () => ({ ...defaultProfileReport(), matrix: [], values: {}, rejectionGroups: [] })],
  ])('%s: valid OpenAPI 3.1, exact on every body the report holds, the same document when built again', async (_name, make) => {
    const report = make();
    const contract = buildObservedContract(report, subscriptionCreate);
    await expectValidOpenApi(contract.document);
    expect(contract.roundTrip.disagreements).toEqual([]);
    expect(JSON.stringify(buildObservedContract(make(), subscriptionCreate).document)).toBe(JSON.stringify(contract.document));
    // x-observed on every element: the document's info, the operation, the body schema, each field and response.
    expect((contract.document.info as Json)['x-observed']).toBeDefined();
    expect(post(contract.document)['x-observed']).toBeDefined();
    expect(bodySchema(contract.document)['x-observed']).toBeDefined();
    for (const property of Object.values((bodySchema(contract.document).properties as Json | undefined) ?? {})) {
      if (property !== false) expect((property as Json)['x-observed']).toBeDefined();
    }
    for (const response of Object.values(post(contract.document).responses as Json)) expect((response as Json)['x-observed']).toBeDefined();
  });

  test('an IDL dependency is written as JSON Schema; what is unknown is listed, not guessed', () => {
    const report = conditionalReport();
    const { document } = buildObservedContract(report, subscriptionCreate);
    const schema = bodySchema(document);
    expect(schema).toMatchObject({
      required: ['notificationUrl', 'expirationDateTime'],
      not: { anyOf: [{ required: ['changeType', 'resource'] }] },
    });
    const unknown = (schema['x-observed'] as { unknown: string[] }).unknown;
    expect(unknown).toContain('{changeType, notificationUrl, expirationDateTime}: unstable');
    expect(unknown).toContain('{notificationUrl, resource, expirationDateTime, clientState}: error');
    // A value class with no verdict (a 5xx, no answer) is unknown for its field, and shapes nothing.
    const changeType = (schema.properties as Json).changeType as Json;
    expect((changeType['x-observed'] as { unknown: string[] }).unknown).toEqual(
      expect.arrayContaining([expect.stringMatching(/^json-null: no usable answer/)]),
    );
    // A rejection only a value class got is a response of its own, with its error code.
    expect((post(document).responses as Json)['422']).toMatchObject({
      'x-observed': { valueClasses: ['changeType garbage (unprocessable)'] },
    });
  });

  test('a value refused with a message naming only other fields shapes nothing of its field: unexplained, not compared', () => {
    const report = defaultProfileReport();
    const clientState = report.values.clientState;
    if (clientState === undefined) throw new Error('fixture: no clientState values');
    const [first] = clientState.rejected;
    if (first === undefined) throw new Error('fixture: no clientState value refused');
    const aboutOthers = { ...first, errorMessage: "The property 'expirationDateTime' is out of range." };
    const mine = buildObservedContract(
      { ...report, values: { ...report.values, clientState: { ...clientState, rejected: [first, ...clientState.rejected.slice(1)] } } },
      subscriptionCreate,
    );
    const theirs = buildObservedContract(
      {
        ...report,
        values: { ...report.values, clientState: { ...clientState, rejected: [aboutOthers, ...clientState.rejected.slice(1)] } },
      },
      subscriptionCreate,
    );
    const property = (document: Json): Json => (bodySchema(document).properties as Json).clientState as Json;
    const unknown = (document: Json): string[] => (property(document)['x-observed'] as { unknown?: string[] }).unknown ?? [];
    const subject = `clientState ${first.classId}`;
    expect(unknown(mine.document).some((u) => u.startsWith(subject))).toBe(false);
    expect(unknown(theirs.document)).toContainEqual(
      expect.stringMatching(new RegExp(`^clientState ${first.classId}: rejected for a reason no keyword states`)),
    );
    expect(theirs.roundTrip.disagreements).toEqual([]);
  });

  test('a value accepted with another 2xx than the combinations were is a response of its own: the round trip agrees', () => {
    const report = defaultProfileReport();
    const field = Object.values(report.values).find((v) => v.accepted.length > 0);
    const accepted = field?.accepted[0];
    if (accepted === undefined) throw new Error('the fixture accepts some value class');
    accepted.status = 200;
    const contract = buildObservedContract(report, subscriptionCreate);
    expect(Object.keys(post(contract.document).responses as Json).filter((k) => k.startsWith('2'))).toEqual(['200', '201']);
    expect(((post(contract.document).responses as Json)['200'] as Json).description).toBe(
      'OK: the answer to an accepted body (1 accepted value class(es)).',
    );
    expect(contract.roundTrip.disagreements).toEqual([]);
  });

  test('nothing accepted: a body schema that accepts nothing, with the diagnosis', () => {
    const report = nothingAcceptedReport();
    const schema = bodySchema(buildObservedContract(report, subscriptionCreate).document);
    expect(schema.not).toEqual({});
    expect((schema['x-observed'] as { unknown: string[] }).unknown).toContain(report.diagnosis?.message);
  });
});

test('a run without the presence matrix says nothing of presence, and still describes the values it tried', () => {
  const report = { ...defaultProfileReport(), matrix: [] };
  const schema = bodySchema(buildObservedContract(report, subscriptionCreate).document);
  expect(schema).not.toHaveProperty('required');
  expect((schema['x-observed'] as { form: string }).form).toBe('not-probed');
  expect(((schema.properties as Json).clientState as Json).maxLength).toBe(255);
});

test('an undetermined role and the combination it hangs on are listed as unknown, and nothing rests on them', () => {
  const report = defaultProfileReport();
  const hangsOn = ['notificationUrl', 'expirationDateTime', 'clientState'];
  const row = report.matrix.find((m) => combinationKey(m.present) === combinationKey(hangsOn));
  if (row === undefined) throw new Error('fixture: no such combination');
  Object.assign(row, { outcome: 'unstable', statuses: [201, 400] });
  report.fields.clientState = {
    presence: 'undetermined',
    explanation: 'forbidden or optional, depending on 1 combination',
    possible: ['forbidden', 'optional'],
    hangsOn: [hangsOn],
    hangsOnCount: 1,
  };
  const contract = buildObservedContract(report, subscriptionCreate);
  const unknown = (bodySchema(contract.document)['x-observed'] as { unknown: string[] }).unknown;
  expect(unknown).toContain('{notificationUrl, expirationDateTime, clientState}: unstable');
  expect(unknown).toContain(
    'clientState: role undetermined (possible: forbidden, optional), hangs on {notificationUrl, expirationDateTime, clientState}: forbidden or optional, depending on 1 combination',
  );
  expect(contract.roundTrip.notCompared.noVerdict).toBe(1);
  expect(contract.roundTrip.disagreements).toEqual([]);
});

describe('compareWithContract', () => {
  const contract = (responses: Json) =>
    contractOperation(
      {
        paths: {
          [`/sites/team${subscriptionCreate.path}`]: {
            post: {
              requestBody: {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['notificationUrl', 'expirationDateTime'],
                      properties: { clientState: { type: 'string', maxLength: 128 } },
                    },
                  },
                },
              },
              responses,
            },
          },
        },
      },
      subscriptionCreate.path,
      'POST',
    );

  test('each disagreement reads "subject: contract says X, target did Y"', () => {
    const report = defaultProfileReport();
    const result = compareWithContract(report, subscriptionCreate, contract({ '201': {}, '4XX': {} }), { shownAs: 'team.yaml' });
    const messages = result.disagreements.map((d) => d.message);
    expect(messages).toContain('{changeType, notificationUrl, expirationDateTime}: contract says accepted, target did 400 invalidRequest');
    expect(messages).toContain(
      'clientState length-255: contract says rejected (clientState must NOT have more than 128 characters), target did 201',
    );
    expect(result.compared.combinations).toBe(32);
  });

  test('a request body schema ajv cannot compile is refused when the contract is read', () => {
    const document = {
      paths: {
        [subscriptionCreate.path]: {
          post: {
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { n: { type: 'number', minimum: 1, exclusiveMinimum: true } } },
                },
              },
            },
            responses: {},
          },
        },
      },
    };
    expect(() => contractOperation(document, subscriptionCreate.path, 'POST')).toThrow(/request body schema is not JSON Schema 2020-12/);
  });

  test('a status or error code the contract does not document is a disagreement; 4XX and default cover any', () => {
    const report = defaultProfileReport();
    const strict = compareWithContract(
      report,
      subscriptionCreate,
      contract({
        '200': {},
        '400': {
          content: { 'application/json': { schema: { properties: { error: { properties: { code: { enum: ['badRequest'] } } } } } } },
        },
      }),
      { shownAs: 'c' },
    );
    expect(strict.disagreements.map((d) => d.message)).toContain(
      '{notificationUrl, expirationDateTime}: contract says 200, target did 201',
    );
    expect(strict.disagreements.map((d) => d.message)).toContain('{}: contract says 400 badRequest, target did 400 invalidRequest');
    const loose = compareWithContract(report, subscriptionCreate, contract({ '2XX': {}, default: {} }), { shownAs: 'c' });
    expect(loose.disagreements.filter((d) => d.kind === 'combination' && /contract says [0-9]/.test(d.contract))).toEqual([]);
  });
});
