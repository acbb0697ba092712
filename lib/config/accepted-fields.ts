/** ACCEPTED_FIELDS against the operation's fields: each must be one, and they take the operation's order. */
import type { OperationSpec } from '../operation/types.js';
import { quote } from './parsers.js';

export type AcceptedFieldsCheck = { ok: true; fields: string[] } | { ok: false; problem: string };

export function checkAcceptedFields(operation: OperationSpec, accepted: readonly string[]): AcceptedFieldsCheck {
  const known = operation.fields.map((f) => f.name);
  const unknown = accepted.filter((n) => !known.includes(n));
  if (unknown.length > 0)
    return { ok: false, problem: `ACCEPTED_FIELDS: unknown field(s) ${unknown.map(quote).join(', ')}; known: ${known.join(', ')}` };
  return { ok: true, fields: known.filter((n) => accepted.includes(n)) };
}
