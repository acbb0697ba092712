/**
 * The tool's own folder (the one holding operations/ and package.json): the nearest folder above this module with a
 * package.json. Searched rather than a fixed `..`, because the compiled module sits one level deeper, in dist/lib/,
 * while the sources' layout is lib/. A module of its own, importing nothing of the tool, so that the launcher can
 * read the version without loading what the commands load.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TOOL_ROOT = packageRoot(fileURLToPath(new URL('.', import.meta.url)));

function packageRoot(folder: string): string {
  for (let at = folder; ; at = dirname(at)) {
    if (existsSync(join(at, 'package.json'))) return at;
    if (dirname(at) === at) throw new Error(`no package.json in ${folder} or any folder above it`);
  }
}
