import { subscriptionCreate } from './subscription-create.js';
import type { OperationSpec } from './types.js';

/** Operations the suite knows, by id. A second operation is one more entry here. */
export const OPERATIONS: Record<string, OperationSpec> = {
  [subscriptionCreate.id]: subscriptionCreate,
};

export { subscriptionCreate };
export type { OperationSpec, FieldSpec, LimitSearch, ValueClass, ValueContext, ValueExpectation } from './types.js';
