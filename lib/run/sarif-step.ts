/**
 * Where results.sarif points: the operation description the run probed, as the repository names it, with the line of
 * each field in it. The file itself is an output (lib/report/report-outputs.ts).
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { resolveOperationPath } from '../config/operation-parser.js';
import type { Settings } from '../config/types.js';
import { fieldLines, type SarifArtifact } from '../report/render-sarif.js';

/** The operation's file: the OpenAPI document it was built from, else its description file; as given when none is known. */
export interface OperationFile {
  /** Where to read it, when there is a file. */
  path?: string;
  /** As SARIF names it: relative to the working folder (the repository's root in CI), `/`-separated. */
  uri: string;
}

export function operationFile(settings: Settings, cwd: string): OperationFile {
  const { openapi, operation } = settings.target;
  const path = openapi ?? (operation.source !== undefined ? resolveOperationPath(operation.source, cwd) : undefined);
  if (path === undefined) return { uri: `${operation.id}.operation.json` };
  const rel = relative(cwd, path);
  // A file outside the working folder (a tool installed elsewhere) is named as it was given: code scanning shows
  // results on files of the repository only, and an absolute path names a machine's folders.
  const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  return { path, uri: (inside ? rel : (operation.source ?? rel)).split(sep).join('/') };
}

/** The artifact SARIF's results point to: the file and the line of each field in it (none without its text). */
export function sarifArtifact(file: OperationFile, fields: readonly string[]): SarifArtifact {
  let text = '';
  try {
    if (file.path !== undefined) text = readFileSync(file.path, 'utf8');
  } catch {
    // Without the file's text, results point to the file, not to a line of it.
  }
  return { uri: file.uri, fieldLines: fieldLines(text, fields) };
}
