/**
 * When no rule of the supported class fits (or nothing settled it), the rule says only what was
 * seen: lib/inference's minimal expression over the observed combinations, the others don't-cares.
 */
import { inferDependencies } from '../inference/idl.js';
import { minimize } from '../inference/minimize.js';
import { sumOfProductsExpr } from '../inference/sum-of-products.js';
import { rolesOf } from '../inference/roles.js';
import type { ModelDescription } from './rule-model.js';
import type { ProbeSession } from './session.js';

export function describeObservations(session: ProbeSession): ModelDescription {
  const { fields } = session;
  const verdicts = new Map<number, boolean>(session.log.map((m) => [m, session.verdict(m) === true] as const));
  const accepted = [...verdicts].filter(([, ok]) => ok).map(([m]) => m);
  const rejected = [...verdicts].filter(([, ok]) => !ok).map(([m]) => m);
  const roles = rolesOf(fields, verdicts);
  const minimized = minimize(fields, accepted, rejected);
  return {
    expression: minimized.expression,
    expr: sumOfProductsExpr(fields, minimized.cubes),
    roles: roles === undefined ? undefined : Object.fromEntries(Object.entries(roles).map(([name, role]) => [name, role.presence])),
    dependencies: roles === undefined ? [] : inferDependencies(fields, roles, verdicts).dependencies,
  };
}
