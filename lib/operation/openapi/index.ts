/** OpenAPI 3.0/3.1 -> operation description -> the OperationSpec the probe runs, in one call. */
import { basename, isAbsolute, relative, resolve } from 'node:path';
import { compileOperation } from '../description/compile.js';
import type { OperationDescription } from '../description/types.js';
import { validateDescription } from '../description/validate.js';
import type { OperationSpec } from '../types.js';
import { buildDescription, type BuildOptions, type BuiltDescription } from './build-description.js';
import { readOpenApi, type OpenApiDocument } from './read-document.js';
import { OpenApiError } from '../../errors.js';

export { buildDescription, type BuiltDescription } from './build-description.js';
export { readOpenApi, type OpenApiDocument } from './read-document.js';
export { allOperations, type FoundOperation } from './find-operation.js';

/**
 * How a document is named in what is built from it (the description's summary and spec references, which land in
 * files a run writes): relative to the working folder when it is inside it, else its file name alone, never a
 * machine's absolute path.
 */
export function documentLabel(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, resolve(cwd, path));
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split('\\').join('/') : basename(path);
}

/** Reads the document and builds the description; `label` names the file in messages. */
export async function describeFromOpenApi(
  path: string,
  operationId: string,
  label = path,
  options: BuildOptions = {},
): Promise<BuiltDescription> {
  return buildDescription(await readOpenApi(path, label), operationId, options);
}

/**
 * The operation to probe, straight from an OpenAPI document: refused, one line per item, while the
 * document leaves a good value or a path parameter to the user (write it out with npm run operation).
 */
export async function operationFromOpenApi(
  path: string,
  operationId: string,
  label = path,
  pathValues?: Readonly<Record<string, string>>,
): Promise<{ operation: OperationSpec; description: OperationDescription }> {
  return operationFromDocument(await readOpenApi(path, label), operationId, pathValues);
}

/** operationFromOpenApi on a document already read: a campaign reads it once for all its operations. */
export function operationFromDocument(
  doc: OpenApiDocument,
  operationId: string,
  pathValues?: Readonly<Record<string, string>>,
): { operation: OperationSpec; description: OperationDescription } {
  const label = doc.label;
  const built = buildDescription(doc, operationId, pathValues === undefined ? {} : { pathValues });
  if (built.needs.length > 0) {
    throw new OpenApiError([
      ...built.needs.map((n) => `${label} ${operationId}: ${n}`),
      `${label}: write the description with npm run operation -- --openapi ${label} --operation-id ${operationId} > op.json, complete it, and give OPERATION=op.json`,
    ]);
  }
  const checked = validateDescription(built.description);
  if (!checked.valid) throw new OpenApiError(checked.problems.map((p) => `${label} ${operationId} (as a description): ${p}`));
  return { operation: compileOperation(checked.description, `${label}#${operationId}`), description: checked.description };
}
