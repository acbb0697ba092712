/** 01-spec-observations: the spec's two observed bodies, each a create. */
import { observationCases } from '../../protocol/spec-observation.js';
import { always, CREATE, one, type SuiteDescriptor } from './descriptor.js';

export const specObservationsSuite: SuiteDescriptor = {
  id: '01-spec-observations',
  appliesTo: always,
  cases: (settings) => {
    const op = settings.target.operation;
    const { allId, withoutId } = observationCases(
      op.fields.map((f) => f.name),
      op.reportedAccepted,
    );
    return [one(allId, CREATE), ...(withoutId !== undefined ? [one(withoutId, CREATE)] : [])];
  },
};
