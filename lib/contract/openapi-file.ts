/**
 * OpenAPI documents in and out of the tool: validation by a maintained validator
 * (@readme/openapi-parser: the OpenAPI 3.0/3.1 schemas plus its own checks), and reading a
 * contract file (JSON or YAML) with its local `$ref`s resolved. Nothing is fetched: a `$ref` to
 * another file or URL is not followed.
 */
import { readFile } from 'node:fs/promises';
import { compileErrors, dereference, validate } from '@readme/openapi-parser';
import YAML from 'yaml';
import { ContractError } from '../errors.js';

export async function validateOpenApi(document: Record<string, unknown>): Promise<{ valid: boolean; errors: string }> {
  // The validator dereferences in place: it gets a copy.
  const result = await validate(structuredClone(document) as never, { resolve: { external: false } });
  return { valid: result.valid, errors: result.valid ? '' : compileErrors(result) };
}

export async function readOpenApiFile(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ContractError(`cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let parsed: unknown;
  try {
    parsed = text.trimStart().startsWith('{') ? JSON.parse(text) : YAML.parse(text);
  } catch (error) {
    throw new ContractError(`is neither JSON nor YAML (${(error as Error).message.split('\n')[0] ?? ''})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ContractError('is not an OpenAPI document (not an object)');
  try {
    return (await dereference(parsed as never, { resolve: { external: false } })) as unknown as Record<string, unknown>;
  } catch (error) {
    throw new ContractError(`has a $ref that cannot be resolved (${(error as Error).message.split('\n')[0] ?? ''})`);
  }
}
