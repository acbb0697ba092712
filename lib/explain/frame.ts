/**
 * The body a search works over. Usually the user's own; when the user spelt a field in another letter case
 * (`NotificationUrl` for notificationUrl) and no change of one field got a 2xx, the search for a change of several
 * fields works over the body with each such property renamed, its value as given. A search over the body as sent
 * would add the field beside the misspelt one (two spellings in one body), put explain's own value there in place of
 * the user's, and could never tell the user that the name is the trouble. Whether the rename is needed is asked
 * apart (the change found, with the user's spelling back): the rename is a part of the fix only when that is refused.
 */
import type { BodyConfig } from './body-config.js';
import { caseVariantOf } from './what-is-wrong.js';

export interface Frame {
  /** The fields the frame's body has. */
  present: ReadonlySet<string>;
  /** Those of the user's, in the user's order (a renamed property under the operation's name). */
  own: readonly string[];
  /** What a search may toggle: `own`, then the operation's other fields. */
  fields: readonly string[];
  /** Operation field -> the user's property of another letter case that it renames. */
  renames: ReadonlyMap<string, string>;
}

/** The user's body as sent. */
export function userFrame(own: readonly string[], operationFields: readonly string[]): Frame {
  return {
    present: new Set(own),
    own: [...own],
    fields: [...own, ...operationFields.filter((f) => !own.includes(f))],
    renames: new Map(),
  };
}

/** Each property of the user's that names an absent operation field in another letter case: field -> property. */
export function caseRenames(own: readonly string[], known: ReadonlySet<string>): Map<string, string> {
  const renames = new Map<string, string>();
  for (const from of own) {
    const field = known.has(from) ? undefined : caseVariantOf(from, known);
    if (field !== undefined && !own.includes(field) && !renames.has(field)) renames.set(field, from);
  }
  return renames;
}

/** The user's body with each of `renames` made, in the user's order. */
export function renamedFrame(user: Frame, renames: ReadonlyMap<string, string>, operationFields: readonly string[]): Frame {
  if (renames.size === 0) return user;
  const back = new Map([...renames].map(([field, from]) => [from, field]));
  const own = user.own.map((name) => back.get(name) ?? name);
  return { ...userFrame(own, operationFields), renames };
}

/** The config as sent over this frame: a renamed field present carries the user's property's value (unless good). */
export function inFrame(frame: Frame, config: BodyConfig): BodyConfig {
  const renamed = [...frame.renames].filter(([field]) => config.present.has(field));
  if (renamed.length === 0) return config;
  return { ...config, renamed: new Map([...(config.renamed ?? []), ...renamed]) };
}

/** The user's name of a field of the frame: the misspelt property for a renamed one. */
export function userName(frame: Frame, field: string): string {
  return frame.renames.get(field) ?? field;
}
