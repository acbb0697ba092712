/**
 * The properties an error points at, by its structure: a path in any of the spellings frameworks use (pydantic
 * `loc: ["body", "resource"]`, zod `path: ["resource", 0]`, ajv `instancePath: "/resource"` or
 * `params.missingProperty`, JSON:API `source.pointer: "/data/attributes/resource"`, Prism `location: ["body",
 * "resource"]`, express-validator `path`, class-validator `property`, Spring `field`, Litestar `key`, the spec's
 * own `target`; a path whose steps are objects, `[{key: "resource"}]`), or a location with the names it holds
 * (hapi's `{source: "payload", keys: ["resource"]}`, `{in: "body", name: "resource"}`).
 *
 * A name is the path without where the value was (`body`, `query`, `#`, `data/attributes`, ...), its steps joined
 * by dots: `resource`, `resource.0`, `create.request.resource` (a method and its parameter before the property, as
 * Bean Validation writes it). Which step is an operation field is asked with the fields (./field-names.ts).
 */
import { isObject, type Json } from '../json.js';

/** Characters kept of a name: a hostile target may name a megabyte-long property. */
export const MAX_NAME = 200;
/** Steps of a path kept. */
const MAX_STEPS = 16;

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
  'payload',
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
  'key',
  'target',
  'location',
];
/** The same at the top of a body, where `path` and `location` are the request's own (Spring's `path: "/subscriptions"`). */
const TOP_PATH_KEYS = ['loc', 'instancePath', 'pointer', 'propertyPath', 'property', 'field', 'param', 'target'];
/** Keys of a step that is an object: `[{key: "resource"}]`. */
const STEP_KEYS = ['key', 'field', 'name', 'property'];
/** Where a location object says the value was, and the keys that hold the names in it. */
const LOCATION_KEYS = ['source', 'in', 'location'];
const LOCATION_NAME_KEYS = ['keys', 'names', 'fields', 'name', 'key', 'field', 'parameter'];
/** Objects beside an entry that say which property was missing or extra (ajv `params`, LoopBack `info`, Joi `context`). */
const DETAIL_KEYS = ['params', 'info', 'context'];

/** The name a path gives, or undefined (a bare location such as Prism's `["body"]`, an empty pointer). */
export function pathName(path: unknown): string | undefined {
  let parts: string[];
  if (Array.isArray(path)) parts = path.slice(0, MAX_STEPS).flatMap(stepOf);
  else if (typeof path === 'string') parts = splitPath(path);
  else return undefined;
  parts = parts
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .slice(0, MAX_STEPS);
  let at = 0;
  while (at < parts.length - 1 && PREFIXES.has((parts[at] as string).toLowerCase())) at += 1;
  const first = parts[at];
  if (first === undefined || WHERE.has(first.toLowerCase())) return undefined;
  return clean(parts.slice(at).join('.'));
}

/** One step of a path given as a list: a name, an index, or an object that holds the name. */
function stepOf(step: unknown): string[] {
  if (typeof step === 'string') return [step];
  if (typeof step === 'number' && Number.isInteger(step)) return [String(step)];
  if (isObject(step)) {
    const name = STEP_KEYS.map((k) => step[k]).find((v) => typeof v === 'string' || typeof v === 'number');
    return name === undefined ? [] : [String(name)];
  }
  return [];
}

/** `/resource/0`, `$.resource`, `body.resource`, `resource[0]`, `#/data/attributes/resource` -> their steps. */
function splitPath(path: string): string[] {
  const text = path.length > 4 * MAX_NAME ? path.slice(0, 4 * MAX_NAME) : path;
  if (text.includes('/')) return text.split('/').map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
  return text.split(/[.[\]]/);
}

/**
 * The names one entry of a list of errors points at: its path, else the names of a location in it, else what its
 * details say was missing or extra. `top`: the entry is the whole body, whose `path` is the request's.
 */
export function entryNames(entry: Json, top = false): string[] {
  for (const key of top ? TOP_PATH_KEYS : PATH_KEYS) {
    const name = pathName(entry[key]);
    if (name !== undefined) return [name];
  }
  const located = locationNames(entry);
  if (located !== undefined && located.length > 0) return located;
  const source = entry['source'];
  if (isObject(source)) {
    const name = pathName(source['pointer']) ?? pathName(source['parameter']);
    if (name !== undefined) return [name];
  }
  for (const key of DETAIL_KEYS) {
    const details = entry[key];
    if (!isObject(details)) continue;
    const name = pathName(details['missingProperty']) ?? pathName(details['additionalProperty']);
    if (name !== undefined) return [name];
  }
  return [];
}

/**
 * The names a location object holds (`{source: "payload", keys: ["resource"]}`, `{in: "body", name:
 * "resource"}`), or undefined when the object is no location: it says where (a string under `source`, `in` or
 * `location`) and which (a string or a list of them under `keys`, `name`, ...). Such an object is never a map of
 * property to errors.
 */
export function locationNames(value: Json): string[] | undefined {
  if (!LOCATION_KEYS.some((k) => typeof value[k] === 'string')) return undefined;
  const key = LOCATION_NAME_KEYS.find((k) => typeof value[k] === 'string' || Array.isArray(value[k]));
  if (key === undefined) return undefined;
  const held = value[key];
  const listed = Array.isArray(held) ? held.slice(0, MAX_STEPS) : [held];
  return [...new Set(listed.flatMap((n) => (typeof n === 'string' ? [pathName(n)] : [])).filter((n) => n !== undefined))];
}

/** A key of an errors map as the name it gives (`$.ChangeType` -> `ChangeType`, `address.city` stays a path). */
export function keyName(key: string): string | undefined {
  return pathName(key);
}

/** Whether a key of an entry holds its path (whose steps may be objects: never entries of their own). */
export const isPathKey = (key: string): boolean => PATH_KEYS.includes(key);

/** Whether a key of a map says where the values under it were (`{"json": {"resource": [...]}}`): looked through. */
export const isLocationWord = (key: string): boolean => WHERE.has(key.toLowerCase());

function clean(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return undefined;
  return trimmed.length > MAX_NAME ? `${trimmed.slice(0, MAX_NAME)}…` : trimmed;
}
