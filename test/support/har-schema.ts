/**
 * The published HAR 1.2 JSON Schema (the `har-schema` package, a devDependency) compiled once: a HAR this
 * tool writes must pass it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsCjs from 'ajv-formats';

const addFormats = addFormatsCjs.default;
const FOLDER = new URL('../../node_modules/har-schema/lib/', import.meta.url);

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (compiled !== undefined) return compiled;
  // The schema is draft-06 and uses keywords no draft defines (`min`, `optional`): ajv must not refuse them.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const draft06 = createRequire(import.meta.url)('ajv/dist/refs/json-schema-draft-06.json') as object;
  ajv.addMetaSchema(draft06);
  for (const name of readdirSync(FOLDER).filter((n) => n.endsWith('.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(new URL(name, FOLDER), 'utf8')) as object);
  }
  compiled = ajv.getSchema('har.json#') ?? ajv.getSchema('har.json');
  if (compiled === undefined) throw new Error("har.json is not among har-schema's files");
  return compiled;
}

/** The schema's complaints about `har` ("path: message" each); empty when it is a valid HAR 1.2. */
export function harSchemaErrors(har: unknown): string[] {
  const validate = validator();
  if (validate(har)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'}: ${e.message ?? e.keyword}`);
}
