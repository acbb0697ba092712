/**
 * The validator of one of the tool's own JSON Schemas (a file beside the module that uses it), compiled
 * on first use and kept for the process. ajv does not check the schema against the 2020-12 meta-schema
 * first (validateSchema off): that check was most of each compile, in every process, and
 * lib/schema/shipped-schemas.test.ts makes it once for every shipped schema.
 */
import { readFileSync } from 'node:fs';
import type { Options } from 'ajv';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsCjs from 'ajv-formats';

// ajv-formats is CommonJS: under nodenext its default import is the module object.
const addFormats = addFormatsCjs.default;

/** `withFormats`: check `format` keywords (ajv-formats) instead of refusing them in strict mode. */
export function shippedSchemaValidator(
  url: URL,
  options: Omit<Options, 'validateSchema'> & { withFormats?: boolean } = {},
): () => ValidateFunction {
  const { withFormats = false, ...ajvOptions } = options;
  let compiled: ValidateFunction | undefined;
  return () => {
    if (compiled === undefined) {
      // Read with fs rather than a JSON import: works the same under node, tsx and vitest.
      const schema = JSON.parse(readFileSync(url, 'utf8')) as object;
      const ajv = new Ajv2020({ strict: true, ...ajvOptions, validateSchema: false });
      if (withFormats) addFormats(ajv);
      compiled = ajv.compile(schema);
    }
    return compiled;
  };
}
