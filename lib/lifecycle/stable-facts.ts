/**
 * The lifecycle facts a baseline keeps: each as a key and a short text, so that a change of any one is one line of
 * drift. Only what the target decides is kept (statuses, codes, support, origins, outcomes, the longest renewal, the
 * states); a fact not found out (null) is left out, so that it is never compared as if it were behaviour.
 */
import type { LifecycleFacts, OperationFact } from './types.js';

const opText = (op: OperationFact): string | undefined =>
  op.status === null
    ? undefined
    : `${op.supported === null ? 'refused' : op.supported ? 'supported' : 'not supported'} ${op.status}${op.code === undefined ? '' : ` ${op.code}`}`;

export function stableLifecycleFacts(facts: LifecycleFacts): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (key: string, value: string | number | boolean | null | undefined): void => {
    if (value !== null && value !== undefined) out[key] = String(value);
  };
  for (const [name, op] of Object.entries(facts.operations)) put(`operations.${name}`, opText(op));
  put('operations.list.containsCreated', facts.operations.list.containsCreated);
  for (const [name, field] of Object.entries(facts.record.fields)) put(`record.fields.${name}`, `${field.type} ${field.origin}`);
  put('record.readEqualsCreate', facts.record.readEqualsCreate);
  put('record.listEntryEqualsCreate', facts.record.listEntryEqualsCreate);
  put('renewal.longestAcceptedMinutes', facts.renewal.longestAcceptedMinutes);
  const past = facts.renewal.pastLimit;
  put(
    'renewal.pastLimit',
    past === null || past.status === null ? undefined : `${past.status}${past.code === null ? '' : ` ${past.code}`}`,
  );
  for (const [name, outcome] of Object.entries(facts.renewal.otherFields)) put(`renewal.otherFields.${name}`, outcome);
  put('afterDelete.read', facts.afterDelete.read);
  put('afterDelete.delete', facts.afterDelete.delete);
  put('afterDelete.listed', facts.afterDelete.listed);
  if (facts.states.length > 0)
    put('states', facts.states.map((m) => `${m.from} -${m.action} ${m.status ?? 'no answer'}-> ${m.to}`).join('; '));
  put('offOriginLinks', facts.offOriginLinks);
  return out;
}
