/**
 * The tool's own JSON Schemas are valid JSON Schema 2020-12. Their validators skip ajv's check of the
 * schema against the meta-schema (it was most of each compile, in every process), so this
 * test is where that check happens.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';

const SHIPPED = [
  '../operation/description/operation.schema.json',
  '../report/behaviour-report.schema.json',
  '../baseline/baseline.schema.json',
  './error-body.schema.json',
];

const read = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('shipped JSON Schemas', () => {
  test.each(SHIPPED)('%s is valid against the 2020-12 meta-schema', (path) => {
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validateSchema(read(path)), ajv.errorsText(ajv.errors)).toBe(true);
  });

  test('the check refuses a schema that breaks the meta-schema', () => {
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validateSchema({ ...read(SHIPPED[0] ?? ''), type: 'no-such-type' })).toBe(false);
  });
});
