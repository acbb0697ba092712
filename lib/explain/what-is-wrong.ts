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

/** A full date-time with no zone: neither Z nor an offset (2030-01-05T10:00:00). Edm.DateTimeOffset needs one. */
const ZONELESS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?$/;

/** The value with the zone Z added, when it is a full date-time without a zone; undefined otherwise. */
export function withZone(value: unknown): string | undefined {
  return typeof value === 'string' && ZONELESS.test(value) ? `${value}Z` : undefined;
}

/** Said when the user's date-time, with Z added and nothing else changed, gets a 2xx where it did not. */
export function zoneSentence(field: string): string {
  return `${field} has no time-zone offset; with Z it is accepted`;
}

/** The port a URL reaches: its own, else its scheme's (443 for https, 80 for http); undefined for another scheme. */
function effectivePort(url: URL): string | undefined {
  if (url.port !== '') return url.port;
  return url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : undefined;
}

/**
 * The two ports, when the accepted URL and the given one are the same URL but for the port (scheme, host, user,
 * path, query and fragment alike); undefined otherwise, or when either is no absolute http(s) URL.
 */
export function portOnlyDifference(given: unknown, accepted: unknown): { given: string; accepted: string } | undefined {
  if (typeof given !== 'string' || typeof accepted !== 'string' || !URL.canParse(given) || !URL.canParse(accepted)) return undefined;
  const a = new URL(given);
  const b = new URL(accepted);
  const [pa, pb] = [effectivePort(a), effectivePort(b)];
  if (pa === undefined || pb === undefined || pa === pb) return undefined;
  const rest = (u: URL): string => JSON.stringify([u.protocol, u.username, u.password, u.hostname, u.pathname, u.search, u.hash]);
  return rest(a) === rest(b) ? { given: pa, accepted: pb } : undefined;
}

/** Said of a value replaced by an accepted URL that differs from it only in the port. */
export function portSentence(field: string, ports: { given: string; accepted: string }): string {
  const what = field === 'notificationUrl' ? 'notification URL' : `value of ${field}`;
  return `the accepted ${what} differs only in its port (${ports.accepted}, not ${ports.given})`;
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
