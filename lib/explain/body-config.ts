/**
 * The bodies explain sends are variations of the user's body: some fields taken out or added, some
 * values replaced by the operation's known-good value. A BodyConfig names one such variation; the
 * body itself is built afresh for each request (good values carry the clock and a unique clientState).
 */
import { combinationKey } from '../rule/field-set.js';
import type { OperationSpec, ValueContext } from '../operation/types.js';

export interface BodyConfig {
  /** Fields the body has. */
  present: ReadonlySet<string>;
  /**
   * Fields sent at the operation's good value; the others keep the user's value. A field the user's
   * body does not have is always sent at its good value (there is no other).
   */
  good: ReadonlySet<string>;
  /** Operation fields sent with the value of the user's property of another name (field -> the user's name). */
  renamed?: ReadonlyMap<string, string>;
  /** Fields sent at a value of neither kind: the user's changed by one step (a date-time with Z added). */
  values?: ReadonlyMap<string, unknown>;
}

/** A stable key: two configs with the same key send the same kind of body. */
export function configKey(original: Readonly<Record<string, unknown>>, config: BodyConfig): string {
  const present = [...config.present];
  // A field the user sent, or sent under another name, is a choice between the user's value and the known-good one.
  const good = present.filter((f) => config.good.has(f) && (Object.hasOwn(original, f) || config.renamed?.has(f) === true));
  const renamed = [...(config.renamed ?? [])].sort();
  const values = [...(config.values ?? [])].filter(([f]) => config.present.has(f)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    combinationKey(present),
    combinationKey(good),
    ...(renamed.length > 0 || values.length > 0 ? [renamed] : []),
    ...(values.length > 0 ? [values] : []),
  ]);
}

/** `present` with each of `toggles` flipped: taken out when present, added when absent. */
export function toggle(present: ReadonlySet<string>, toggles: Iterable<string>): Set<string> {
  const out = new Set(present);
  for (const field of toggles) {
    if (out.has(field)) out.delete(field);
    else out.add(field);
  }
  return out;
}

/**
 * The body of a config: the user's fields in the user's order (order can matter to a target that
 * names the first property it cannot bind), then added fields in the operation's order.
 */
export function buildConfigBody(
  operation: OperationSpec,
  original: Readonly<Record<string, unknown>>,
  config: BodyConfig,
  ctx: ValueContext,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const fieldSpec = new Map(operation.fields.map((f) => [f.name, f]));
  const renamedFrom = new Map([...(config.renamed ?? [])].map(([field, from]) => [from, field]));
  const put = (name: string, from: string = name): void => {
    const spec = fieldSpec.get(name);
    const useGood = spec !== undefined && (config.good.has(name) || !Object.hasOwn(original, from));
    const given = config.values?.has(name) === true;
    // defineProperty: a field named __proto__ stays a field.
    Object.defineProperty(body, name, {
      value: given ? config.values?.get(name) : useGood ? spec.good(ctx) : original[from],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  };
  for (const name of Object.keys(original)) {
    const to = renamedFrom.get(name);
    // A renamed property keeps its place and its value under the operation's name.
    if (to !== undefined && config.present.has(to)) put(to, name);
    else if (config.present.has(name)) put(name);
  }
  for (const field of operation.fields) {
    if (config.present.has(field.name) && !Object.hasOwn(original, field.name) && config.renamed?.has(field.name) !== true) put(field.name);
  }
  return body;
}
