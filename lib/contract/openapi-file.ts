/**
 * OpenAPI documents in and out of the tool: validation by a maintained validator
 * (@seriousme/openapi-schema-validator: the OpenAPI 3.0/3.1 schemas, and every `$ref` resolvable), and reading a
 * contract file (JSON or YAML) with its local `$ref`s resolved (@readme/openapi-parser). Nothing is fetched: a `$ref`
 * to another file or URL is not followed.
 */
import { readFile } from 'node:fs/promises';
import type { ErrorObject } from 'ajv';
import type { Validator } from '@seriousme/openapi-schema-validator';
import { ContractError } from '../errors.js';
import { yaml } from '../yaml.js';

/**
 * One validator for the process: it compiles the OpenAPI schema once (about 0.15 s of CPU), where
 * @readme/openapi-parser's `validate` compiled it again at every call: a campaign validates each operation's
 * document and the joined one, and the self-tests validate one per run.
 */
let validator: Validator | undefined;

export async function validateOpenApi(document: Record<string, unknown>): Promise<{ valid: boolean; errors: string }> {
  if (validator === undefined) {
    const { Validator: Compiler } = await import('@seriousme/openapi-schema-validator');
    validator ??= new Compiler({ allErrors: true });
  }
  // A copy: the validator keeps the last document it was given.
  const result = await validator.validate(structuredClone(document));
  return { valid: result.valid, errors: result.valid ? '' : errorLines(result.errors) };
}

/** ajv's errors, one line each: where in the document, and what is wrong there. */
function errorLines(errors: ErrorObject[] | string | undefined): string {
  if (errors === undefined) return 'not a valid OpenAPI document';
  if (typeof errors === 'string') return errors;
  const lines = errors.map((e) => `${e.instancePath === '' ? '/' : e.instancePath}: ${e.message ?? e.keyword}${detail(e)}`);
  return [...new Set(lines)].join('\n');
}

function detail(error: ErrorObject): string {
  const { additionalProperty, unevaluatedProperty, allowedValues } = error.params as {
    additionalProperty?: string;
    unevaluatedProperty?: string;
    allowedValues?: unknown[];
  };
  const property = additionalProperty ?? unevaluatedProperty;
  if (property !== undefined) return ` (${JSON.stringify(property)})`;
  if (allowedValues !== undefined) return ` (${allowedValues.map((v) => JSON.stringify(v)).join(', ')})`;
  return '';
}

export async function readOpenApiFile(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ContractError(`cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let parsed: unknown;
  // The parsers are loaded when a contract is read, not by every run: a run without one sends its first request sooner.
  try {
    parsed = text.trimStart().startsWith('{') ? JSON.parse(text) : yaml().parse(text);
  } catch (error) {
    throw new ContractError(`is neither JSON nor YAML (${(error as Error).message.split('\n')[0] ?? ''})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ContractError('is not an OpenAPI document (not an object)');
  const { dereference } = await import('@readme/openapi-parser');
  try {
    return (await dereference(parsed as never, { resolve: { external: false } })) as unknown as Record<string, unknown>;
  } catch (error) {
    throw new ContractError(`has a $ref that cannot be resolved (${(error as Error).message.split('\n')[0] ?? ''})`);
  }
}
