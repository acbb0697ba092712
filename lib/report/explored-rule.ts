/**
 * The report's rule, roles and dependencies when the presence suite explored adaptively: the explorer's
 * own (lib/explore), since its few observations leave most combinations unknown and a rule read from them
 * alone would be only the smallest one that fits them. Each role says it comes from the explored rule.
 */
import type { ExplorationRecord } from '../case-record.js';
import { fieldIndex, maskOf } from '../inference/combinations.js';
import { dependenciesExact } from '../inference/idl.js';
import type { FieldRole, PresenceRole } from '../inference/types.js';

export interface ExploredRule {
  roles: Record<string, FieldRole> | undefined;
  rule: {
    expression: string;
    dependencies: ExplorationRecord['dependencies'];
    dependenciesExact: boolean;
    /** Combinations sent without a usable answer (never-sent ones are not listed: they are most of 2^n). */
    unknown: string[][];
  };
}

const WHY: Partial<Record<PresenceRole, (name: string) => string>> = {
  required: (name) => `${name} is in every body the explored rule accepts`,
  forbidden: (name) => `${name} is in no body the explored rule accepts`,
  optional: (name) => `adding or removing ${name} never changes what the explored rule accepts`,
  conditional: (name) => `whether a body with ${name} is accepted depends on other fields (see the dependencies)`,
};

export function exploredRule(fields: readonly string[], exploration: ExplorationRecord): ExploredRule {
  const sureness = `${exploration.strategy} exploration, ${exploration.confirmed} of ${exploration.possible} combinations answered, ${exploration.exact ? 'exact' : 'not exact'}`;
  const named = Object.entries(exploration.roles);
  const roles =
    named.length === 0
      ? undefined
      : Object.fromEntries(
          named.map(([name, presence]) => [name, { presence, explanation: `${(WHY[presence] ?? ((n: string) => `${n}: ${presence}`))(name)} (${sureness}).` }]),
        );
  const index = fieldIndex(fields);
  const verdicts = new Map<number, boolean>();
  for (const o of exploration.observations) {
    const mask = maskOf(index, o.present);
    if (mask !== undefined && (o.outcome === 'accepted' || o.outcome === 'rejected')) verdicts.set(mask, o.outcome === 'accepted');
  }
  return {
    roles,
    rule: {
      expression: exploration.rule,
      dependencies: exploration.dependencies,
      dependenciesExact: dependenciesExact(fields, roles, exploration.dependencies, verdicts),
      unknown: exploration.observations.filter((o) => o.outcome === 'unstable' || o.outcome === 'error').map((o) => o.present),
    },
  };
}
