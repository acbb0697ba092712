/** 04-properties: fast-check properties over random bodies, each run's trial a create at most. */
import { answeredByTheMatrix } from '../../properties/judge-property.js';
import { trialRequests } from '../../properties/bounds.js';
import { caseIds, PROPERTIES } from '../case-ids.js';
import { always, one, type SuiteDescriptor } from './descriptor.js';

export const propertiesSuite: SuiteDescriptor = {
  id: '04-properties',
  appliesTo: always,
  cases: (settings) => {
    // Each run's trial at its most: a create and its delete, the body sent twice for the determinism property; a
    // random body is mostly refused, and then costs half that.
    const answered = answeredByTheMatrix(settings.exploration, settings.target.operation.fields.length);
    return PROPERTIES.map((name) => {
      const requests = trialRequests(settings.exploration, name);
      const skipped = name === 'matrix-rule-predicts-outcome' ? answered : undefined;
      return one(caseIds.property(name), { requests, creates: Math.ceil(requests / 2) }, skipped);
    });
  },
};
