/**
 * `npm run operation`: writes the operation description of an OpenAPI 3.0/3.1 operation to standard
 * output, for review and commit; then OPERATION=that-file npm run probe probes it.
 *
 *   npm run operation -- --openapi openapi.yaml --operation-id createThing > operations/thing.json
 *   npm run operation -- --openapi openapi.yaml --operation-id createThing --fields name,url,size
 *                                     only these request-body properties, in this order (at most 30)
 *
 * Fields come from the JSON request body's properties ($refs resolved within the document; a property
 * the schema forbids is a field too when an example shows a value for it), good values from example,
 * examples, default, enum or format and then the media type's examples (a probe's own
 * reports/observed-openapi.json gives its accepted bodies), value classes from types and formats, the
 * path and method from the document, and the undo from a DELETE on {path}/{id} when the document has
 * one. Where the document is silent (a string with no example and no format, for one) the description
 * has no good value for the field, and a line on standard error says which: add one before probing.
 *
 * Exit codes: 0 the description is complete; 1 written, but it needs what standard error lists;
 * 2 usage error, or a document or operation that cannot be described (one line per problem).
 */
import { resolve } from 'node:path';
import { formatJson } from '../lib/operation/description/format.js';
import { validateDescription } from '../lib/operation/description/validate.js';
import { OpenApiError, describeFromOpenApi, documentLabel } from '../lib/operation/openapi/index.js';
import { parseCommandOrExit, settingsOrExit, usageError } from './support/cli.js';

const EXIT_COMPLETE = 0;
const EXIT_NEEDS = 1;
const EXIT_USAGE = 2;

function usage(message: string): never {
  usageError('operation', message);
}

const line = parseCommandOrExit('operation', import.meta.url, {
  options: {
    fields: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const { args } = line;
// The description is built here, needs and all: the settings only name the document and the operation.
const { openapi: file, operationId } = (await settingsOrExit('operation', line, { buildOperation: false })).target;
if (file === undefined) usage('give --openapi FILE (or OPENAPI), an OpenAPI 3.0 or 3.1 document');
if (operationId === undefined) usage('give --operation-id ID (or OPERATION_ID), the operation to describe');
const fields = args.values.fields
  ?.split(',')
  .map((f) => f.trim())
  .filter((f) => f !== '');
if (fields !== undefined && (fields.length === 0 || new Set(fields).size !== fields.length))
  usage('--fields: property names separated by commas, each once');

try {
  const built = await describeFromOpenApi(resolve(file), operationId, documentLabel(file), fields === undefined ? {} : { fields });
  process.stdout.write(`${formatJson(built.description)}\n`);
  for (const note of built.notes) console.error(`operation: note: ${note}`);
  if (built.needs.length > 0) {
    for (const need of built.needs) console.error(`operation: needs: ${need}`);
    console.error(`operation: ${built.needs.length} thing(s) to add before probing (above); the description is otherwise written`);
    process.exit(EXIT_NEEDS);
  }
  // A complete description must load: a problem here is this tool's, not the document's.
  const checked = validateDescription(built.description);
  if (!checked.valid) {
    for (const p of checked.problems) console.error(`operation: the description built is not valid: ${p}`);
    process.exit(EXIT_USAGE);
  }
  process.exit(EXIT_COMPLETE);
} catch (error) {
  if (!(error instanceof OpenApiError)) throw error;
  for (const p of error.problems) console.error(`operation: ${p}`);
  process.exit(EXIT_USAGE);
}
