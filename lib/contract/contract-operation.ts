/**
 * Finds the probed operation in an OpenAPI document (dereferenced: no `$ref` left) and reads what a
 * comparison needs: the JSON request body schema and the documented responses with their error codes.
 */
import { isObject } from '../json.js';
import { checkContractSchema } from './contract-ajv.js';
import type { ContractOperation } from './types.js';
import { ContractError } from '../errors.js';

/** `/items/{item-id}/children` as a pattern a filled path matches at its end: each parameter one whole segment. */
function templatePattern(template: string): RegExp | undefined {
  if (!/\{[^}/]+\}/.test(template)) return undefined;
  const parts = template.split(/\{[^}/]+\}/).map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`${parts.join('[^/]+')}$`);
}

/**
 * The path item for `path`: the same path, one that ends with it (a document whose paths keep a tenant prefix), or a
 * template it fills (a path a producer's instance filled, compared with the document's `/items/{item-id}/children`).
 */
export function contractOperation(document: unknown, path: string, method: string): ContractOperation {
  if (!isObject(document) || !isObject(document.paths)) throw new ContractError('not an OpenAPI document: no "paths"');
  const paths = document.paths;
  const key = Object.hasOwn(paths, path)
    ? path
    : (Object.keys(paths).find((p) => p.endsWith(path)) ??
      Object.keys(paths).find(
        (p) => isObject(paths[p]) && isObject(paths[p][method.toLowerCase()]) && templatePattern(p)?.test(path) === true,
      ));
  const item = key === undefined ? undefined : paths[key];
  const op = isObject(item) ? item[method.toLowerCase()] : undefined;
  if (!isObject(op)) throw new ContractError(`it has no ${method.toUpperCase()} ${path}`);
  const content = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content : undefined;
  const mediaKey =
    content === undefined
      ? undefined
      : (Object.keys(content).find((k) => /^application\/json\b/i.test(k)) ?? Object.keys(content).find((k) => /json/i.test(k)));
  const media = content !== undefined && mediaKey !== undefined ? content[mediaKey] : undefined;
  if (!isObject(media) || !('schema' in media)) throw new ContractError(`${method.toUpperCase()} ${path} has no JSON request body schema`);
  const responses: ContractOperation['responses'] = {};
  for (const [status, response] of Object.entries(isObject(op.responses) ? op.responses : {})) {
    const codes = errorCodes(response);
    responses[status] = codes === undefined ? {} : { errorCodes: codes };
  }
  // A schema ajv cannot compile (an OpenAPI 3.0 `exclusiveMinimum: true`, a bad pattern) is refused here, before anything is sent.
  try {
    checkContractSchema(media.schema as object);
  } catch (error) {
    throw new ContractError(`its request body schema is not JSON Schema 2020-12 (${(error as Error).message.split('\n')[0] ?? ''})`);
  }
  return { requestSchema: media.schema, responses };
}

/** `error.code`'s enum or const in the response's JSON body schema, when it names any. */
function errorCodes(response: unknown): string[] | undefined {
  if (!isObject(response) || !isObject(response.content)) return undefined;
  for (const media of Object.values(response.content)) {
    const schema = isObject(media) ? media.schema : undefined;
    const error = isObject(schema) && isObject(schema.properties) ? schema.properties.error : undefined;
    const code = isObject(error) && isObject(error.properties) ? error.properties.code : undefined;
    if (!isObject(code)) continue;
    if (typeof code.const === 'string') return [code.const];
    if (Array.isArray(code.enum)) return code.enum.filter((c): c is string => typeof c === 'string');
  }
  return undefined;
}
