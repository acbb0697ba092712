/**
 * A schema an API's own document gives (an error response's body, say), compiled to judge answers by. The document is
 * the user's, not ours: its schema may use OpenAPI 3.0's words (`nullable`, `example`) or keywords this ajv does not
 * know, so unknown keywords are annotations (strict off) and a schema that does not compile is said so, never thrown.
 * Compiled once per schema text in a process.
 */
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';

// ajv is CommonJS, loaded when a document's schema is first compiled: a run whose operation has none never loads it.
const require = createRequire(import.meta.url);

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, DocumentSchema>();

export type DocumentSchema = { validate: ValidateFunction } | { error: string };

function compiler(): Ajv2020 {
  if (ajv !== undefined) return ajv;
  const { Ajv2020: Compiler } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = (require('ajv-formats') as { default: (a: Ajv2020) => void }).default;
  ajv = new Compiler({ allErrors: true, strict: false, validateSchema: false, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

/** The schema compiled, or why it could not be (an unresolved `$ref`, a keyword of the wrong type). */
export function documentSchema(schema: unknown): DocumentSchema {
  const text = JSON.stringify(schema);
  const known = compiled.get(text);
  if (known !== undefined) return known;
  let result: DocumentSchema;
  try {
    const parsed = JSON.parse(text) as unknown;
    // Its dialect and name are the document's concern: this ajv reads every schema as 2020-12, unnamed.
    const body: object | boolean =
      typeof parsed === 'object' && parsed !== null
        ? Object.fromEntries(Object.entries(parsed).filter(([key]) => key !== '$schema' && key !== '$id'))
        : parsed === true;
    result = { validate: compiler().compile(body) };
  } catch (error) {
    result = { error: error instanceof Error ? (error.message.split('\n')[0] ?? 'does not compile') : 'does not compile' };
  }
  compiled.set(text, result);
  return result;
}

/** `/title: must have required property 'type'`, `(body): must be object`. */
export function schemaProblem(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(body)' : error.instancePath;
  return `${where}: ${error.message ?? 'is invalid'}`;
}
