/**
 * The report's roles and rule: the answers' own (lib/inference, a role stated only when every way the
 * unknown combinations could go gives it), and, after an exact adaptive exploration, the explorer's
 * where the answers alone leave them open. Above EXHAUSTIVE_MAX_FIELDS most combinations are never
 * sent, so the answers alone leave nearly every role `undetermined`; an exact exploration has found
 * the only rule of its class that fits every answer, which is worth stating, but only as what it is:
 * each such role, and the rule, carry `basis: 'explorer'` and the assumptions it rests on.
 *
 * What keeps it honest: the explorer's rule is checked against every answer (true on each accepted
 * combination, false on each rejected one), its roles and dependencies against every accepted one,
 * and its roles against the roles the answers alone decide; a role is taken only where the answers
 * say `undetermined` and list the explorer's role among the possible ones. Any disagreement and the
 * report keeps the answers' own, saying why in `rule.explorerNotUsed`.
 */
import type { ExplorationRecord } from '../case-record.js';
import { fieldIndex, formatCombination, maskOf, presentOf } from '../inference/combinations.js';
import { evaluate, ExpressionSyntaxError, fieldsOf, parseExpression } from '../inference/expression.js';
import { dependenciesExact } from '../inference/idl.js';
import type { DeterminedRole, FieldRole, Observation, PresenceInference, PresenceRole } from '../inference/types.js';
import type { BehaviourReport, ReportedRole } from './types.js';

/** The assumption every explored rule makes, first in `assumptions`. */
export const EXPLORER_CLASS_ASSUMPTION =
  "the target's rule is of the explorer's class (required, forbidden and optional fields plus a few IDL dependencies between small groups of fields)";

export interface ReportedPresence {
  /** Undefined when nothing was accepted (the report's `diagnosis` says why). */
  roles: Record<string, ReportedRole> | undefined;
  rule: BehaviourReport['rule'];
}

const WHY: Record<DeterminedRole, (name: string) => string> = {
  required: (name) => `${name} is in every body the explorer's rule accepts`,
  forbidden: (name) => `${name} is in no body the explorer's rule accepts`,
  optional: (name) => `adding or removing ${name} never changes what the explorer's rule accepts`,
  conditional: (name) => `whether a body with ${name} is accepted depends on other fields under the explorer's rule (see the dependencies)`,
};

/**
 * `observations`: every combination the report's matrix holds (the exploration's and any other
 * case's), from which the known answers are read.
 */
export function reportedPresence(
  fields: readonly string[],
  inference: PresenceInference,
  observations: readonly Observation[],
  exploration: ExplorationRecord | undefined,
): ReportedPresence {
  const answersOnly: ReportedPresence = {
    roles: inference.roles,
    rule: {
      expression: inference.rule.expression,
      dependencies: inference.rule.dependencies.map((d) => d.text),
      dependencyDetails: inference.rule.dependencies,
      dependenciesExact: inference.rule.dependenciesExact,
      unknown: inference.rule.unknown,
    },
  };
  // Not exact (several rules fit, or none of the class) or not adaptive (the exhaustive matrix is the answers): today's report.
  if (exploration?.strategy !== 'adaptive' || !exploration.exact || inference.roles === undefined) return answersOnly;
  const answeredRoles = inference.roles;

  const verdicts = knownVerdicts(fields, observations);
  const problem = disagreement(fields, exploration, verdicts, answeredRoles);
  if (problem !== undefined) return { ...answersOnly, rule: { ...answersOnly.rule, explorerNotUsed: problem } };

  const assumptions = [EXPLORER_CLASS_ASSUMPTION, ...exploration.assumptions];
  const roles: Record<string, ReportedRole> = {};
  for (const name of fields) {
    const answered = answeredRoles[name];
    if (answered === undefined) continue;
    const explored = exploration.roles[name];
    roles[name] =
      answered.presence === 'undetermined' && isDetermined(explored) && (answered.possible ?? []).includes(explored)
        ? { presence: explored, explanation: explorerExplanation(name, explored, answered), basis: 'explorer', assumptions }
        : answered;
  }
  return {
    roles,
    rule: {
      expression: exploration.rule,
      dependencies: exploration.dependencies.map((d) => d.text),
      dependencyDetails: exploration.dependencies,
      dependenciesExact: dependenciesExact(fields, roles, exploration.dependencies, verdicts),
      unknown: inference.rule.unknown,
      basis: 'explorer',
      assumptions,
    },
  };
}

function isDetermined(role: PresenceRole | undefined): role is DeterminedRole {
  return role !== undefined && role !== 'undetermined';
}

function explorerExplanation(name: string, role: DeterminedRole, answered: FieldRole): string {
  const open = (answered.possible ?? []).join(' or ');
  const count = answered.hangsOnCount ?? 0;
  return `${WHY[role](name)}; the answers alone leave it ${open}, hanging on ${count} combination${count === 1 ? '' : 's'} not answered.`;
}

/** mask -> accepted, for every combination with an accepted or rejected answer. */
function knownVerdicts(fields: readonly string[], observations: readonly Observation[]): Map<number, boolean> {
  const index = fieldIndex(fields);
  const verdicts = new Map<number, boolean>();
  for (const o of observations) {
    const mask = maskOf(index, o.present);
    if (mask !== undefined && (o.outcome === 'accepted' || o.outcome === 'rejected')) verdicts.set(mask, o.outcome === 'accepted');
  }
  return verdicts;
}

/** Why the explorer's rule, roles or dependencies cannot be stated beside the answers, or undefined when they can. */
function disagreement(
  fields: readonly string[],
  exploration: ExplorationRecord,
  verdicts: ReadonlyMap<number, boolean>,
  answeredRoles: Readonly<Record<string, FieldRole>>,
): string | undefined {
  const lead = `the explorer's exact rule ${exploration.rule} is not used`;
  let expr;
  try {
    expr = parseExpression(exploration.rule);
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) return `${lead}: it cannot be read back (${error.message})`;
    throw error;
  }
  const stranger = fieldsOf(expr).find((f) => !fields.includes(f));
  if (stranger !== undefined) return `${lead}: it names ${stranger}, not a field of the operation`;
  for (const [mask, accepted] of verdicts) {
    const present = presentOf(fields, mask);
    if (evaluate(expr, new Set(present)) !== accepted) {
      return `${lead}: it ${accepted ? 'rejects' : 'accepts'} ${formatCombination(present)}, which the target ${accepted ? 'accepted' : 'rejected'}`;
    }
  }
  for (const name of fields) {
    const answered = answeredRoles[name]?.presence;
    const explored = exploration.roles[name];
    if (answered !== undefined && answered !== 'undetermined' && explored !== answered) {
      return `${lead}: it makes ${name} ${explored ?? 'no role'}, the answers alone ${answered}`;
    }
  }
  // Roles and dependencies must hold on every accepted combination (they may say less than the rule, never other).
  const accepted = new Map([...verdicts].filter(([, ok]) => ok));
  const explorerRoles = Object.fromEntries(Object.entries(exploration.roles).map(([name, presence]) => [name, { presence, explanation: '' }]));
  if (!dependenciesExact(fields, explorerRoles, exploration.dependencies, accepted)) {
    return `${lead}: its roles and dependencies reject a combination the target accepted`;
  }
  return undefined;
}
