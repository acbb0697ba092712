/**
 * The subscription endpoints under `/_api/v2.0/drive/root/subscriptions` (spec §4, §9), as a function
 * from a fully read request to an Answer. Its one outside effect, the validation handshake, comes in
 * through the context (server.ts decides whether it is on). Faults, latency and counters are server.ts's job.
 */
import { jsonAnswer, type Answer } from './answer.js';
import { invalid, methodNotAllowed, notFound, type ApiContext, type ApiRequest } from './api-context.js';
import { checkAuthorization, unauthorizedAnswer } from './auth.js';
import { handleDriveItems } from './drive-items.js';
import { idHeaders } from './errors.js';
import { jsonObjectBody } from './json-body.js';
import type { HandshakeFailure } from './handshake.js';
import { formatInstant } from './instant.js';
import { deleteSubscription, listSubscriptions, readSubscription, renewSubscription } from './lifecycle.js';
import type { ReferenceProfile } from './profile-types.js';
import type { SubscriptionRecord } from './store.js';
import { stateRefusal } from './state.js';
import { validateCreateBody, type AcceptedBody } from './validate-body.js';

// spec §4 and §9: the version segment v2.0 right after _api.
// reference choice: matched exactly (case and trailing slash included); anything else is 404 itemNotFound, so a
// wrong version (/_api/v1.0, /_api/v2.1, /_api/drive) answers 404 rather than being served.
export const COLLECTION_PATH = '/_api/v2.0/drive/root/subscriptions';

type Route = { kind: 'collection' } | { kind: 'item'; id: string } | { kind: 'none' };

/** The collection path and create method the profile serves (a rule profile may serve any operation's). */
export function servedOperation(profile: ReferenceProfile): { path: string; method: string } {
  return profile.operation ?? { path: COLLECTION_PATH, method: 'POST' };
}

function route(collection: string, path: string): Route {
  if (path === collection) return { kind: 'collection' };
  if (!path.startsWith(`${collection}/`)) return { kind: 'none' };
  const rest = path.slice(collection.length + 1);
  if (rest === '' || rest.includes('/')) return { kind: 'none' };
  try {
    return { kind: 'item', id: decodeURIComponent(rest) };
  } catch {
    return { kind: 'none' };
  }
}

function buildRecord(ctx: ApiContext, accepted: AcceptedBody): { record: SubscriptionRecord; expiresAtMs: number } {
  const { profile, ids } = ctx;
  const v = accepted.values;
  // Only parsed instants set the lifetime; a rule profile echoes whatever string it was given.
  const expiresAtMs = accepted.expirationEpochMs ?? ids.nowMs + profile.defaultLifetimeMinutes * 60_000;
  const given = v['resource'];
  // Key order as in the docs' example (id, resource, notificationUrl, expirationDateTime, clientState, createdBy).
  const record: SubscriptionRecord = {
    id: ctx.newId(),
    resource:
      profile.record.resource === 'echo-request' && given !== undefined
        ? given
        : `/drives/${profile.record.driveId}/items/${profile.record.rootItemId}`,
    ...(v['changeType'] !== undefined ? { changeType: v['changeType'] } : {}),
    ...(v['notificationUrl'] !== undefined ? { notificationUrl: v['notificationUrl'] } : {}),
    expirationDateTime:
      accepted.expirationEpochMs !== undefined ? formatInstant(expiresAtMs) : (v['expirationDateTime'] ?? formatInstant(expiresAtMs)),
    ...(v['clientState'] !== undefined ? { clientState: v['clientState'] } : {}),
    createdBy: { application: { ...profile.record.application } },
  };
  return { record, expiresAtMs };
}

function stringFields(body: Record<string, unknown>): Record<string, string> {
  const values = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') values[key] = value;
  return values;
}

/** reference choice: innererror codes that tell a test why the handshake failed. */
const HANDSHAKE_CODES: Record<HandshakeFailure, string> = {
  invalidUrl: 'validationInvalidUrl',
  notLoopback: 'validationNotLoopback',
  self: 'validationSelf',
  unreachable: 'validationUnreachable',
  timedOut: 'validationTimedOut',
  badStatus: 'validationBadStatus',
  badContentType: 'validationBadContentType',
  tokenMismatch: 'validationTokenMismatch',
  cancelled: 'validationCancelled',
};

async function create(ctx: ApiContext, req: ApiRequest): Promise<Answer> {
  const { profile } = ctx;
  const read = jsonObjectBody(ctx, req);
  if (!read.ok) return read.answer;
  const { body } = read;
  const verdict = validateCreateBody(profile, body, ctx.ids.nowMs);
  const flipped = ctx.shouldFlip(Object.keys(body));
  const accepted = flipped ? !verdict.ok : verdict.ok;
  const unrelated = accepted && verdict.ok ? ctx.intermittentRefusal?.(Object.keys(body)) : undefined;
  if (unrelated !== undefined) return { ...invalid(ctx, unrelated, 'intermittent'), intermittent: true };
  if (!accepted) {
    if (verdict.ok) return { ...invalid(ctx, 'The request is malformed or incorrect.', 'invalidRequest'), flipped };
    return { ...invalid(ctx, verdict.problem.message, verdict.problem.reason, 400, verdict.problem.property), flipped };
  }
  const url = verdict.ok ? verdict.body.values['notificationUrl'] : undefined;
  // Only a body the profile accepts is validated (the body first, then the URL, as the real services do); a flipped
  // one is a fault's answer and skips it. modelled on public reports (SharePoint/Graph: a failed validation is a 400).
  if (!flipped && url !== undefined && ctx.validateNotificationUrl !== undefined) {
    const checked = await ctx.validateNotificationUrl(url);
    if (!checked.ok) return invalid(ctx, checked.message, HANDSHAKE_CODES[checked.failure]);
  }
  const { record, expiresAtMs } = buildRecord(ctx, verdict.ok ? verdict.body : { values: stringFields(body) });
  const refusedByState = stateRefusal(profile, ctx.store, record, ctx.ids);
  if (refusedByState !== undefined) return { ...refusedByState, stateRefusal: true };
  ctx.store.add(record, expiresAtMs);
  const location = `${ctx.baseUrl}${servedOperation(profile).path}/${encodeURIComponent(record.id)}`;
  // modelled on public reports (onedrive-api-docs, webhooks/create-subscription.md): 201 Created with the record
  return { ...jsonAnswer(201, record, { ...idHeaders(ctx.ids), location }), effect: 'created', flipped };
}

export type { ApiContext, ApiRequest } from './api-context.js';

export async function handleApi(ctx: ApiContext, req: ApiRequest): Promise<Answer> {
  // reference choice: authentication comes before routing, so a bad token on a wrong path is 401, not 404.
  const auth = await checkAuthorization(req.headers.authorization, ctx.tokens, ctx.verifyJwt);
  if (!auth.ok && auth.reason === 'expired') ctx.onExpiredToken?.();
  if (!auth.ok) return unauthorizedAnswer(ctx.profile, auth, ctx.ids);
  const served = servedOperation(ctx.profile);
  const target = route(served.path, req.path);
  if (target.kind === 'none') {
    const driveItems = ctx.profile.driveItems;
    const answered = ctx.drive !== undefined && driveItems !== undefined ? handleDriveItems(ctx, ctx.drive, driveItems, req) : undefined;
    return answered ?? notFound(ctx, 'The resource could not be found.');
  }
  if (target.kind === 'collection') {
    if (req.method === served.method) return create(ctx, req);
    if (req.method === 'GET') return listSubscriptions(ctx, served.path, req.query);
    return methodNotAllowed(ctx, req.method, served.method === 'GET' ? 'GET' : `GET, ${served.method}`);
  }
  if (req.method === 'GET') return readSubscription(ctx, target.id);
  if (req.method === 'DELETE') return deleteSubscription(ctx, target.id);
  if (req.method === 'PATCH') return renewSubscription(ctx, target.id, req.body);
  return methodNotAllowed(ctx, req.method, 'GET, PATCH, DELETE');
}
