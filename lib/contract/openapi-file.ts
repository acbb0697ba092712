/**
 * OpenAPI documents in and out of the tool: validation by a maintained validator
 * (@readme/openapi-parser: the OpenAPI 3.0/3.1 schemas plus its own checks), and reading a
 * contract file (JSON or YAML) with its local `$ref`s resolved. Nothing is fetched: a `$ref` to
 * another file or URL is not followed.
 */
import { readFile } from 'node:fs/promises';
import { ContractError } from '../errors.js';
import { yaml } from '../yaml.js';

export async function validateOpenApi(document: Record<string, unknown>): Promise<{ valid: boolean; errors: string }> {
  const { compileErrors, validate } = await import('@readme/openapi-parser');
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
