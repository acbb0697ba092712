import { escapePointer, formatAjvError } from '../schema/ajv-error.js';
import { shippedSchemaValidator } from '../schema/shipped-schema.js';
import type { Baseline } from './types.js';

export type BaselineValidation = { valid: true; baseline: Baseline } | { valid: false; errors: string[] };

const validator = shippedSchemaValidator('baseline');

/**
 * Checks a value against baseline.schema.json, then that every field it names is one of
 * `operation.fields` (the schema cannot say that). Errors read `/matrix/3/outcome: must be one of …`.
 */
export function validateBaseline(value: unknown): BaselineValidation {
  const validate = validator();
  if (!validate(value)) return { valid: false, errors: [...new Set((validate.errors ?? []).map(formatAjvError))] };
  const baseline = value as Baseline;
  const known = new Set(baseline.operation.fields);
  const errors: string[] = [];
  for (const name of Object.keys(baseline.fields)) {
    if (!known.has(name)) errors.push(`/fields/${escapePointer(name)}: is not one of operation.fields`);
  }
  for (const name of Object.keys(baseline.values)) {
    if (!known.has(name)) errors.push(`/values/${escapePointer(name)}: is not one of operation.fields`);
  }
  baseline.matrix.forEach((combo, i) =>
    combo.present.forEach((name, j) => {
      if (!known.has(name)) errors.push(`/matrix/${i}/present/${j}: "${name}" is not one of operation.fields`);
    }),
  );
  return errors.length === 0 ? { valid: true, baseline } : { valid: false, errors };
}
