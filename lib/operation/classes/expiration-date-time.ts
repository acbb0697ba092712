import type { ValueClass, ValueContext } from '../types.js';
import { wrongJsonTypes } from './wrong-types.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const SPEC = 'spec §2 (expirationDateTime: ISO 8601 UTC with milliseconds and a trailing Z)';
const LIMITS = `${SPEC}; open: spec §8 (maximum lifetime not shown)`;

/** The spec's form: `YYYY-MM-DDThh:mm:ss.sssZ`, `ms` after the context's clock. */
export function specInstant(ctx: ValueContext, aheadMs: number): string {
  return new Date(ctx.now.getTime() + aheadMs).toISOString();
}

/** The same instant in another offset, e.g. `+02:00`: the wall time moves, the instant does not. */
function withOffset(ctx: ValueContext, aheadMs: number, offsetMinutes: number): string {
  const shifted = new Date(ctx.now.getTime() + aheadMs + offsetMinutes * MINUTE_MS).toISOString().slice(0, -1);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${shifted}${sign}${hh}:${mm}`;
}

const ahead = (description: string, id: string, ms: number): ValueClass => ({
  id,
  description,
  value: (ctx) => specInstant(ctx, ms),
  specRef: LIMITS,
  expectation: 'spec-form',
});

/**
 * Values of expirationDateTime: the spec's form and the other ISO 8601 spellings of the same
 * instant (not the spec's form), then instants at the lifetimes known services draw lines at
 * (reference-notes: SharePoint 180 days, Graph 42,300 minutes, which is 29 days and a bit).
 */
export function expirationDateTimeClasses(): ValueClass[] {
  const twoDays = 2 * DAY_MS;
  return [
    { id: 'spec-form', description: 'UTC with milliseconds and Z', value: (ctx) => specInstant(ctx, twoDays), specRef: SPEC, expectation: 'spec-form' },
    {
      id: 'without-milliseconds',
      description: 'without milliseconds',
      value: (ctx) => specInstant(ctx, twoDays).replace(/\.\d{3}Z$/, 'Z'),
      specRef: SPEC,
      expectation: 'not-spec-form',
    },
    {
      id: 'zero-offset',
      description: 'with +00:00 instead of Z',
      value: (ctx) => specInstant(ctx, twoDays).replace(/Z$/, '+00:00'),
      specRef: SPEC,
      expectation: 'not-spec-form',
    },
    { id: 'other-offset', description: 'with a +02:00 offset', value: (ctx) => withOffset(ctx, twoDays, 120), specRef: SPEC, expectation: 'not-spec-form' },
    {
      id: 'no-zone',
      description: 'without a zone',
      value: (ctx) => specInstant(ctx, twoDays).replace(/Z$/, ''),
      specRef: SPEC,
      expectation: 'not-spec-form',
    },
    {
      id: 'date-only',
      description: 'date only',
      value: (ctx) => specInstant(ctx, twoDays).slice(0, 10),
      specRef: SPEC,
      expectation: 'not-spec-form',
    },
    ahead('in the past (a day ago)', 'in-the-past', -DAY_MS),
    ahead('a minute ahead', 'minute-ahead', MINUTE_MS),
    ahead('29 days ahead', '29-days', 29 * DAY_MS),
    ahead('180 days ahead', '180-days', 180 * DAY_MS),
    ahead('181 days ahead', '181-days', 181 * DAY_MS),
    ahead('10 years ahead', '10-years', 10 * 365 * DAY_MS),
    { id: 'not-a-date', description: 'not a date', value: () => 'tomorrow', specRef: SPEC, expectation: 'not-spec-form' },
    { id: 'empty', description: 'empty string', value: () => '', specRef: SPEC, expectation: 'not-spec-form' },
    // The number is an instant two days ahead in epoch milliseconds: the closest a number comes to the right value.
    ...wrongJsonTypes(
      (ctx) => specInstant(ctx, twoDays),
      (ctx) => ctx.now.getTime() + twoDays,
    ).map((c) => (c.id === 'json-number' ? { ...c, description: 'JSON number (epoch milliseconds)' } : c)),
  ];
}
