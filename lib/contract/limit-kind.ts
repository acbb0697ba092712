/**
 * What a limit found by bisection means for a schema, read from the operation's own maker rather
 * than from the limit's name: if make(x) is a string of x characters it is a length bound
 * (maxLength); if make(x) is an instant x units from now it is a lifetime bound (`x-lifetime`).
 * Anything else stays a limit in words only.
 */
import type { LimitSearch, ValueContext } from '../operation/types.js';
import { isLifetimeUnit, lifetimeOf, type LifetimeUnit } from './contract-ajv.js';

export type LimitKind = { kind: 'length' } | { kind: 'lifetime'; unit: LifetimeUnit };

export function limitKind(search: LimitSearch, ctx: ValueContext): LimitKind | undefined {
  const probes = [search.low, Math.max(search.low + 1, Math.floor((search.low + search.high) / 2))];
  const made = probes.map((x) => [x, search.make(x, ctx)] as const);
  if (made.every(([x, v]) => typeof v === 'string' && [...v].length === x)) return { kind: 'length' };
  const unit = search.unit;
  if (isLifetimeUnit(unit) && made.every(([x, v]) => Math.abs((lifetimeOf(v, ctx.now, unit) ?? NaN) - x) < 1e-6)) {
    return { kind: 'lifetime', unit };
  }
  return undefined;
}
