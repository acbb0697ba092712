import type { OperationSpec, ValueContext } from '../operation/types.js';

/**
 * A body with exactly the `present` fields, each at its good value (so that the outcome
 * speaks of presence alone), plus any `overrides` (value-level probes put one bad value in), each field under
 * its own name or the one `names` gives it (a name in another letter case).
 */
export function buildBody(
  operation: OperationSpec,
  present: readonly string[],
  ctx: ValueContext,
  overrides: Record<string, unknown> = {},
  names: Readonly<Record<string, string>> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of operation.fields) {
    if (!present.includes(field.name)) continue;
    // defineProperty: a name such as __proto__ stays a property.
    Object.defineProperty(body, names[field.name] ?? field.name, {
      value: field.name in overrides ? overrides[field.name] : field.good(ctx),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return body;
}
