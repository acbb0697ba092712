/**
 * Random body plans built from the operation data alone: for each field, absent, its good value,
 * or one of its value classes. Adding a field or a class to lib/operation widens what is drawn.
 */
import fc from 'fast-check';
import type { FieldSpec, OperationSpec } from '../operation/types.js';
import type { BodyPlan, FieldChoice } from './body-plan.js';

const ABSENT: FieldChoice = { kind: 'absent' };
const GOOD: FieldChoice = { kind: 'good' };

export interface PlanOptions {
  /** Only absent or good per field: the outcome then speaks of presence alone (as in the matrix). */
  goodValuesOnly?: boolean;
}

/**
 * One field: absent, good and "some class" a third each (a field with a dozen classes would
 * otherwise almost never be good). Shrinking goes class -> absent -> good -> an earlier class, so a
 * counterexample ends with as few fields as reproduce it and good values where they reproduce it.
 */
function choiceArbitrary(field: FieldSpec, options: PlanOptions): fc.Arbitrary<FieldChoice> {
  // A class sent under another name (lib/operation/families/name-cases.ts) is not a value of the field.
  const classes = field.classes.filter((c) => c.sendAs === undefined).map((c): FieldChoice => ({ kind: 'class', id: c.id }));
  if (options.goodValuesOnly === true || classes.length === 0) return fc.constantFrom(ABSENT, GOOD);
  const present = fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(GOOD), weight: 1 },
    { arbitrary: fc.constantFrom(...classes), weight: 1 },
  );
  return fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant(ABSENT), weight: 1 }, { arbitrary: present, weight: 2 });
}

/** Plans over exactly the operation's fields, each entry one FieldChoice. */
export function bodyPlanArbitrary(operation: OperationSpec, options: PlanOptions = {}): fc.Arbitrary<BodyPlan> {
  if (operation.fields.length === 0) throw new RangeError(`bodyPlanArbitrary: operation ${operation.id} has no fields`);
  const model: Record<string, fc.Arbitrary<FieldChoice>> = {};
  for (const field of operation.fields) model[field.name] = choiceArbitrary(field, options);
  return fc.record(model);
}
