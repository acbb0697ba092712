/**
 * The published SARIF 2.1.0 JSON Schema as a package ships it (`@microsoft/jest-sarif`, a devDependency: Microsoft's
 * SARIF SDK for JavaScript, whose `lib/schemas/sarif-2.1.0-rtm.5.json` is the 2.1.0 schema, JSON Schema draft-04),
 * compiled once: a SARIF log this tool writes must pass it. Read from the package, never copied into the tree.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Ajv04Cjs from 'ajv-draft-04';
import addFormatsCjs from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';

const Ajv04 = Ajv04Cjs.default;
const addFormats = addFormatsCjs.default;

/** The schema file inside the package. */
export const SARIF_SCHEMA_FILE = join(
  dirname(createRequire(import.meta.url).resolve('@microsoft/jest-sarif/package.json')),
  'lib',
  'schemas',
  'sarif-2.1.0-rtm.5.json',
);

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (compiled !== undefined) return compiled;
  const schema = JSON.parse(readFileSync(SARIF_SCHEMA_FILE, 'utf8')) as { id?: string; title?: string };
  if (!/2\.1\.0/.test(schema.title ?? '')) throw new Error(`${SARIF_SCHEMA_FILE} is not the SARIF 2.1.0 schema: ${schema.title}`);
  // strict: false: ajv's strict mode refuses keywords and formats the schema's authors used freely. unicodeRegExp:
  // false: the schema's `language` pattern has a stray `]`, a syntax error under the u flag ajv sets by default and a
  // literal `]` without it, as JSON Schema's ECMA-262 regular expressions read it.
  const ajv = new Ajv04({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  compiled = validate;
  return validate;
}

/** The schema's complaints about `log` ("path: message" each); empty when it is a valid SARIF 2.1.0 log. */
export function sarifSchemaErrors(log: unknown): string[] {
  const validate = validator();
  if (validate(log)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'}: ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`);
}
