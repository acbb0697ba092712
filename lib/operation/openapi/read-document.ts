/**
 * Reads an OpenAPI 3.0 or 3.1 document (JSON or YAML) and resolves its `$ref`s with
 * @readme/openapi-parser's dereference. Only references inside the document are followed: nothing
 * is fetched, no other file is read (bundle a multi-file document first).
 */
import { readFileSync } from 'node:fs';
import { isObject, type Json } from '../../json.js';
import { OpenApiError } from '../../errors.js';
import { yaml } from '../../yaml.js';

export interface OpenApiDocument {
  /** As the user named it, for messages. */
  label: string;
  /** "3.0.3", "3.1.0". */
  version: string;
  /** Dereferenced: no `$ref` left (a circular one stays as it is). */
  document: Json;
}

export async function readOpenApi(path: string, label = path): Promise<OpenApiDocument> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new OpenApiError([`${label}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`]);
  }
  let parsed: unknown;
  // The YAML parser and the OpenAPI dereferencer are loaded when a document is read, not by every command that can
  // read one: a run without a document sends its first request sooner.
  const json = /\.json$/i.test(label);
  try {
    parsed = json ? JSON.parse(text) : yaml().parse(text);
  } catch (error) {
    throw new OpenApiError([`${label}: not valid ${json ? 'JSON' : 'YAML'}: ${(error as Error).message.split('\n')[0] ?? ''}`]);
  }
  if (!isObject(parsed)) throw new OpenApiError([`${label}: not an OpenAPI document (not an object)`]);
  const version = parsed['openapi'];
  if (typeof version !== 'string' || !/^3\.[01]\./.test(version)) {
    const seen =
      typeof version === 'string'
        ? `openapi ${version}`
        : parsed['swagger'] !== undefined
          ? `swagger ${String(parsed['swagger'])}`
          : 'no "openapi" version';
    throw new OpenApiError([`${label}#/openapi: an OpenAPI 3.0 or 3.1 document is needed, got ${seen}`]);
  }
  let document: Json;
  const { dereference } = await import('@readme/openapi-parser');
  try {
    // circular: 'ignore' leaves a self-referencing schema's $ref in place instead of failing.
    document = (await dereference(structuredClone(parsed) as never, {
      resolve: { external: false },
      dereference: { circular: 'ignore' },
    })) as unknown as Json;
  } catch (error) {
    throw new OpenApiError([`${label}: cannot resolve its $refs: ${(error as Error).message.split('\n')[0] ?? ''}`]);
  }
  return { label, version, document };
}
