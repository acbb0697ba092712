/** The descriptions shipped in operations/, found from the tool's folder whatever the working folder. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { loadOperationFile } from './description/load.js';
import type { OperationSpec } from './types.js';

/**
 * The tool's own folder (the one holding operations/ and package.json): the nearest folder above this module
 * with a package.json. Searched rather than a fixed `../..`, because the compiled module sits one level deeper,
 * in dist/lib/operation/, while the sources' layout is lib/operation/.
 */
export const TOOL_ROOT = packageRoot(fileURLToPath(new URL('.', import.meta.url)));

function packageRoot(folder: string): string {
  for (let at = folder; ; at = dirname(at)) {
    if (existsSync(join(at, 'package.json'))) return at;
    if (dirname(at) === at) throw new Error(`no package.json in ${folder} or any folder above it`);
  }
}

/** The description every command uses unless OPERATION (or --operation) names another. */
export const DEFAULT_OPERATION_FILE = 'operations/drive-subscription-v2.json';

/** A shipped description, compiled; `file` as under the tool's folder, e.g. operations/graph-subscription-v1.json. */
export function shippedOperation(file: string): OperationSpec {
  return loadOperationFile(join(TOOL_ROOT, file), file);
}
