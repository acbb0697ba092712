/**
 * Observations as a target that follows a rule would give them. For the inference tests only
 * (nothing outside tests imports it).
 */
import { combinations } from '../../lib/rule/field-set.js';
import { evaluate, parseExpression } from '../../lib/rule/expression.js';
import type { Observation } from '../../lib/inference/types.js';

export interface Answer {
  status: number;
  errorCode?: string;
  errorMessage?: string;
}

/** Accepted (201) where `rule` holds; elsewhere `reject(present)`, by default a bare 400 invalidRequest. */
export function observe(
  fields: readonly string[],
  rule: string,
  reject: (present: string[]) => Answer = () => ({ status: 400, errorCode: 'invalidRequest' }),
): Observation[] {
  const expr = parseExpression(rule);
  return combinations(fields).map((present) =>
    evaluate(expr, new Set(present)) ? { present, outcome: 'accepted', status: 201 } : { present, outcome: 'rejected', ...reject(present) },
  );
}

/** Every combination answered with the same status (null: no answer, outcome `error`). */
export function answeredAll(fields: readonly string[], status: number | null): Observation[] {
  return combinations(fields).map((present) =>
    status === null ? { present, outcome: 'error', status: null } : { present, outcome: 'rejected', status },
  );
}

/** A sum of minterms that is true exactly where `table` is (`false` when nowhere). */
export function mintermExpression(fields: readonly string[], table: readonly boolean[]): string {
  const terms = table.flatMap((ok, mask) =>
    ok ? [`(${fields.map((name, i) => ((mask & (1 << i)) !== 0 ? name : `!${name}`)).join(' && ')})`] : [],
  );
  return terms.length === 0 ? 'false' : terms.join(' || ');
}
