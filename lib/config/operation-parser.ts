/**
 * OPERATION: the operation description file the probe sends (lib/operation/description). Read,
 * validated and compiled while the settings load, so that a broken file stops every command before
 * any request, with one line per problem naming the file and the JSON pointer.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { loadOperationFile } from '../operation/description/load.js';
import { TOOL_ROOT } from '../operation/shipped.js';
import type { OperationSpec } from '../operation/types.js';
import type { Parser } from './parsers.js';
import { OperationFileError } from '../errors.js';

export { DEFAULT_OPERATION_FILE } from '../operation/shipped.js';

/** Relative to the working folder; failing that, to the tool's folder (the shipped descriptions). */
export function resolveOperationPath(raw: string, cwd: string): string {
  const path = raw.trim();
  if (isAbsolute(path)) return path;
  const fromCwd = resolve(cwd, path);
  if (existsSync(fromCwd)) return fromCwd;
  const shipped = resolve(TOOL_ROOT, path);
  return existsSync(shipped) ? shipped : fromCwd;
}

export const operationParser: Parser<OperationSpec> = {
  accepts: "path of an operation description (.json, .yaml), relative to the working folder or the tool's (operations/)",
  parse: (raw, ctx) => {
    try {
      return { ok: true, value: loadOperationFile(resolveOperationPath(raw, ctx.cwd), raw.trim()) };
    } catch (error) {
      if (!(error instanceof OperationFileError)) throw error;
      // One problem per line: the loader prefixes each with the setting's name.
      return { ok: false, problem: error.problems.join('\n') };
    }
  },
};
