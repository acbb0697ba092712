/** 03-value-classes: each field's value classes (some asked in groups) and the limits searched. */
import type { OperationSpec } from '../../operation/types.js';
import { defaultSettledSteps } from '../../values/find-limit.js';
import { CONTROL_BOUND } from '../../values/base-controls.js';
import { MAX_ASKS } from '../../values/settle.js';
import { mostGroupBodies, planValueGroups } from '../../values/value-groups.js';
import { caseIds } from '../case-ids.js';
import { always, one, search, type PlannedCase, type SuiteDescriptor } from './descriptor.js';

/** A moment and URL to read the value classes' JSON types from: the groups do not depend on them. */
const PLAN_CONTEXT = { now: new Date(0), notificationUrl: 'https://plan.invalid/notifications', unique: 'plan' };

/**
 * What a value class sends whenever it runs: one create, and the delete an accepted one costs. A refusal whose kind
 * another value confirmed counts on that one ask; the bound is the refusal asked until confirmed.
 */
const VALUE_CERTAIN = 2;

function valueClasses(op: OperationSpec): PlannedCase[] {
  // A refused value is asked again until its refusal is confirmed (lib/values/settle.ts): at most MAX_ASKS creates, of
  // which one at most is accepted and deleted.
  const asked = { requests: MAX_ASKS + 1, creates: 1 };
  // A group of values is sent in one member's case: its body, and when refused its halves' (mostGroupBodies), each a
  // create and its delete (lib/values/value-groups.ts); counted on its first member, as the suite's total is what holds.
  const groupBodies = new Map<string, number>();
  for (const group of planValueGroups(op, PLAN_CONTEXT)) {
    const first = group[0];
    if (first !== undefined) groupBodies.set(caseIds.value(first.field, first.valueClass.id), mostGroupBodies(group.length));
  }
  const classes = op.fields.flatMap((f) =>
    f.classes.map((c, i): PlannedCase => {
      const id = caseIds.value(f.name, c.id);
      const bodies = groupBodies.get(id) ?? 0;
      // A refusal naming nothing has the field's base body asked again, once for all its values (lib/values/base-controls.ts):
      // counted on its first value.
      const control = i === 0 ? CONTROL_BOUND : { requests: 0, creates: 0 };
      const requests = asked.requests + 2 * bodies + control.requests;
      return { ...one(id, { requests, creates: asked.creates + bodies + control.creates }), least: VALUE_CERTAIN };
    }),
  );
  // A limit's search spends its steps as the answers lead it: one stated by a refusal, or documented, is checked at its
  // edges in a few asks.
  const checked = new Set(op.fields.filter((f) => f.classes.length > 0).map((f) => f.name));
  const limits = (op.limits ?? []).map((l) => {
    const steps = l.maxSteps ?? defaultSettledSteps(l.low, l.high);
    // A refusal naming nothing has the field's base body checked: counted on the field's first value, else on its
    // first limit (the check is once per base for the run).
    const control = checked.has(l.field) ? { requests: 0, creates: 0 } : CONTROL_BOUND;
    checked.add(l.field);
    return search(caseIds.limit(l.field, l.id), { requests: steps * 2 + control.requests, creates: steps + control.creates });
  });
  return [...classes, ...limits, one(caseIds.valueRefusals, { requests: 0, creates: 0 })];
}

export const valueClassesSuite: SuiteDescriptor = {
  id: '03-value-classes',
  appliesTo: always,
  cases: (settings) => valueClasses(settings.target.operation),
};
