/**
 * The probe's notification receiver: answers validation handshakes, records notifications, and
 * misbehaves on demand. startReceiver in the process that owns it; ReceiverClient in a worker.
 */
export { startReceiver, NOTIFICATION_PATH, MAX_WAIT_MS, type Receiver, type ReceiverOptions, type NotificationPredicate } from './server.js';
export { ReceiverClient, type ReceiverControl } from './client.js';
export { CONTROL_PREFIX, CONTROL_KEY_HEADER } from './control.js';
export { startRunReceiver } from './for-run.js';
export { checkMode, MAX_DELAY_MS } from './mode.js';
export { scopedUrl, scopeOf, MAX_SCOPES } from './scope.js';
export { matchesFilter, notificationItems } from './filter.js';
export { validationRequest } from './handshake.js';
export { ReceiverTimeoutError, ReceiverClosedError, ReceiverControlError } from './errors.js';
export * from './types.js';
