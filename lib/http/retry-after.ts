/**
 * Retry-After (RFC 9110 §10.2.3): either delay-seconds or an HTTP-date.
 * Pure functions: no clock is read here, callers pass the times in.
 */

export type RetryAfter = { kind: 'seconds'; ms: number } | { kind: 'date'; at: number };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

// The three forms RFC 9110 §5.6.7 tells recipients to accept. Date.parse is not used:
// it reads asctime (no zone) as local time, and accepts much that is not an HTTP-date.
const IMF_FIXDATE = /^[A-Za-z]{3}, (\d{2}) ([A-Za-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC850 = /^[A-Za-z]{6,9}, (\d{2})-([A-Za-z]{3})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const ASCTIME = /^[A-Za-z]{3} ([A-Za-z]{3}) ( \d|\d{2}) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

type DateParts = [day: string, month: string, year: string, h: string, m: string, s: string];

function dateParts(text: string): DateParts | undefined {
  const fix = IMF_FIXDATE.exec(text);
  if (fix) return [fix[1]!, fix[2]!, fix[3]!, fix[4]!, fix[5]!, fix[6]!];
  const rfc850 = RFC850.exec(text);
  if (rfc850) {
    // Obsolete form with a two-digit year: a fixed pivot keeps this function free of the clock.
    const yy = Number(rfc850[3]);
    const century = yy >= 70 ? 1900 : 2000;
    return [rfc850[1]!, rfc850[2]!, String(century + yy), rfc850[4]!, rfc850[5]!, rfc850[6]!];
  }
  const asc = ASCTIME.exec(text);
  if (asc) return [asc[2]!.trim(), asc[1]!, asc[6]!, asc[3]!, asc[4]!, asc[5]!];
  return undefined;
}

/** Parses an HTTP-date to epoch milliseconds; undefined when it is not one. */
export function parseHttpDate(value: string): number | undefined {
  const parts = dateParts(value.trim());
  if (!parts) return undefined;
  const month = MONTHS.indexOf(parts[1].toLowerCase());
  const [day, year, h, m, s] = [parts[0], parts[2], parts[3], parts[4], parts[5]].map(Number) as [number, number, number, number, number];
  if (month < 0 || day < 1 || day > 31 || h > 23 || m > 59 || s > 60) return undefined;
  const at = Date.UTC(year, month, day, h, m, s);
  // Rejects days past the end of the month (Date.UTC would roll 31 Feb into March).
  return new Date(at).getUTCDate() === day ? at : undefined;
}

/** Parses a Retry-After value; undefined for absent or unparseable values. */
export function parseRetryAfter(value: string | undefined): RetryAfter | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return { kind: 'seconds', ms: Number(text) * 1000 };
  const at = parseHttpDate(text);
  return at === undefined ? undefined : { kind: 'date', at };
}

/**
 * How long to wait from the moment the response was received, in ms (never negative).
 * An HTTP-date is read against the response's own Date header when it has a valid one
 * (so that clock skew between target and probe does not matter), else against `localNow`.
 */
export function retryAfterDelayMs(value: string | undefined, responseDate: string | undefined, localNow: number): number | undefined {
  const parsed = parseRetryAfter(value);
  if (parsed === undefined) return undefined;
  if (parsed.kind === 'seconds') return parsed.ms;
  const reference = (responseDate === undefined ? undefined : parseHttpDate(responseDate)) ?? localNow;
  return Math.max(0, parsed.at - reference);
}
