import { DAY_MS, instantValue } from '../description/values.js';
import type { Spelling } from '../description/types.js';
import type { ValueClass } from '../types.js';

export interface Iso8601SpellingsOptions {
  specRef: string;
  /** How far ahead the instant is (default 2 days: inside every lifetime limit known). */
  daysAhead?: number;
  /** Spellings that have the spec's form (default: only UTC with milliseconds and Z). */
  specForm?: readonly Spelling[];
}

const SPELLINGS: readonly { id: string; description: string; spelling: Spelling }[] = [
  { id: 'spec-form', description: 'UTC with milliseconds and Z', spelling: 'utc-millis-z' },
  { id: 'without-milliseconds', description: 'without milliseconds', spelling: 'utc-z' },
  { id: 'zero-offset', description: 'with +00:00 instead of Z', spelling: 'zero-offset' },
  { id: 'other-offset', description: 'with a +02:00 offset', spelling: 'offset' },
  { id: 'no-zone', description: 'without a zone', spelling: 'no-zone' },
  { id: 'date-only', description: 'date only', spelling: 'date-only' },
  // Two mistakes clients make: a date or a time formatted by hand without leading zeros (2018-09-5, T5:00:00Z).
  { id: 'unpadded-date', description: 'date parts without leading zeros (2030-1-5T...)', spelling: 'unpadded-date' },
  { id: 'unpadded-time', description: 'the hour without its leading zero (T5:00:00Z)', spelling: 'unpadded-time' },
];

/** One instant in eight ISO 8601 spellings: a service that parses strictly takes only some. */
export function iso8601SpellingClasses(o: Iso8601SpellingsOptions): ValueClass[] {
  const aheadMs = (o.daysAhead ?? 2) * DAY_MS;
  const specForm = new Set<Spelling>(o.specForm ?? ['utc-millis-z']);
  return SPELLINGS.map(({ id, description, spelling }) => ({
    id,
    description,
    value: (ctx) => instantValue(ctx, aheadMs, spelling),
    specRef: o.specRef,
    expectation: specForm.has(spelling) ? 'spec-form' : 'not-spec-form',
  }));
}
