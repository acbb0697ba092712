/** Every suite, in run order (suites/, numbered): what the plan, the suite files and the campaign read. */
import type { SuiteDescriptor } from './descriptor.js';
import { eventsSuite } from './events.js';
import { lifecycleSuite } from './lifecycle.js';
import { presenceMatrixSuite } from './presence-matrix.js';
import { propertiesSuite } from './properties.js';
import { protocolSuite } from './protocol.js';
import { specObservationsSuite } from './spec-observations.js';
import { valueClassesSuite } from './value-classes.js';

export const SUITE_DESCRIPTORS: readonly SuiteDescriptor[] = [
  specObservationsSuite,
  presenceMatrixSuite,
  valueClassesSuite,
  propertiesSuite,
  protocolSuite,
  eventsSuite,
  lifecycleSuite,
];

export { eventsSuite, specObservationsSuite };
export { presenceBound } from './presence-matrix.js';
export type { PlannedCase, PlanTarget, SuiteDescriptor } from './descriptor.js';
