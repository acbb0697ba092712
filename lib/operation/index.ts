import { DEFAULT_OPERATION_FILE, shippedOperation } from './shipped.js';
import type { OperationSpec } from './types.js';

/**
 * The shipped drive operation (operations/drive-subscription-v2.json), compiled: what the probe sends
 * when OPERATION names no other. The suites read config.operation; tests and the benchmark use this.
 */
export const subscriptionCreate: OperationSpec = shippedOperation(DEFAULT_OPERATION_FILE);

export { DEFAULT_OPERATION_FILE, shippedOperation, TOOL_ROOT } from './shipped.js';
export { loadOperationFile } from './description/load.js';
export type { OperationSpec, FieldSpec, LimitSearch, ValueClass, ValueContext, ValueExpectation } from './types.js';
