/**
 * The report's roles and rule: the answers' own (lib/inference, a role stated only when every way the
 * unknown combinations could go gives it), and, after an exact adaptive exploration, the explorer's
 * where the answers alone leave them open. Above EXHAUSTIVE_MAX_FIELDS most combinations are never
 * sent, so the answers alone leave nearly every role `undetermined`; an exact exploration has found
 * the only rule of its class that fits every answer, which is worth stating, but only as what it is:
 * each such role, and the rule, carry `basis: 'explorer'` and the assumptions it rests on.
 *
 * What keeps it honest: the worker decided, when the exploration ended, whether the explorer's rule agrees
 * with every answer (lib/presence/explorer-check.ts); a role is taken only where the answers say
 * `undetermined` and list the explorer's role among the possible ones. A rule not used leaves the report
 * with the answers' own, saying why in `rule.explorerNotUsed`.
 */
import type { ExplorationRecord } from '../case-record.js';
import { explorerRuleProblem, knownVerdicts } from '../presence/explorer-check.js';
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
  /** The report merges shards: their answers may hold more than the worker that explored had. */
  merged = false,
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
  // The worker's decision, made when the exploration ended, travels in its record; a merge's answers may hold more
  // (another shard's), so there the same check runs on them too, and a rule the worker refused stays refused.
  const decided = exploration.decidedInWorker === true && !merged;
  const problem =
    exploration.explorerNotUsed ?? (decided ? undefined : explorerRuleProblem(fields, observations, exploration, answeredRoles));
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
