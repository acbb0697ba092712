/**
 * A document the tool writes is valid OpenAPI by the tool's own validator (lib/contract/openapi-file.ts, which a run
 * asks) and by a second one with checks beyond the schema (@readme/openapi-parser: operation ids unique, every path
 * parameter declared and required, ...), so the generator is held to both.
 */
import { expect } from 'vitest';
import { validateOpenApi } from '../../lib/contract/openapi-file.js';

export async function expectValidOpenApi(document: Record<string, unknown>): Promise<void> {
  expect(await validateOpenApi(document)).toEqual({ valid: true, errors: '' });
  const { compileErrors, validate } = await import('@readme/openapi-parser');
  // It dereferences in place: it gets a copy.
  const other = await validate(structuredClone(document) as never, { resolve: { external: false } });
  expect(other.valid ? '' : compileErrors(other)).toBe('');
}
