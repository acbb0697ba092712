/** The words of spec §6 (Events) that the events suite checks or records against. */
export const SPEC_6_DELIVERY = 'spec §6 "A subscription causes notifications to be sent to its notificationUrl"';
export const SPEC_6_CLIENT_STATE = 'spec §6 "The caller-supplied clientState string is part of the subscription"';
/** What spec §6 leaves open; each part names the item it records. */
export const spec6Open = (item: 'notification payload' | 'delivery headers' | 'retries' | 'validation of the notification URL'): string =>
  `open: spec §6 "${item}: not shown"`;
