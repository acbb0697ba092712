import type { OperationSpec, ValueContext } from '../operation/types.js';

/**
 * A body with exactly the `present` fields, each at its good value (so that the outcome
 * speaks of presence alone), plus any `overrides` (value-level probes put one bad value in).
 */
export function buildBody(
  operation: OperationSpec,
  present: readonly string[],
  ctx: ValueContext,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of operation.fields) {
    if (present.includes(field.name)) body[field.name] = field.name in overrides ? overrides[field.name] : field.good(ctx);
  }
  return body;
}
