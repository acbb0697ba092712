import { stringOfLength } from '../description/values.js';
import type { ValueClass, ValueExpectation } from '../types.js';

export interface StringLengthsOptions {
  specRef: string;
  expectation?: ValueExpectation;
  /** Each string starts with this and the per-request unique tag (so a service may keep it unique). */
  prefix?: string;
  lengths: readonly number[];
}

/** Strings exactly at and either side of the bounds services use (e.g. 128, 255). */
export function stringLengthClasses(o: StringLengthsOptions): ValueClass[] {
  return o.lengths.map((length) => ({
    id: `length-${length}`,
    description: length === 1 ? '1 character' : `${length} characters`,
    value: (ctx) => stringOfLength(length, ctx, o.prefix),
    specRef: o.specRef,
    expectation: o.expectation ?? 'spec-form',
  }));
}
