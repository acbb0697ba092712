import type { LifecycleFacts, LifecyclePart, OperationFact } from './types.js';

const unknownOperation = (method: string): OperationFact => ({ method, path: '', supported: null, status: null });

/**
 * The facts from the cases' parts, in case order: a later part's value wins, states are appended, off-origin
 * links added up. What no part said stays null (the case that could not find it out says why).
 */
export function mergeLifecycle(parts: readonly LifecyclePart[]): LifecycleFacts {
  const facts: LifecycleFacts = {
    operations: {
      read: unknownOperation('GET'),
      list: { ...unknownOperation('GET'), containsCreated: null, pages: 0 },
      renew: unknownOperation('PATCH'),
      delete: unknownOperation('DELETE'),
    },
    record: { fields: {}, readEqualsCreate: null, listEntryEqualsCreate: null },
    renewal: { longestAcceptedMinutes: null, pastLimit: null, otherFields: {} },
    afterDelete: { read: null, delete: null, listed: null },
    states: [],
    offOriginLinks: 0,
  };
  for (const part of parts) {
    const ops = part.operations ?? {};
    if (ops.read !== undefined) facts.operations.read = ops.read;
    if (ops.list !== undefined) facts.operations.list = ops.list;
    if (ops.renew !== undefined) facts.operations.renew = ops.renew;
    if (ops.delete !== undefined) facts.operations.delete = ops.delete;
    const { fields, ...record } = part.record ?? {};
    facts.record = { ...facts.record, ...record, fields: { ...facts.record.fields, ...fields } };
    const { otherFields, ...renewal } = part.renewal ?? {};
    facts.renewal = { ...facts.renewal, ...renewal, otherFields: { ...facts.renewal.otherFields, ...otherFields } };
    facts.afterDelete = { ...facts.afterDelete, ...part.afterDelete };
    facts.states.push(...(part.states ?? []));
    facts.offOriginLinks += part.offOriginLinks ?? 0;
  }
  return facts;
}
