/**
 * The spec's first observation (spec §4): a body with all five fields, reported answered 400. Its values
 * are good ones (the receiver's URL, a lifetime of three days), so that what explain finds is presence.
 */
export function fiveFieldBody(notificationUrl: string, clientState = 'client-secret-state'): Record<string, string> {
  return {
    changeType: 'updated',
    notificationUrl,
    resource: '/me/drive/root',
    expirationDateTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    clientState,
  };
}
