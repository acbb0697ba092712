/**
 * The lifecycle's operations in the observed contract: the list on the collection path, and read, renew and delete
 * on the item path, each with the status the target gave and, for a 2xx that returns the record, the record's fields
 * as seen (type and origin). Built from the report's `lifecycle` alone; nothing when the lifecycle suite did not run.
 */
import { isSuccessStatus } from '../http/status.js';
import type { Json } from '../json.js';
import type { LifecycleFacts, OperationFact } from '../lifecycle/types.js';

const SUMMARY: Record<string, string> = {
  read: 'Read a subscription',
  list: 'List subscriptions',
  renew: 'Renew a subscription (a later expirationDateTime)',
  delete: 'Delete a subscription',
};

function recordSchema(facts: LifecycleFacts): Json {
  const properties: Json = {};
  for (const [name, field] of Object.entries(facts.record.fields)) {
    if (field.origin === 'dropped') continue;
    properties[name] = { type: field.type, 'x-observed': { origin: field.origin } };
  }
  return { type: 'object', properties };
}

/** The operationId a lifecycle operation gets: the create's, then the step (`subscription-create-read`). */
export function lifecycleOperationId(createId: string, name: string): string {
  return `${createId}-${name}`;
}

function operationOf(name: string, op: OperationFact, facts: LifecycleFacts, withId: boolean, createId: string | undefined): Json {
  const status = String(op.status);
  const body =
    !isSuccessStatus(op.status) || op.status === 204
      ? undefined
      : name === 'list'
        ? { type: 'object', properties: { value: { type: 'array', items: recordSchema(facts) } } }
        : recordSchema(facts);
  const words = op.supported === true ? 'supported' : op.supported === false ? 'not supported' : 'refused';
  return {
    ...(createId !== undefined ? { operationId: lifecycleOperationId(createId, name) } : {}),
    summary: SUMMARY[name] ?? name,
    ...(withId
      ? {
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'The id the create answer named.' },
          ],
        }
      : {}),
    ...(name === 'renew'
      ? {
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { expirationDateTime: { type: 'string' } } } } },
          },
        }
      : {}),
    responses: {
      [status]: {
        description: `Seen on a subscription this run created: ${words}${op.code === undefined ? '' : ` (${op.code})`}.`,
        ...(body !== undefined ? { content: { 'application/json': { schema: body } } } : {}),
      },
    },
    'x-observed': {
      supported: op.supported,
      ...(name === 'list' ? { containsCreated: facts.operations.list.containsCreated, pages: facts.operations.list.pages } : {}),
      ...(name === 'renew' ? { longestAcceptedMinutes: facts.renewal.longestAcceptedMinutes, otherFields: facts.renewal.otherFields } : {}),
      ...(name === 'delete' ? { afterDelete: facts.afterDelete } : {}),
    },
  };
}

/**
 * Path items to add: `{collection: {get}}` and `{item: {get, patch, delete}}`, each only when it was answered; with
 * `createId`, each has an operationId made from it (a workflow's steps name the operations by it).
 */
export function lifecyclePaths(facts: LifecycleFacts | undefined, collection: string, createId?: string): Record<string, Json> {
  if (facts === undefined) return {};
  const out: Record<string, Json> = {};
  const { read, list, renew, delete: del } = facts.operations;
  if (list.status !== null) out[collection] = { get: operationOf('list', list, facts, false, createId) };
  const itemPath = [read, renew, del].find((op) => op.path.includes('{id}'))?.path;
  if (itemPath === undefined) return out;
  const item: Json = {};
  for (const [name, op] of [
    ['read', read],
    ['renew', renew],
    ['delete', del],
  ] as const) {
    if (op.status !== null) item[op.method.toLowerCase()] = operationOf(name, op, facts, true, createId);
  }
  if (Object.keys(item).length > 0) out[itemPath] = item;
  return out;
}
