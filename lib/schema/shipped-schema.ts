/**
 * The validators of the tool's own JSON Schemas (each a file beside the module that reads it), by name.
 *
 * Compiling a schema is most of what ajv costs: 110 ms for the operation description's before a run's first request,
 * 280 ms for the behaviour report's at its end. So the build (scripts/build.ts) writes each schema's validator as
 * standalone code beside this module (`<name>.validate.cjs`, ajv's standalone output), and a compiled run loads that
 * instead, without ajv's compiler. Run from the sources (tsx, vitest), there is no such file: the schema is compiled on
 * first use, as the build compiles it (one table of options for both), and its standalone code is kept in
 * node_modules/.cache, keyed by the schema's text, its options and the versions of ajv and ajv-formats. Each run of the suites starts a new
 * thread that would otherwise compile the error body's schema again: 0.14 s of CPU per run of the self-tests.
 *
 * ajv does not check a schema against the 2020-12 meta-schema first (validateSchema off): that check was most of
 * each compile, in every process, and lib/schema/shipped-schemas.test.ts makes it once for every shipped schema.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';

export interface ShippedSchema {
  /** The schema file. */
  file: URL;
  /** `withFormats`: check `format` keywords (ajv-formats) instead of refusing them in strict mode. */
  options: Omit<Options, 'validateSchema' | 'code'> & { withFormats?: boolean };
}

export const SHIPPED_SCHEMAS = {
  'error-body': { file: new URL('./error-body.schema.json', import.meta.url), options: { allErrors: true, withFormats: true } },
  // strictRequired off: `not: { required: [a, b] }` (give one of a and b) names properties of the parent.
  // discriminator: one clear error for an unknown `kind` or `family` instead of one per branch.
  // verbose: the failing schema comes with each error, so a bad `kind` can list the known ones.
  operation: {
    file: new URL('../operation/description/operation.schema.json', import.meta.url),
    options: { allErrors: true, strictRequired: false, allowUnionTypes: true, discriminator: true, verbose: true },
  },
  expectations: {
    file: new URL('../expectations/expectations.schema.json', import.meta.url),
    options: { allErrors: true, withFormats: true },
  },
  'behaviour-report': {
    file: new URL('../report/behaviour-report.schema.json', import.meta.url),
    options: { allErrors: true, allowUnionTypes: true, withFormats: true },
  },
  baseline: { file: new URL('../baseline/baseline.schema.json', import.meta.url), options: { allErrors: true, allowUnionTypes: true } },
} as const satisfies Record<string, ShippedSchema>;

export type ShippedSchemaName = keyof typeof SHIPPED_SCHEMAS;

// ajv and ajv-formats are CommonJS, loaded only when a schema is compiled: a compiled run never loads the compiler.
const require = createRequire(import.meta.url);

/** The schema compiled now, with its table options; `source` keeps the generated code for standaloneSource. */
export function compileShippedSchema(name: ShippedSchemaName, o: { source?: boolean } = {}): { ajv: Ajv2020; validate: ValidateFunction } {
  const { file, options } = SHIPPED_SCHEMAS[name] as ShippedSchema;
  const { withFormats = false, ...ajvOptions } = options;
  const { Ajv2020: Compiler } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  // Read with fs rather than a JSON import: works the same under node, tsx and vitest.
  const schema = JSON.parse(readFileSync(file, 'utf8')) as object;
  const ajv = new Compiler({
    strict: true,
    ...ajvOptions,
    validateSchema: false,
    ...(o.source === true ? { code: { source: true } } : {}),
  });
  if (withFormats) (require('ajv-formats') as typeof import('ajv-formats')).default(ajv);
  return { ajv, validate: ajv.compile(schema) };
}

/** The validator as a CommonJS module of its own (ajv standalone), for the build to write beside this module. */
export function standaloneSource(name: ShippedSchemaName): string {
  return standaloneOf(compileShippedSchema(name, { source: true }));
}

function standaloneOf({ ajv, validate }: { ajv: Ajv2020; validate: ValidateFunction }): string {
  const standalone = (require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js')).default;
  return standalone(ajv, validate);
}

/** Where the build writes the standalone validator of `name`. */
export const standaloneFile = (name: ShippedSchemaName): string => `${name}.validate.cjs`;

/** The validator of `name`, made on first use (standalone when built, else from the cache or compiled) and kept. */
export function shippedSchemaValidator(name: ShippedSchemaName): () => ValidateFunction {
  let validator: ValidateFunction | undefined;
  return () => {
    if (validator === undefined) {
      const built = fileURLToPath(new URL(`./${standaloneFile(name)}`, import.meta.url));
      validator = existsSync(built) ? (require(built) as ValidateFunction) : cachedValidator(name);
    }
    return validator;
  };
}

// Inside node_modules, so that the standalone code's own requires (ajv's runtime, ajv-formats) resolve from it.
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/shipped-schemas/', import.meta.url));

/** The standalone validator kept for this schema text, options and ajv, else compiled now and kept when it can. */
export function cachedValidator(name: ShippedSchemaName, cache = CACHE): ValidateFunction {
  const { file, options } = SHIPPED_SCHEMAS[name] as ShippedSchema;
  const version = (module: string): string => (require(`${module}/package.json`) as { version: string }).version;
  const key = createHash('sha256')
    .update(readFileSync(file))
    .update(JSON.stringify(options))
    .update(`${version('ajv')} ${version('ajv-formats')}`)
    .digest('hex');
  const path = join(cache, `${name}-${key.slice(0, 16)}.validate.cjs`);
  if (existsSync(path)) return require(path) as ValidateFunction;
  const compiled = compileShippedSchema(name, { source: true });
  try {
    mkdirSync(cache, { recursive: true });
    // Whole or not at all: another process may read it as soon as it has this name.
    const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, standaloneOf(compiled));
    renameSync(partial, path);
    // The schema's earlier versions are of no more use: the cache holds one file per schema.
    const versions = new RegExp(`^${name}-[0-9a-f]{16}\\.validate\\.cjs$`);
    for (const old of readdirSync(cache)) if (versions.test(old) && join(cache, old) !== path) rmSync(join(cache, old), { force: true });
  } catch {
    // A read-only install: compiled in each process, as without the cache.
  }
  return compiled.validate;
}
