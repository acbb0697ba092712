import type { OperationSpec } from './types.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const COLLECTION = '/_api/v2.0/drive/root/subscriptions';

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
      // The only value every known service that has the field accepts for a drive root (reference-notes: Graph).
      good: () => 'updated',
      classes: [],
    },
    {
      name: 'notificationUrl',
      specRef: 'spec §2 (an absolute URL)',
      good: (ctx) => ctx.notificationUrl,
      classes: [],
    },
    {
      name: 'resource',
      specRef: 'spec §2 (of the form /<resource_path>)',
      // A path that the Graph form of the API accepts for the signed-in user's drive root.
      good: () => '/me/drive/root',
      classes: [],
    },
    {
      name: 'expirationDateTime',
      specRef: 'spec §2 (ISO 8601 UTC with milliseconds and a trailing Z)',
      // Two days ahead: inside every lifetime limit known (Graph's 42,300 minutes is the smallest).
      good: (ctx) => new Date(ctx.now.getTime() + 2 * DAY_MS).toISOString(),
      classes: [],
    },
    {
      name: 'clientState',
      specRef: 'spec §2 (free-form string) and §6 (part of the subscription)',
      good: (ctx) => `probe-${ctx.unique}`,
      classes: [],
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
