/**
 * The YAML parser for the readers of files the settings may name (an operation description, an OpenAPI document, a
 * contract, an expectations file), loaded at the first file that needs it rather than by every command that could
 * read one: a run of JSON files and defaults sends its first request without it. Synchronous, for the readers that are.
 */
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

let loaded: typeof Yaml | undefined;

export function yaml(): typeof Yaml {
  loaded ??= createRequire(import.meta.url)('yaml') as typeof Yaml;
  return loaded;
}
