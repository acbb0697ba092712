/**
 * Values the operation lists for a field (an enumeration in its description: changeType's "created", "updated",
 * "deleted"; Graph's latestSupportedTlsVersion "v1_0" to "v1_3") that the target refuses: a finding of their own,
 * "created and deleted, values the operation lists for changeType, are refused; updated is accepted". Read from the
 * report's value classes alone (`listed`), so the JSON findings, the Markdown and the console say the same words. A
 * refusal counts only as the value suite settled it: one another ask contradicted (intermittent) or asks that disagreed
 * are said to be undetermined, never refused.
 */
import type { FieldValues, ValueClassResult } from './types.js';

/** The value as the operation lists it: a string bare, anything else as its JSON text. */
function shown(c: ValueClassResult): string {
  try {
    const value: unknown = JSON.parse(c.description);
    return typeof value === 'string' ? value : c.description;
  } catch {
    return c.description;
  }
}

/** "a", "a and b", "a, b and c". */
function joined(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** "updated is accepted", "updated and deleted are accepted". */
const are = (items: readonly string[], what: string): string => `${joined(items)} ${items.length === 1 ? 'is' : 'are'} ${what}`;

/** The sentence for one field, when the target refuses at least one value the operation lists for it; else undefined. */
export function listedValuesSentence(field: string, values: FieldValues): string | undefined {
  const listed = (list: readonly ValueClassResult[]): ValueClassResult[] => list.filter((c) => c.listed === true);
  const refused = listed(values.rejected).filter((c) => c.intermittent === undefined);
  if (refused.length === 0) return undefined;
  const accepted = listed(values.accepted).map(shown);
  const open = [...listed(values.rejected).filter((c) => c.intermittent !== undefined), ...listed(values.other)].map(shown);
  const subject = refused.length === 1 ? 'a value the operation lists' : 'values the operation lists';
  return [
    `${joined(refused.map(shown))}, ${subject} for ${field}, ${refused.length === 1 ? 'is' : 'are'} refused`,
    ...(accepted.length > 0 ? [are(accepted, 'accepted')] : []),
    ...(open.length > 0 ? [are(open, 'undetermined (no settled answer)')] : []),
  ].join('; ');
}

/** One sentence per field whose listed values the target refuses in part or whole, in the report's field order. */
export function listedValuesFindings(values: Readonly<Record<string, FieldValues>>): string[] {
  return Object.entries(values).flatMap(([field, v]) => {
    const sentence = listedValuesSentence(field, v);
    return sentence === undefined ? [] : [sentence];
  });
}
