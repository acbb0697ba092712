/**
 * The embedded reference service: a local model of the drive service's subscription endpoint, so that
 * the suite can be run, and tested, without a tenant. Every modelled choice lives in a profile
 * (profiles.ts); faults (faults.ts) and counters (stats.ts) let tests check how a client behaves.
 */
export { startReferenceService } from './server.js';
export { PROFILES, ruleProfile, resolveProfile } from './profiles.js';
export { parseProfileInput, ProfileError } from './profile-json.js';
export { checkFaults } from './faults.js';
export { COLLECTION_PATH } from './subscriptions.js';
export { ADMIN_PREFIX } from './admin.js';
export { RETRY_AFTER_TOLERANCE_MS } from './stats.js';
export type { ReferenceService, ReferenceServiceOptions } from './service-types.js';
export type {
  ReferenceProfile,
  PresenceModel,
  TypedPresence,
  RulePresence,
  UndefinedPropertyPolicy,
  ValueRules,
  TimestampFormat,
  ErrorCodes,
} from './profile-types.js';
export type { FaultOptions, RetryAfterForm } from './faults.js';
export type { ReferenceStats } from './stats.js';
export type { SubscriptionRecord } from './store.js';
