/**
 * The body of one notification (spec §6: "notifications are sent to its notificationUrl"; the payload is
 * not shown). A "shoulder tap": it says which subscription fired, not what changed.
 *   sharepoint: modelled on public reports (SharePoint webhook notification resource)
 *   graph:      modelled on public reports (Graph changeNotification for a driveItem)
 */
import type { NotificationRules } from './profile-types.js';
import type { SubscriptionRecord } from './store.js';

export interface NotificationBody {
  value: Record<string, unknown>[];
}

export function notificationBody(rules: NotificationRules, record: SubscriptionRecord): NotificationBody {
  // reference choice: a subscription without clientState gets null, so that the shape never changes
  const clientState = record.clientState ?? null;
  if (rules.shape === 'graph') {
    return {
      value: [
        {
          subscriptionId: record.id,
          clientState,
          changeType: record.changeType ?? 'updated', // modelled on public reports (drive root: only "updated")
          resource: record.resource,
          subscriptionExpirationDateTime: record.expirationDateTime,
          tenantId: rules.tenantId,
        },
      ],
    };
  }
  return {
    value: [
      {
        subscriptionId: record.id,
        clientState,
        expirationDateTime: record.expirationDateTime,
        // reference choice: SharePoint names the list here; the drive's subscription names its resource path
        resource: record.resource,
        tenantId: rules.tenantId,
        siteUrl: rules.siteUrl,
        webId: rules.webId,
      },
    ],
  };
}
