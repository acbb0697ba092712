/** The value vocabulary of an operation description, compiled to functions of the value context. */
import type { ValueContext } from '../types.js';
import type { LimitValueDescription, Spelling, ValueDescription } from './types.js';

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
/** The offset the `offset` spelling uses when the description gives none (+02:00). */
const DEFAULT_OFFSET_MINUTES = 120;

export type ValueMaker = (ctx: ValueContext) => unknown;

/** `aheadMs` after the context's clock, written as `spelling`. */
export function instantValue(
  ctx: ValueContext,
  aheadMs: number,
  spelling: Spelling = 'utc-millis-z',
  offsetMinutes = DEFAULT_OFFSET_MINUTES,
): string | number {
  const at = ctx.now.getTime() + aheadMs;
  const iso = new Date(at).toISOString();
  switch (spelling) {
    case 'utc-millis-z':
      return iso;
    case 'utc-z':
      return iso.replace(/\.\d{3}Z$/, 'Z');
    case 'zero-offset':
      return iso.replace(/Z$/, '+00:00');
    case 'offset':
      return withOffset(at, offsetMinutes);
    case 'no-zone':
      return iso.replace(/Z$/, '');
    case 'date-only':
      return iso.slice(0, 10);
    case 'epoch-ms':
      return at;
    case 'unpadded-date':
      return unpaddedDate(at);
    case 'unpadded-time': {
      // 05:00 UTC that day, its hour written with one digit: 2030-01-01T5:00:00Z.
      return `${iso.slice(0, 10)}T5:00:00Z`;
    }
  }
}

/**
 * The first instant from `at`, a day at a time, whose month or day has one digit, written with its date parts
 * without leading zeros (2030-1-5T10:00:00Z): a date like 2018-09-5 that a client wrote with its own formatting.
 * Within 22 days of `at` (from the 10th of October to the 1st of December at worst).
 */
function unpaddedDate(at: number): string {
  let day = new Date(at);
  for (let i = 0; i < 31 && day.getUTCMonth() + 1 >= 10 && day.getUTCDate() >= 10; i += 1) day = new Date(day.getTime() + DAY_MS);
  const iso = day.toISOString();
  return `${day.getUTCFullYear()}-${day.getUTCMonth() + 1}-${day.getUTCDate()}${iso.slice(10).replace(/\.\d{3}Z$/, 'Z')}`;
}

/** The same instant in another offset, e.g. `+02:00`: the wall time moves, the instant does not. */
function withOffset(at: number, offsetMinutes: number): string {
  const shifted = new Date(at + offsetMinutes * MINUTE_MS).toISOString().slice(0, -1);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${shifted}${sign}${hh}:${mm}`;
}

/** A string of exactly `length` characters that still starts with the prefix and the per-request tag. */
export function stringOfLength(length: number, ctx: ValueContext, prefix = ''): string {
  return `${prefix}${ctx.unique}-`.padEnd(length, 'x').slice(0, length);
}

/** Deep copy, so that no request can change the description's literal for the next one. */
const copy = (value: unknown): unknown => (value === undefined ? undefined : structuredClone(value));

export function compileValue(value: ValueDescription): ValueMaker {
  switch (value.kind) {
    case 'literal': {
      const literal = value.value;
      return () => copy(literal);
    }
    case 'receiverUrl':
      return (ctx) => ctx.notificationUrl;
    case 'instant': {
      const aheadMs = (value.minutesAhead ?? 0) * MINUTE_MS + (value.daysAhead ?? 0) * DAY_MS;
      const { spelling, offsetMinutes } = value;
      return (ctx) => instantValue(ctx, aheadMs, spelling, offsetMinutes);
    }
    case 'unique': {
      const prefix = value.prefix ?? '';
      return (ctx) => `${prefix}${ctx.unique}`;
    }
    case 'stringOfLength': {
      const { length, prefix } = value;
      return (ctx) => stringOfLength(length, ctx, prefix);
    }
  }
}

export function compileLimitValue(value: LimitValueDescription): (x: number, ctx: ValueContext) => unknown {
  switch (value.kind) {
    case 'instant': {
      const unitMs = value.aheadIn === 'days' ? DAY_MS : MINUTE_MS;
      const spelling = value.spelling;
      // x units after the moment the body is built. The request reaches the target a little later,
      // so the lifetime it sees is a little shorter: never longer, so a limit is never overstated.
      return (x, ctx) => instantValue(ctx, x * unitMs, spelling);
    }
    case 'stringOfLength': {
      const prefix = value.prefix;
      return (x, ctx) => stringOfLength(x, ctx, prefix);
    }
    case 'number':
      return (x) => x;
  }
}
