/**
 * Reads an ISO 8601 instant in one of the profile's formats. Written by hand because Date.parse
 * accepts far more than ISO 8601 (and rolls 2025-02-30 over into March).
 */
import type { TimestampFormat } from './profile-types.js';

export type ParsedInstant = { ok: true; epochMs: number } | { ok: false; reason: string };

const PATTERNS: Record<TimestampFormat, RegExp> = {
  'iso8601-with-zone': /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/,
  'utc-z': /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z)$/,
  'utc-z-millis': /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})(Z)$/,
};

const FORMAT_WORDS: Record<TimestampFormat, string> = {
  'iso8601-with-zone': 'an ISO 8601 date-time with a zone, e.g. 2030-01-01T00:00:00Z',
  'utc-z': 'a UTC date-time ending in Z, e.g. 2030-01-01T00:00:00Z',
  'utc-z-millis': 'a UTC date-time with milliseconds ending in Z, e.g. 2030-01-01T00:00:00.000Z',
};

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeap(year) ? 29 : (MONTH_DAYS[month - 1] ?? 0);
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function parseInstant(text: string, format: TimestampFormat): ParsedInstant {
  const m = PATTERNS[format].exec(text);
  if (m === null) return { ok: false, reason: `it is not ${FORMAT_WORDS[format]}` };
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const millis = m[7] === undefined ? 0 : Number(m[7].padEnd(3, '0').slice(0, 3));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { ok: false, reason: 'its date does not exist' };
  if (hour > 23 || minute > 59 || second > 59) return { ok: false, reason: 'its time of day does not exist' };
  let offsetMinutes = 0;
  const zone = m[8] as string;
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(4, 6));
    if (oh > 23 || om > 59) return { ok: false, reason: 'its zone offset does not exist' };
    offsetMinutes = sign * (oh * 60 + om);
  }
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0..99 to 1900..1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millis);
  return { ok: true, epochMs: date.getTime() - offsetMinutes * 60_000 };
}

/** The spec's wire form (spec §2): UTC, milliseconds, trailing Z. */
export function formatInstant(epochMs: number): string {
  return new Date(epochMs).toISOString();
}
