/** Paths as the user would type them. */
import { isAbsolute, relative } from 'node:path';

/** A path relative to the working folder when it is inside it, as the user would type it. */
export function shortPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}
