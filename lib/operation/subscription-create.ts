import { changeTypeClasses } from './classes/change-type.js';
import { clientStateClasses, clientStateOfLength } from './classes/client-state.js';
import { expirationDateTimeClasses, specInstant } from './classes/expiration-date-time.js';
import { notificationUrlClasses } from './classes/notification-url.js';
import { resourceClasses } from './classes/resource.js';
import type { OperationSpec, ValueContext } from './types.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const COLLECTION = '/_api/v2.0/drive/root/subscriptions';

// The only value every known service that has the field accepts for a drive root (reference-notes: Graph).
const goodChangeType = (): string => 'updated';
const goodNotificationUrl = (ctx: ValueContext): string => ctx.notificationUrl;
// A path that the Graph form of the API accepts for the signed-in user's drive root.
const goodResource = (): string => '/me/drive/root';
// Two days ahead: inside every lifetime limit known (Graph's 42,300 minutes is the smallest).
const goodExpiration = (ctx: ValueContext): string => specInstant(ctx, 2 * DAY_MS);
const goodClientState = (ctx: ValueContext): string => `probe-${ctx.unique}`;

/**
 * spec §4 "Create a subscription": POST {base_url}/_api/v2.0/drive/root/subscriptions,
 * Content-type application/json, Authorization Bearer, a JSON object with five fields (spec §2).
 */
export const subscriptionCreate: OperationSpec = {
  id: 'subscription-create',
  summary: 'Create a webhook subscription on the drive root',
  method: 'POST',
  path: COLLECTION,
  headers: { 'content-type': 'application/json' },
  fields: [
    {
      name: 'changeType',
      specRef: 'spec §2 (allowed values: not shown)',
      good: goodChangeType,
      classes: changeTypeClasses(goodChangeType),
    },
    {
      name: 'notificationUrl',
      specRef: 'spec §2 (an absolute URL)',
      good: goodNotificationUrl,
      classes: notificationUrlClasses(goodNotificationUrl),
    },
    {
      name: 'resource',
      specRef: 'spec §2 (of the form /<resource_path>)',
      good: goodResource,
      classes: resourceClasses(goodResource),
    },
    {
      name: 'expirationDateTime',
      specRef: 'spec §2 (ISO 8601 UTC with milliseconds and a trailing Z)',
      good: goodExpiration,
      classes: expirationDateTimeClasses(),
    },
    {
      name: 'clientState',
      specRef: 'spec §2 (free-form string) and §6 (part of the subscription)',
      good: goodClientState,
      classes: clientStateClasses(goodClientState),
    },
  ],
  // spec §8: "Limits (maximum subscription lifetime, ... size bounds): not shown". Found by probing.
  // spec §4 "Observed behaviour": the five fields without changeType and resource "was reported to be accepted".
  reportedAccepted: ['notificationUrl', 'expirationDateTime', 'clientState'],
  limits: [
    {
      id: 'longest-lifetime',
      field: 'expirationDateTime',
      name: 'longest accepted lifetime',
      unit: 'minutes',
      specRef: 'open: spec §8 (maximum subscription lifetime not shown)',
      // x minutes after the moment the body is built. The request reaches the target a little later,
      // so the lifetime it sees is a little shorter: never longer, so a limit is never overstated.
      make: (x, ctx) => specInstant(ctx, x * MINUTE_MS),
      low: 1,
      high: 10 * 365 * 24 * 60,
    },
    {
      id: 'longest-client-state',
      field: 'clientState',
      name: 'longest accepted clientState',
      unit: 'characters',
      specRef: 'open: spec §8 (size bounds not shown)',
      make: (x, ctx) => clientStateOfLength(x, ctx),
      low: 1,
      high: 4096,
    },
  ],
  cleanup: {
    idFrom: (body) =>
      typeof body === 'object' && body !== null && typeof (body as { id?: unknown }).id === 'string'
        ? (body as { id: string }).id
        : undefined,
    deletePath: (id) => `${COLLECTION}/${encodeURIComponent(id)}`,
  },
};
