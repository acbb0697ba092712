/**
 * Ground truth from a rule expression: the accept/reject answer of every combination, and the
 * roles a perfect probe would infer. Property tests and baseline comparison use it.
 */
import { expect } from 'vitest';
import { combinations } from '../../lib/rule/field-set.js';
import { evaluate, parseExpression, type Expr } from '../../lib/rule/expression.js';
import { rolesOf } from '../../lib/inference/roles.js';
import type { FieldRole } from '../../lib/inference/types.js';
import type { BehaviourReport } from '../../lib/report/types.js';

/** `table[mask]`: whether the rule accepts the combination with field i present iff bit i is set. */
export function truthTable(fields: readonly string[], rule: string | Expr): boolean[] {
  const expr = typeof rule === 'string' ? parseExpression(rule) : rule;
  return combinations(fields).map((present) => evaluate(expr, new Set(present)));
}

/** Roles over all 2^n combinations of the rule; undefined when the rule accepts nothing. */
export function rolesFromRule(fields: readonly string[], acceptExpression: string | Expr): Record<string, FieldRole> | undefined {
  const verdicts = new Map(truthTable(fields, acceptExpression).map((ok, mask) => [mask, ok] as const));
  return rolesOf(fields, verdicts);
}

/** The rule a report inferred accepts exactly what `accept` accepts, over every combination of its fields. */
export function expectRuleOf(report: Pick<BehaviourReport, 'operation' | 'rule'>, accept: string | Expr, message?: string): void {
  const fields = report.operation.fields;
  expect(truthTable(fields, report.rule.expression), message).toEqual(truthTable(fields, accept));
}
