/**
 * The lifecycle's operations in the observed contract: the list on the collection path, and read, renew and delete
 * on the item path, each with the status the target gave and, for a 2xx with a body, that answer's own keys (a list
 * page's keys at the page, its entries' keys in `value`'s items), each field the record has with its origin. Where
 * the report has no keys of the answer itself (an older report, or too many keys), the record's fields as seen in
 * the create's answer stand in. Built from the report's `lifecycle` alone; nothing when the lifecycle suite did not run.
 */
import { isSuccessStatus } from '../http/status.js';
import type { Json } from '../json.js';
import type { AnswerFields, LifecycleFacts, OperationFact } from '../lifecycle/types.js';

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

/** An answer as its own keys: each with the types seen, and the record's origin where the record has that field. */
function fieldsSchema(fields: AnswerFields, facts: LifecycleFacts, withOrigin: boolean): Json {
  const properties: Json = {};
  for (const [name, types] of Object.entries(fields)) {
    const origin = withOrigin ? facts.record.fields[name]?.origin : undefined;
    properties[name] = {
      type: types.length === 1 ? types[0] : types,
      ...(origin !== undefined && origin !== 'dropped' ? { 'x-observed': { origin } } : {}),
    };
  }
  return { type: 'object', properties };
}

/** The 2xx answer's schema: the answer's own keys when the report has them, else the record's (list: in `value`). */
function answerSchema(name: string, op: OperationFact, facts: LifecycleFacts): Json {
  if (name !== 'list') return op.fields !== undefined ? fieldsSchema(op.fields, facts, true) : recordSchema(facts);
  const entries = facts.operations.list.entryFields;
  const items = entries !== undefined ? fieldsSchema(entries, facts, true) : recordSchema(facts);
  if (op.fields === undefined) return { type: 'object', properties: { value: { type: 'array', items } } };
  const page = fieldsSchema(op.fields, facts, false);
  (page.properties as Json).value = { type: 'array', items };
  return page;
}

/** The operationId a lifecycle operation gets: the create's, then the step (`subscription-create-read`). */
export function lifecycleOperationId(createId: string, name: string): string {
  return `${createId}-${name}`;
}

function operationOf(name: string, op: OperationFact, facts: LifecycleFacts, withId: boolean, createId: string | undefined): Json {
  const status = String(op.status);
  const body = !isSuccessStatus(op.status) || op.status === 204 ? undefined : answerSchema(name, op, facts);
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
