/**
 * 01-spec-observations: the spec's two observed bodies, each a create. They are observations of a subscription create:
 * an operation of another kind (a folder, a task: no field carries a URL for the target to call) has none to replay.
 */
import { notificationField } from '../../operation/notification-field.js';
import type { OperationSpec } from '../../operation/types.js';
import { observationCases } from '../../protocol/spec-observation.js';
import { CREATE, one, type SuiteDescriptor } from './descriptor.js';

function appliesTo(op: OperationSpec): true | string {
  if (notificationField(op) !== undefined) return true;
  return `not a subscription-create operation: spec §4's two observations are of the subscription create, and no field of the ${op.id} body carries a URL for the target to call`;
}

export const specObservationsSuite: SuiteDescriptor = {
  id: '01-spec-observations',
  appliesTo,
  cases: (settings) => {
    const op = settings.target.operation;
    const { allId, withoutId } = observationCases(
      op.fields.map((f) => f.name),
      op.reportedAccepted,
    );
    return [one(allId, CREATE), ...(withoutId !== undefined ? [one(withoutId, CREATE)] : [])];
  },
};
