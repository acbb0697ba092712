import type { ValueClass, ValueExpectation } from '../types.js';

export interface EnumerationOptions {
  specRef: string;
  expectation?: ValueExpectation;
  values: readonly (string | number | boolean)[];
}

/** `v1_2` -> `v1_2`, `Updated,Deleted` -> `updated-deleted`: a class id from a member. */
function idOf(value: string | number | boolean): string {
  const slug = String(value)
    .toLowerCase()
    .replace(/[^a-z0-9_.]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'member' : slug;
}

/** Each member of an enumeration as its own class: which of them does the target take? */
export function enumerationClasses(o: EnumerationOptions): ValueClass[] {
  return o.values.map((value) => ({
    id: idOf(value),
    description: JSON.stringify(value),
    value: () => value,
    specRef: o.specRef,
    expectation: o.expectation ?? 'spec-form',
    listed: true as const,
  }));
}
