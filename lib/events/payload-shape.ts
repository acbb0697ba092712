/**
 * What a notification looked like (spec §6: the payload is not shown), compared with the two shapes
 * public documentation describes (shared/reference-notes.md): SharePoint's webhook notification and
 * Graph's change notification for a drive item. Keys only, never values: the finding is about shape.
 */
import { notificationItems } from '../receiver/filter.js';
import type { ReceivedNotification } from '../receiver/types.js';
import { spec6Open } from './spec-refs.js';

const KNOWN_SHAPES = {
  // modelled on public reports (SharePoint webhook notification resource)
  SharePoint: ['subscriptionId', 'clientState', 'expirationDateTime', 'resource', 'tenantId', 'siteUrl', 'webId'],
  // modelled on public reports (Graph changeNotification for a driveItem)
  Graph: ['subscriptionId', 'clientState', 'changeType', 'resource', 'subscriptionExpirationDateTime', 'tenantId'],
} as const;

export type ShapeName = keyof typeof KNOWN_SHAPES;

export interface PayloadShape {
  /** `value-array`: `{"value": [...]}`; `object`: one bare object; `not-json`: anything else. */
  wrapper: 'value-array' | 'object' | 'not-json';
  items: number;
  /** Keys of the item that speaks of the subscription (the first item when none is given), in body order. */
  keys: string[];
  /** Other top-level keys next to `value`. */
  topLevelKeys: string[];
  /** The known shape whose keys it has exactly, else the closest one with what differs; undefined when it shares none. */
  closest: { name: ShapeName; exact: boolean; missing: string[]; extra: string[] } | undefined;
  contentType: string | undefined;
}

export function payloadShape(n: ReceivedNotification, item?: Record<string, unknown>): PayloadShape {
  const body = n.body;
  const isObject = body !== null && typeof body === 'object' && !Array.isArray(body);
  const wrapper = !isObject ? 'not-json' : Array.isArray((body as { value?: unknown }).value) ? 'value-array' : 'object';
  const items = notificationItems(body);
  const keys = Object.keys(item ?? items[0] ?? {});
  const topLevelKeys = wrapper === 'value-array' ? Object.keys(body as object).filter((k) => k !== 'value') : [];
  return { wrapper, items: items.length, keys, topLevelKeys, closest: closestShape(keys), contentType: n.headers['content-type'] };
}

function closestShape(keys: string[]): PayloadShape['closest'] {
  let best: PayloadShape['closest'];
  let bestScore = 0;
  for (const name of Object.keys(KNOWN_SHAPES) as ShapeName[]) {
    const known: readonly string[] = KNOWN_SHAPES[name];
    const shared = keys.filter((k) => known.includes(k)).length;
    const missing = known.filter((k) => !keys.includes(k));
    const extra = keys.filter((k) => !known.includes(k));
    // Shared keys count, differences cost: ties go to the shape with fewer differences.
    const score = shared * 100 - missing.length - extra.length;
    if (shared > 0 && score > bestScore) {
      bestScore = score;
      best = { name, exact: missing.length === 0 && extra.length === 0, missing, extra };
    }
  }
  return best;
}

/** The shape in plain words, e.g. `{"value": [1 item]} with keys a, b: exactly the SharePoint shape; Content-Type application/json`. */
export function describePayloadShape(s: PayloadShape): string {
  if (s.wrapper === 'not-json') return `a body that is not a JSON object; Content-Type ${s.contentType ?? '(none)'}`;
  const outer =
    s.wrapper === 'value-array'
      ? `{"value": [${s.items} item${s.items === 1 ? '' : 's'}]${s.topLevelKeys.length > 0 ? ` + ${s.topLevelKeys.join(', ')}` : ''}}`
      : 'a bare object';
  const closest =
    s.closest === undefined
      ? 'neither the SharePoint nor the Graph shape'
      : s.closest.exact
        ? `exactly the ${s.closest.name} shape`
        : `closest to the ${s.closest.name} shape${s.closest.missing.length > 0 ? `, without ${s.closest.missing.join(', ')}` : ''}${s.closest.extra.length > 0 ? `, with ${s.closest.extra.join(', ')} besides` : ''}`;
  return `${outer} with keys ${s.keys.length > 0 ? s.keys.join(', ') : '(none)'}: ${closest}; Content-Type ${s.contentType ?? '(none)'}`;
}

/** The payload-shape case's verdict: the spec shows no payload (§6), so what the notification carried is recorded. */
export function judgePayloadShape(n: ReceivedNotification): {
  verdict: 'INFORMATIONAL';
  specRef: string;
  observed: string;
  finding: string;
} {
  const shape = describePayloadShape(payloadShape(n));
  return {
    verdict: 'INFORMATIONAL',
    specRef: `${spec6Open('notification payload')}; ${spec6Open('delivery headers')}`,
    observed: shape,
    finding: `notification body: ${shape}`,
  };
}
