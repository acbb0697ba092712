import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readErrorShape } from './error-shapes.js';

describe('readErrorShape: the properties an error body names by its structure', () => {
  test.each([
    [
      'FastAPI/pydantic detail[].loc',
      {
        detail: [
          { type: 'missing', loc: ['body', 'resource'], msg: 'Field required' },
          { type: 'extra_forbidden', loc: ['body', 'clientState'], msg: 'Extra inputs are not permitted' },
        ],
      },
      'pydantic',
      ['resource', 'clientState'],
      "'resource': Field required; 'clientState': Extra inputs are not permitted",
    ],
    [
      'ASP.NET ProblemDetails errors',
      {
        type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
        title: 'One or more validation errors occurred.',
        status: 400,
        errors: { '$.ChangeType': ['The ChangeType field is required.'] },
      },
      'problem-details',
      ['ChangeType'],
      "'ChangeType': The ChangeType field is required.",
    ],
    [
      'zod issues[].path',
      { issues: [{ code: 'invalid_type', path: ['notificationUrl'], message: 'Required' }] },
      'zod',
      ['notificationUrl'],
      "'notificationUrl': Required",
    ],
    ['zod inside error', { error: { issues: [{ path: ['resource', 0], message: 'Bad' }] } }, 'zod', ['resource'], "'resource': Bad"],
    ['zod flatten()', { formErrors: [], fieldErrors: { resource: ['Required'] } }, 'zod', ['resource'], "'resource': Required"],
    [
      'ajv errors, instancePath and missingProperty',
      [
        { instancePath: '/expirationDateTime', keyword: 'format', message: 'must match format "date-time"' },
        {
          instancePath: '',
          keyword: 'required',
          params: { missingProperty: 'resource' },
          message: "must have required property 'resource'",
        },
      ],
      'ajv',
      ['expirationDateTime', 'resource'],
      "'expirationDateTime': must match format \"date-time\"; 'resource': must have required property 'resource'",
    ],
    [
      'express-validator errors[].path',
      { errors: [{ type: 'field', path: 'clientState', msg: 'Invalid value', location: 'body' }] },
      'validator-errors',
      ['clientState'],
      "'clientState': Invalid value",
    ],
    [
      'JSON:API source.pointer',
      { errors: [{ status: '422', source: { pointer: '/data/attributes/resource' }, detail: 'is not allowed' }] },
      'json-api',
      ['resource'],
      "'resource': is not allowed",
    ],
    [
      'the spec error with details[].target',
      { error: { code: 'invalidRequest', message: 'Invalid request', details: [{ target: 'changeType', message: 'not allowed' }] } },
      'spec-error',
      ['changeType'],
      "'changeType': not allowed",
    ],
  ])('%s', (_label, body, kind, names, entries) => {
    expect(readErrorShape(body)).toEqual({ kind, names, entries });
  });

  test('the spec error without details names nothing by structure; its message is read as prose elsewhere', () => {
    expect(readErrorShape({ error: { code: 'invalidRequest', message: "Property 'resource' is not allowed" } })).toEqual({
      kind: 'spec-error',
      names: [],
      entries: undefined,
    });
  });

  test('bodies in none of the shapes name nothing', () => {
    for (const body of [
      undefined,
      null,
      'text',
      42,
      {},
      { detail: 'Not Found' },
      { message: 'bad' },
      { errors: [] },
      { detail: [{ msg: 'no loc' }] },
      [],
    ]) {
      expect(readErrorShape(body)).toBeUndefined();
    }
  });

  test('a hostile list is read only in part: at most 32 entries, each name and text cut', () => {
    const detail = Array.from({ length: 100_000 }, (_, i) => ({ loc: ['body', `f${i}`], msg: 'x'.repeat(10_000) }));
    const shape = readErrorShape({ detail });
    expect(shape?.names).toHaveLength(32);
    expect(shape?.entries?.length).toBeLessThan(32 * 260);
  });

  test('never throws, whatever JSON the target sends', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const shape = readErrorShape(body);
        if (shape !== undefined) expect(new Set(shape.names).size).toBe(shape.names.length);
      }),
      { numRuns: 300 },
    );
  });
});
