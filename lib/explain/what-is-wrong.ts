/**
 * What is wrong with a value or a name explain blames, said of the value or the name itself: "expirationDateTime is
 * not a full ISO 8601 date-time: its day has one digit"; "the target reads property names case-sensitively: resource,
 * not Resource". Each sentence is one of a closed set of phrases a table test holds (what-is-wrong.test.ts).
 */

/** A date or date-time written with one-digit parts: 2018-09-5, 2030-01-01T5:00:00Z. */
const DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:[.,]\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const PARTS = ['month', 'day', 'hour', 'minute', 'second'] as const;

/** The parts of an ISO 8601 date or date-time written with one digit, in order; undefined when the value is no such text. */
export function unpaddedParts(value: unknown): (typeof PARTS)[number][] | undefined {
  if (typeof value !== 'string') return undefined;
  const m = DATE_TIME.exec(value.trim());
  if (m === null) return undefined;
  return PARTS.filter((_, i) => {
    const part = m[i + 2];
    return part !== undefined && part.length === 1;
  });
}

/** "its day has one digit", "its month and day have one digit", "its hour, minute and second have one digit". */
function partsWords(parts: readonly string[]): string {
  const names = parts.length === 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
  return `its ${names} ${parts.length === 1 ? 'has' : 'have'} one digit`;
}

/** What is wrong with the value of `field` as given, when this module can tell; undefined otherwise. */
export function valueFault(field: string, value: unknown): string | undefined {
  const parts = unpaddedParts(value);
  if (parts === undefined || parts.length === 0) return undefined;
  return `${field} is not a full ISO 8601 date-time: ${partsWords(parts)}`;
}

/** The operation's field that `name` spells in another letter case (Resource for resource), if any. */
export function caseVariantOf(name: string, fields: Iterable<string>): string | undefined {
  for (const field of fields) if (field !== name && field.toLowerCase() === name.toLowerCase()) return field;
  return undefined;
}

/** Said when the body with `name` renamed to `field` gets a 2xx and the body as given did not. */
export function caseSentence(field: string, name: string): string {
  return `the target reads property names case-sensitively: ${field}, not ${name}`;
}
