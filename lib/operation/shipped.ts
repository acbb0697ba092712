/** The descriptions shipped in operations/, found from the tool's folder whatever the working folder. */
import { join } from 'node:path';
import { TOOL_ROOT } from '../tool-root.js';
import { loadOperationFile } from './description/load.js';
import type { OperationSpec } from './types.js';

export { TOOL_ROOT };

/** The description every command uses unless OPERATION (or --operation) names another. */
export const DEFAULT_OPERATION_FILE = 'operations/drive-subscription-v2.json';

/** A shipped description, compiled; `file` as under the tool's folder, e.g. operations/graph-subscription-v1.json. */
export function shippedOperation(file: string): OperationSpec {
  return loadOperationFile(join(TOOL_ROOT, file), file);
}
