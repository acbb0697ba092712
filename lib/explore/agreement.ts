/**
 * When several rules of the supported class fit every answer (the budget ran out before a request
 * could split them), the explorer reports the first one's expression and says so in `unresolved`.
 * Its roles and dependencies, though, are only those every fitting rule agrees on: a field whose
 * role differs between them is `undetermined`, and a dependency is kept only if every one of them
 * states it. Anything else would claim more than the answers plus the class assumption allow.
 */
import type { IdlStatement, PresenceRole } from '../inference/types.js';
import { describeModel, type ModelDescription, type RuleModel } from './rule-model.js';

/** Fitting rules described one by one, at most; past it the fields they tie are all undetermined. */
const MAX_DESCRIBED = 32;

export function describeAgreement(fields: readonly string[], models: readonly RuleModel[]): ModelDescription {
  const [first, ...others] = models;
  if (first === undefined) throw new Error('describeAgreement: no rule to describe');
  const head = describeModel(fields, first);
  if (others.length === 0) return head;
  if (models.length > MAX_DESCRIBED) {
    // The rules differ only in their statements: the fields those mention may take any role.
    const tied = new Set(models.flatMap((m) => m.statements.flatMap((s) => s.members.map((i) => fields[i] as string))));
    return {
      expression: head.expression,
      expr: head.expr,
      roles: head.roles === undefined ? undefined : mapRoles(head.roles, (name, role) => (tied.has(name) ? 'undetermined' : role)),
      dependencies: [],
    };
  }
  const rest = others.map((m) => describeModel(fields, m));
  const roles =
    head.roles === undefined || rest.some((d) => d.roles === undefined)
      ? undefined
      : mapRoles(head.roles, (name, role) => (rest.every((d) => d.roles?.[name] === role) ? role : 'undetermined'));
  const inAll = (d: IdlStatement): boolean => rest.every((other) => other.dependencies.some((o) => o.text === d.text));
  return { expression: head.expression, expr: head.expr, roles, dependencies: head.dependencies.filter(inAll) };
}

function mapRoles(
  roles: Record<string, PresenceRole>,
  f: (name: string, role: PresenceRole) => PresenceRole,
): Record<string, PresenceRole> {
  return Object.fromEntries(Object.entries(roles).map(([name, role]) => [name, f(name, role)]));
}
