import { DAY_MS, MINUTE_MS, instantValue } from '../description/values.js';
import type { LifetimeDescription } from '../description/types.js';
import type { ValueClass, ValueExpectation } from '../types.js';

export interface LifetimesOptions {
  specRef: string;
  expectation?: ValueExpectation;
  ahead: readonly LifetimeDescription[];
}

function defaultName(l: LifetimeDescription): { id: string; description: string } {
  const n = l.days ?? l.minutes ?? 0;
  const abs = Math.abs(n);
  const unit = `${l.days !== undefined ? 'day' : 'minute'}${abs === 1 ? '' : 's'}`;
  if (n < 0) return { id: `${abs}-${unit}-ago`, description: `${abs} ${unit} ago` };
  return { id: `${n}-${unit}`, description: `${n} ${unit} ahead` };
}

/** Instants at the lifetimes services draw lines at (e.g. Graph 42,300 minutes, SharePoint 180 days). */
export function lifetimeClasses(o: LifetimesOptions): ValueClass[] {
  return o.ahead.map((l) => {
    const aheadMs = l.days !== undefined ? l.days * DAY_MS : (l.minutes ?? 0) * MINUTE_MS;
    const named = defaultName(l);
    return {
      id: l.id ?? named.id,
      description: l.description ?? named.description,
      value: (ctx) => instantValue(ctx, aheadMs),
      specRef: o.specRef,
      expectation: o.expectation ?? 'spec-form',
    };
  });
}
