import type { ValueClass, ValueExpectation } from '../types.js';

export interface BooleansOptions {
  specRef: string;
  expectation?: ValueExpectation;
}

/** true and false: a boolean field may take only one of them (e.g. a feature not enabled). */
export function booleanClasses(o: BooleansOptions): ValueClass[] {
  const expectation = o.expectation ?? 'spec-form';
  return [
    { id: 'true', description: 'true', value: () => true, specRef: o.specRef, expectation },
    { id: 'false', description: 'false', value: () => false, specRef: o.specRef, expectation },
  ];
}
