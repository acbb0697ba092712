/**
 * The embedded reference service: a local model of the drive service's subscription endpoint, so that
 * the suite can be run, and tested, without a tenant. Every modelled choice lives in a profile
 * (profiles.ts); faults (faults.ts) and counters (stats.ts) let tests check how a client behaves. It validates
 * notification URLs (handshake.ts) and sends notifications on demand (deliver.ts), to loopback URLs only.
 */
export { startReferenceService } from './server.js';
export { PROFILES, ruleProfile, resolveProfile, type RuleProfileOptions } from './profiles.js';
export { parseProfileInput } from './profile-json.js';
export { checkFaults, DEFAULT_INTERMITTENT_MESSAGE } from './faults.js';
export { COLLECTION_PATH } from './subscriptions.js';
export { ADMIN_PREFIX } from './admin.js';
export { MAX_NOTIFIED_PER_TRIGGER, MAX_PARALLEL } from './deliver.js';
export { isLoopbackHost } from './loopback.js';
export { IN_FLIGHT_TOLERANCE_MS, RETRY_AFTER_TOLERANCE_MS } from './stats.js';
export type { ReferenceService, ReferenceServiceOptions, HandshakeMode, HandshakeSetting } from './service-types.js';
export type { StateRules } from './profile-types.js';
export { isForeign } from './state.js';
export type { DeliveryReport, SubscriptionDelivery, DeliveryAttempt, DeliveryOutcome } from './deliver.js';
export type { NotificationBody } from './notification-body.js';
export type {
  ReferenceProfile,
  PresenceModel,
  TypedPresence,
  RulePresence,
  JsonValueType,
  ServedOperation,
  UndefinedPropertyPolicy,
  ValueRules,
  TimestampFormat,
  ErrorCodes,
  HandshakeRules,
  NotificationRules,
} from './profile-types.js';
export type { FaultOptions, RetryAfterForm } from './faults.js';
export type { ReferenceStats } from './stats.js';
export type { TokenCheckOptions } from './token-check.js';
export type { SubscriptionRecord } from './store.js';
