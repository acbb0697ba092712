/** Finds an operation by its operationId in a dereferenced OpenAPI document. */
import { isObject, type Json } from '../../json.js';
import { type OpenApiDocument } from './read-document.js';
import { OpenApiError } from '../../errors.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface FoundOperation {
  path: string;
  method: string;
  operation: Json;
  /** The path item: its other operations (a DELETE beside it) and shared parameters. */
  pathItem: Json;
  /** JSON pointer of the operation in the document, for messages. */
  pointer: string;
}

const escape = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

export function allOperations(doc: OpenApiDocument): FoundOperation[] {
  const paths = doc.document['paths'];
  if (!isObject(paths)) return [];
  const found: FoundOperation[] = [];
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isObject(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (isObject(operation))
        found.push({ path, method: method.toUpperCase(), operation, pathItem, pointer: `/paths/${escape(path)}/${method}` });
    }
  }
  return found;
}

export function findOperation(doc: OpenApiDocument, operationId: string): FoundOperation {
  const all = allOperations(doc);
  const match = all.find((o) => o.operation['operationId'] === operationId);
  if (match !== undefined) return match;
  const ids = all.map((o) => o.operation['operationId']).filter((id): id is string => typeof id === 'string');
  const known =
    ids.length === 0
      ? 'it has no operationId'
      : `its operationIds: ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? `, ... (${ids.length})` : ''}`;
  throw new OpenApiError([`${doc.label}: no operation with operationId "${operationId}"; ${known}`]);
}
