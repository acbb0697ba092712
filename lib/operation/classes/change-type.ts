import type { ValueClass, ValueContext } from '../types.js';
import { wrongJsonTypes } from './wrong-types.js';

// spec §2: "Allowed values: not shown", so every string is open; only the JSON type is the spec's.
const OPEN = 'open: spec §2 changeType (allowed values: not shown)';

const open = (id: string, description: string, value: string): ValueClass => ({
  id,
  description,
  value: () => value,
  specRef: OPEN,
  expectation: 'open',
});

/** Values of changeType: the ones Graph knows (reference-notes: a drive root takes only `updated`) and some it does not. */
export function changeTypeClasses(good: (ctx: ValueContext) => unknown): ValueClass[] {
  return [
    open('updated', '"updated"', 'updated'),
    open('created', '"created"', 'created'),
    open('deleted', '"deleted"', 'deleted'),
    open('updated-deleted', '"updated,deleted" (a list)', 'updated,deleted'),
    open('upper-case', '"Updated" (other case)', 'Updated'),
    open('garbage', 'an unknown word', 'no-such-change'),
    open('empty', 'empty string', ''),
    ...wrongJsonTypes(good),
  ];
}
