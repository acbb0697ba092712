/**
 * The property an error entry points at, by its structure: a path in any of the spellings frameworks use
 * (pydantic `loc: ["body", "resource"]`, zod `path: ["resource", 0]`, ajv `instancePath: "/resource"` or
 * `params.missingProperty`, JSON:API `source.pointer: "/data/attributes/resource"`, Prism `location:
 * ["body", "resource"]`, express-validator `path`, class-validator `property`, Spring `field`, the spec's own
 * `target`), reduced to the top field of the request body: where the value was (`body`, `query`, ...) is
 * dropped, and so is anything below the top field (`resource/0`, `resource.id`).
 */
import { isObject, type Json } from '../json.js';

/** Characters kept of a name: a hostile target may name a megabyte-long property. */
export const MAX_NAME = 200;

/** Words that say where a value was, not which property: never a name, even alone (Prism's `["body"]`). */
const WHERE = new Set([
  'body',
  'query',
  'header',
  'headers',
  'cookie',
  'cookies',
  'request',
  'requestbody',
  'form',
  'formdata',
  'json',
  '$',
  '#',
]);
/** Words skipped at the start of a longer path (`data/attributes/resource`, `["path", "id"]`), a name when alone. */
const PREFIXES = new Set([...WHERE, 'path', 'params', 'data', 'attributes']);

/** Keys of an entry that hold its path, most specific first (a path before a location word, as express-validator has both). */
const PATH_KEYS = [
  'loc',
  'path',
  'instancePath',
  'dataPath',
  'pointer',
  'propertyPath',
  'property',
  'field',
  'param',
  'target',
  'location',
];

/** The top field a path names, or undefined (a bare location such as Prism's `["body"]`, an empty pointer). */
export function pathName(path: unknown): string | undefined {
  let parts: string[];
  if (Array.isArray(path)) parts = path.slice(0, 16).filter((p): p is string => typeof p === 'string');
  else if (typeof path === 'string') parts = splitPath(path);
  else return undefined;
  parts = parts.map((p) => p.trim()).filter((p) => p !== '');
  let at = 0;
  while (at < parts.length - 1 && PREFIXES.has((parts[at] as string).toLowerCase())) at += 1;
  const name = parts[at];
  if (name === undefined || WHERE.has(name.toLowerCase())) return undefined;
  return clean(name);
}

/** `/resource/0`, `$.resource`, `body.resource`, `resource[0]`, `#/data/attributes/resource` -> their segments. */
function splitPath(path: string): string[] {
  const text = path.length > 4 * MAX_NAME ? path.slice(0, 4 * MAX_NAME) : path;
  if (text.includes('/')) return text.split('/').map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
  return text.split(/[.[\]]/);
}

/** The property one entry of a list of errors points at. */
export function entryName(entry: Json): string | undefined {
  for (const key of PATH_KEYS) {
    const name = pathName(entry[key]);
    if (name !== undefined) return name;
  }
  const source = entry['source'];
  if (isObject(source)) {
    const name = pathName(source['pointer']) ?? pathName(source['parameter']);
    if (name !== undefined) return name;
  }
  const params = entry['params'];
  if (isObject(params)) return pathName(params['missingProperty']) ?? pathName(params['additionalProperty']);
  return undefined;
}

/** A key of an errors map as the property it names (`$.ChangeType` -> `ChangeType`, `address.city` -> `address`). */
export function keyName(key: string): string | undefined {
  return pathName(key);
}

function clean(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return undefined;
  return trimmed.length > MAX_NAME ? `${trimmed.slice(0, MAX_NAME)}…` : trimmed;
}
