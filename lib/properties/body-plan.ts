/**
 * A body plan: for each field of the operation, what the random body puts there. Plans are plain
 * data (the seed decides them, the clock does not), so a replayed seed gives the same plans even
 * though the values built from them carry a fresh clientState tag and a fresh expiry time.
 */
import { createHash } from 'node:crypto';
import type { OperationSpec, ValueContext } from '../operation/types.js';

export type FieldChoice =
  | { kind: 'absent' }
  /** The field's known-good value (FieldSpec.good). */
  | { kind: 'good' }
  /** One of the field's value classes (FieldSpec.classes), by id. */
  | { kind: 'class'; id: string };

/** Field name to choice, one entry per field of the operation, in the operation's field order. */
export type BodyPlan = Readonly<Record<string, FieldChoice>>;

const label = (choice: FieldChoice): string => (choice.kind === 'class' ? `class:${choice.id}` : choice.kind);

/** A stable text for a plan, e.g. `changeType=absent&notificationUrl=good&resource=class:relative`. */
export function planKey(plan: BodyPlan): string {
  return Object.entries(plan)
    .map(([field, choice]) => `${field}=${label(choice)}`)
    .join('&');
}

/** Plain words for a report: `{notificationUrl: good, resource: class "relative"}` (absent fields left out). */
export function describePlan(plan: BodyPlan): string {
  const parts = Object.entries(plan).flatMap(([field, choice]) =>
    choice.kind === 'absent' ? [] : [`${field}: ${choice.kind === 'good' ? 'good' : `class "${choice.id}"`}`],
  );
  return `{${parts.join(', ')}}`;
}

/** The fields a plan puts in the body, in plan order. */
export function presentFields(plan: BodyPlan): string[] {
  return Object.entries(plan).flatMap(([field, choice]) => (choice.kind === 'absent' ? [] : [field]));
}

/**
 * The JSON object a plan stands for. Throws (naming the API) when the plan names a field or a
 * value class the operation does not have: that is the caller's mistake, not the target's.
 */
export function materializeBody(operation: OperationSpec, plan: BodyPlan, ctx: ValueContext): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, choice] of Object.entries(plan)) {
    const field = operation.fields.find((f) => f.name === name);
    if (field === undefined) throw new RangeError(`materializeBody: the plan names field '${name}', which ${operation.id} does not have`);
    if (choice.kind === 'good') body[name] = field.good(ctx);
    if (choice.kind === 'class') {
      const valueClass = field.classes.find((c) => c.id === choice.id);
      if (valueClass === undefined) throw new RangeError(`materializeBody: field '${name}' has no value class '${choice.id}'`);
      body[name] = valueClass.value(ctx);
    }
  }
  return body;
}

/**
 * A short digest of the plans a property tried, in order: two runs with the same seed against
 * targets that answer alike try the same plans, so their digests match (SEED replay).
 */
export function plansDigest(keys: readonly string[]): string {
  return createHash('sha256').update(keys.join('\n')).digest('hex').slice(0, 16);
}
