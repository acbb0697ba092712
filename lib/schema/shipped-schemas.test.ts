/**
 * The tool's own JSON Schemas are valid JSON Schema 2020-12. Their validators skip ajv's check of the
 * schema against the meta-schema (it was most of each compile, in every process), so this
 * test is where that check happens.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { cachedValidator, compileShippedSchema, SHIPPED_SCHEMAS, standaloneSource, type ShippedSchemaName } from './shipped-schema.js';

const NAMES = Object.keys(SHIPPED_SCHEMAS) as ShippedSchemaName[];

const read = (name: ShippedSchemaName): Record<string, unknown> =>
  JSON.parse(readFileSync(SHIPPED_SCHEMAS[name].file, 'utf8')) as Record<string, unknown>;

describe('shipped JSON Schemas', () => {
  test.each(NAMES)('%s is valid against the 2020-12 meta-schema', (name) => {
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validateSchema(read(name)), ajv.errorsText(ajv.errors)).toBe(true);
  });

  test('the check refuses a schema that breaks the meta-schema', () => {
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validateSchema({ ...read('operation'), type: 'no-such-type' })).toBe(false);
  });
});

/**
 * The build writes each schema's validator as standalone code (scripts/build.ts), which a compiled run loads instead
 * of compiling: it must say what the compiled one says, verdict and every error, on bodies valid and broken.
 */
describe('standalone validators, as the build writes them', () => {
  const require = createRequire(import.meta.url);
  const load = (name: ShippedSchemaName): ValidateFunction => {
    const module = { exports: {} as unknown };
    new Function('require', 'module', 'exports', standaloneSource(name))(require, module, module.exports);
    return module.exports as ValidateFunction;
  };
  const file = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
  const operation = file('../../operations/drive-subscription-v2.json') as { fields: Record<string, unknown>[] };
  const report = file('../../test/fixtures/drive-subscription-v2.before.behaviour-report.json') as Record<string, unknown>;
  const baseline = file('../../baselines/embedded-default.json') as Record<string, unknown>;
  const samples: Record<ShippedSchemaName, unknown[]> = {
    'error-body': [{ error: { code: 'invalidRequest', message: 'm' } }, { error: { code: 5 } }, []],
    operation: [operation, { ...operation, fields: [{ ...operation.fields[0], good: { kind: 'no-such-kind' } }] }, { id: 1 }],
    expectations: [
      { expectations: [{ case: 'matrix/none', verdict: 'DEVIATES', reason: 'known' }] },
      { expectations: [{ case: '', verdict: 'CONFORMS', reason: ' ', extra: 1 }] },
    ],
    'behaviour-report': [report, { ...report, run: { ...(report['run'] as object), requestsSent: 'many' } }, {}],
    baseline: [baseline, { ...baseline, matrix: [{ present: 'x' }] }],
  };

  test.each(NAMES)('%s: the same verdicts and errors as the compiled validator', (name) => {
    const compiled = compileShippedSchema(name).validate;
    const standalone = load(name);
    const verdicts = (samples[name] ?? []).map((sample) => {
      const verdict = compiled(sample);
      expect(standalone(sample), JSON.stringify(compiled.errors)).toBe(verdict);
      expect(standalone.errors ?? null).toEqual(compiled.errors ?? null);
      return verdict;
    });
    // Each schema met a body it takes and one it refuses, so the comparison covers both.
    expect(verdicts).toContain(true);
    expect(verdicts).toContain(false);
  });
});

/**
 * Run from the sources, a validator's standalone code is kept in node_modules/.cache (inside node_modules, where its
 * requires of ajv's runtime resolve), so that a new thread or process loads it instead of compiling the schema again.
 */
describe('the cache of standalone validators, for runs from the sources', () => {
  const modules = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));
  const samples = [{ error: { code: 'invalidRequest', message: 'm' } }, { error: { code: 5 } }, [], { error: {} }];

  test('the first use compiles and keeps the code; the next loads it, with the same verdicts and errors', () => {
    const cache = join(mkdtempSync(join(modules, 'shipped-schemas-test-')), 'schemas');
    try {
      // A file an earlier version of the schema left, and another schema's: the first goes, the second stays.
      mkdirSync(cache, { recursive: true });
      writeFileSync(join(cache, 'error-body-0000000000000000.validate.cjs'), 'module.exports = () => true;');
      writeFileSync(join(cache, 'operation-0000000000000000.validate.cjs'), 'module.exports = () => true;');
      const compiled = cachedValidator('error-body', cache);
      const kept = readdirSync(cache).filter((f) => !f.startsWith('operation-'));
      expect(readdirSync(cache)).toContain('operation-0000000000000000.validate.cjs');
      expect(kept).toEqual([expect.stringMatching(/^error-body-[0-9a-f]{16}\.validate\.cjs$/)]);
      const loaded = cachedValidator('error-body', cache);
      expect(loaded).not.toBe(compiled);
      expect(readdirSync(cache).filter((f) => !f.startsWith('operation-'))).toEqual(kept);
      for (const sample of samples) {
        expect(loaded(sample)).toBe(compiled(sample));
        expect(loaded.errors ?? null).toEqual(compiled.errors ?? null);
      }
      expect(samples.map((sample) => loaded(sample))).toEqual([true, false, false, false]);
    } finally {
      rmSync(join(cache, '..'), { recursive: true, force: true });
    }
  });

  test('a cache that cannot be written: the schema is compiled, nothing thrown', () => {
    const folder = mkdtempSync(join(modules, 'shipped-schemas-test-'));
    try {
      writeFileSync(join(folder, 'a-file'), '');
      const validate = cachedValidator('error-body', join(folder, 'a-file', 'schemas'));
      expect(samples.map((sample) => validate(sample))).toEqual([true, false, false, false]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
