/**
 * A subscription's life after create (spec §3 and §4: "not shown"): read, list, renew (PATCH) and delete of an item,
 * as the profile's LifecycleRules say. Pure functions from a read request to an Answer, like subscriptions.ts.
 */
import { jsonAnswer, type Answer } from './answer.js';
import { invalid, methodNotAllowed, notFound, type ApiContext } from './api-context.js';
import { errorAnswer, idHeaders } from './errors.js';
import { formatInstant, parseInstant } from './instant.js';
import type { LifecycleRules, ReferenceProfile } from './profile-types.js';
import { DEFAULT_LIFECYCLE } from './profiles.js';
import { isForeign } from './state.js';
import type { SubscriptionRecord } from './store.js';

export function lifecycleOf(profile: ReferenceProfile): LifecycleRules {
  return profile.lifecycle ?? DEFAULT_LIFECYCLE;
}

/** The methods an item answers, for the Allow header of a 405. */
function itemMethods(rules: LifecycleRules): string {
  return [...(rules.read ? ['GET'] : []), ...(rules.renew ? ['PATCH'] : []), 'DELETE'].join(', ');
}

const shown = (id: string): string => id.slice(0, 80);

/** The page's first index from `$skiptoken` (reference choice: an offset, opaque to clients), 0 when absent or bad. */
function skipOf(query: string | undefined): number {
  const token = new URLSearchParams(query ?? '').get('$skiptoken');
  const n = token === null ? 0 : Number(token);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/**
 * GET {collection}: one page of live subscriptions, and `@odata.nextLink` when more follow.
 * modelled on public reports (Graph: list subscriptions pages with @odata.nextLink); reference choice: the
 * skip token is an offset, and a next link is absolute (Graph's are).
 */
export function listSubscriptions(ctx: ApiContext, collection: string, query: string | undefined): Answer {
  const rules = lifecycleOf(ctx.profile);
  if (!rules.list) return methodNotAllowed(ctx, 'GET', ctx.profile.operation?.method ?? 'POST');
  // reference choice (newestFirst): a service that sorts its list by creation, newest first
  const live = ctx.store.list(ctx.ids.nowMs);
  const all = [
    ...(rules.newestFirst === true ? live.reverse() : live),
    ...(rules.deletedStayReadable === true ? ctx.store.listDeleted() : []),
  ];
  const from = skipOf(query);
  const size = Math.max(1, Math.floor(rules.listPageSize));
  const page: Record<string, unknown> = { value: all.slice(from, from + size) };
  if (from + size < all.length) {
    const origin = rules.nextLinkOrigin ?? new URL(ctx.baseUrl).origin;
    const prefix = rules.nextLinkOrigin === undefined ? new URL(ctx.baseUrl).pathname.replace(/\/+$/, '') : '';
    page['@odata.nextLink'] = `${origin}${prefix}${collection}?$skiptoken=${from + size}`;
  }
  return jsonAnswer(200, page, idHeaders(ctx.ids));
}

export function readSubscription(ctx: ApiContext, id: string): Answer {
  const rules = lifecycleOf(ctx.profile);
  if (!rules.read) return methodNotAllowed(ctx, 'GET', itemMethods(rules));
  // reference choice (deletedStayReadable): a service that deletes lazily still reads a deleted subscription
  const found = ctx.store.get(id, ctx.ids.nowMs) ?? (rules.deletedStayReadable === true ? ctx.store.getDeleted(id) : undefined);
  // modelled on public reports (onedrive-api-docs: GET /subscriptions/{id} -> 200 with the subscription)
  return found === undefined ? notFound(ctx, `The subscription '${shown(id)}' was not found.`) : jsonAnswer(200, found, idHeaders(ctx.ids));
}

export function deleteSubscription(ctx: ApiContext, id: string): Answer {
  const rules = lifecycleOf(ctx.profile);
  const found = ctx.store.get(id, ctx.ids.nowMs);
  // reference choice: another client's subscription is not this caller's to delete (a run must never try).
  if (found !== undefined && isForeign(found)) {
    return {
      ...errorAnswer(ctx.profile, 403, 'accessDenied', 'The subscription belongs to another application.', 'accessDenied', ctx.ids),
      foreignDelete: true,
    };
  }
  // modelled on public reports (onedrive-api-docs: DELETE .../subscriptions/{id} -> 204)
  if (ctx.store.delete(id, ctx.ids.nowMs)) return { status: 204, headers: idHeaders(ctx.ids), effect: 'deleted' };
  if (rules.deleteIdempotent && ctx.store.wasDeleted(id)) return { status: 204, headers: idHeaders(ctx.ids) };
  return notFound(ctx, `The subscription '${shown(id)}' was not found.`);
}

function parseObject(body: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

type Expiry = { ok: true; text: string; epochMs: number | undefined } | { ok: false; answer: Answer };

/** A renewal's new expirationDateTime under the profile's value rules (the same as at create). */
function renewedExpiry(ctx: ApiContext, value: unknown): Expiry {
  if (typeof value !== 'string')
    return { ok: false, answer: invalid(ctx, "The property 'expirationDateTime' must be a string (Edm.DateTimeOffset).", 'wrongType') };
  const rules = ctx.profile.values;
  if (rules === 'strings-only') return { ok: true, text: value, epochMs: undefined };
  const rule = rules.expirationDateTime;
  const instant = parseInstant(value, rule.format);
  if (!instant.ok) return { ok: false, answer: invalid(ctx, `The expirationDateTime is not valid: ${instant.reason}.`, 'invalidValue') };
  if (instant.epochMs <= ctx.ids.nowMs)
    return { ok: false, answer: invalid(ctx, `The expirationDateTime is not in the future. ${rule.hint}`, 'invalidValue') };
  // modelled on public reports (Graph: a renewal past the resource's maximum lifetime is refused; SharePoint: within 6 months)
  if (instant.epochMs - ctx.ids.nowMs > rule.maxLifetimeMinutes * 60_000) {
    return {
      ok: false,
      answer: invalid(
        ctx,
        `The expirationDateTime is more than ${rule.maxLifetimeMinutes} minutes in the future. ${rule.hint}`,
        'invalidValue',
      ),
    };
  }
  return { ok: true, text: formatInstant(instant.epochMs), epochMs: instant.epochMs };
}

/**
 * PATCH {collection}/{id}: renewal by a later expirationDateTime, 200 with the record (modelled on public reports:
 * onedrive-api-docs and Graph update subscription). Each other field follows the profile's policy: applied, ignored
 * (200, unchanged) or refused (400 invalidRequest, nothing changed). The first refusal answers; nothing is half-applied.
 */
export function renewSubscription(ctx: ApiContext, id: string, body: Buffer): Answer {
  const rules = lifecycleOf(ctx.profile);
  if (!rules.renew) return methodNotAllowed(ctx, 'PATCH', itemMethods(rules));
  const found = ctx.store.get(id, ctx.ids.nowMs);
  if (found === undefined) return notFound(ctx, `The subscription '${shown(id)}' was not found.`);
  const patch = parseObject(body);
  if (patch === undefined) return invalid(ctx, 'The request body must be a JSON object.', 'notAnObject');
  const record: SubscriptionRecord = { ...found };
  let expiresAtMs: number | undefined;
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'expirationDateTime') {
      const expiry = renewedExpiry(ctx, value);
      if (!expiry.ok) return expiry.answer;
      record.expirationDateTime = expiry.text;
      expiresAtMs = expiry.epochMs;
      continue;
    }
    const policy = Object.hasOwn(rules.patchFields, key) ? rules.patchFields[key] : rules.otherFields;
    if (policy === 'ignore') continue;
    if (policy === 'refuse' || typeof value !== 'string' || key === 'id' || key === 'createdBy') {
      return invalid(ctx, `The property '${key.slice(0, 80)}' cannot be changed on an existing subscription.`, 'readOnlyProperty');
    }
    (record as unknown as Record<string, unknown>)[key] = value;
  }
  ctx.store.update(record, expiresAtMs, ctx.ids.nowMs);
  return jsonAnswer(200, record, idHeaders(ctx.ids));
}
