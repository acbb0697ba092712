/**
 * The entry point: from the observations of every combination of present fields, the rule that
 * says which are accepted, each field's role, the IDL dependencies, how the rejections group,
 * and, when nothing was accepted, why that probably is.
 */
import { presentOf } from '../rule/field-set.js';
import { diagnose } from './diagnose.js';
import { collectAnswerSets, verdictsOf, type AnswerSets } from './answer-sets.js';
import { dependenciesExact, inferDependencies } from './idl.js';
import { completeDependencies } from './idl-clauses.js';
import { minimize } from './minimize.js';
import { rejectionGroups } from './rejection-groups.js';
import { rolesOf } from './roles.js';
import { withRule } from '../rule/rule-value.js';
import { sumOfProductsRule, toImplicant } from './sum-of-products.js';
import type { CutShort, Observation, PresenceInference } from './types.js';

/** Combinations never sent are listed in `unknown` only up to this many fields (2^12 = 4096). */
const MAX_FIELDS_LISTED = 12;

/** A field name that parseExpression reads back as that field. */
const EXPRESSION_NAME = /^[A-Za-z_$][\w$.-]*$/;

/** `cut`: what stopped the run before every combination was asked, if anything did (lib/inference/diagnose.ts). */
export function inferPresence(fields: string[], observations: Observation[], cut?: CutShort): PresenceInference {
  const evidence = collectAnswerSets('inferPresence', fields, observations);
  const verdicts = verdictsOf(evidence);

  const minimized = minimize(fields, evidence.accepted, evidence.rejected);
  const roles = rolesOf(fields, verdicts);
  const held = inferDependencies(fields, roles, verdicts);
  // The statements that hold whatever the unknowns are, and the rule's clauses they leave unsaid: the rule whole in IDL.
  const completed = completeDependencies(fields, roles, held.dependencies, verdicts);
  const { dependencies } = completed;
  const idlNotes = [...held.notes, ...completed.notes];
  const { unknown, note: unknownNote } = unknownCombinations(evidence);

  const unreadable = fields.filter((name) => !EXPRESSION_NAME.test(name) || name === 'true' || name === 'false');
  const notes = [
    ...minimized.notes,
    ...idlNotes,
    ...(unknownNote === undefined ? [] : [unknownNote]),
    ...(unreadable.length === 0
      ? []
      : [`field names ${unreadable.join(', ')} do not fit the expression syntax, so the expression cannot be parsed back`]),
  ];

  // The rule's value goes beside its text (lib/rule/rule-value.ts): its readers take it, never the text.
  const rule = withRule(
    {
      expression: minimized.expression,
      terms: minimized.cubes.map((cube) => toImplicant(fields, cube)),
      dependencies,
      dependenciesExact: dependenciesExact(fields, roles, dependencies, verdicts),
      unknown,
      ...(notes.length === 0 ? {} : { notes }),
    },
    sumOfProductsRule(fields, minimized.cubes),
  );
  return {
    fields: [...fields],
    roles,
    rule,
    rejectionGroups: rejectionGroups(evidence),
    diagnosis: roles === undefined ? diagnose(observations, 2 ** fields.length, fields, cut) : undefined,
  };
}

/** Unstable, error and (for few enough fields) never-sent combinations, in bitmask order. */
function unknownCombinations(evidence: AnswerSets): { unknown: string[][]; note: string | undefined } {
  const { fields, observationOf } = evidence;
  const total = 2 ** fields.length;
  const notSent = total - observationOf.size;
  if (fields.length <= MAX_FIELDS_LISTED) {
    const unknown: string[][] = [];
    for (let mask = 0; mask < total; mask += 1) {
      const outcome = observationOf.get(mask)?.outcome;
      if (outcome !== 'accepted' && outcome !== 'rejected') unknown.push(presentOf(fields, mask));
    }
    return { unknown, note: undefined };
  }
  return {
    unknown: evidence.unusable.map((m) => presentOf(fields, m)),
    note:
      notSent === 0 ? undefined : `${notSent} of the ${total} combinations were never sent; they are don't-cares, not listed in unknown`,
  };
}
