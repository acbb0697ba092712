/**
 * The built-in profiles: every modelled choice of the reference service, in one place.
 * Each choice says where it comes from:
 *   `spec §N`                         the spec (shared/spec/subscription-create.md) says so;
 *   `modelled on public reports (…)`  the vendor's docs or users' reports (shared/reference-notes.md);
 *   `reference choice`                neither says; the reference picks something plausible and a profile can change it.
 */
import { Rule } from '../lib/rule/rule.js';
import { DRIVE_ITEM_RULES } from './drive-rules.js';
import type { JsonValueType, LifecycleRules, ReferenceProfile, ServedOperation } from './profile-types.js';

/**
 * The subscription's life after create, as the OneDrive API documents it: read, renew and delete of an item
 * (spec §3 and §4 leave them "not shown").
 */
export const DEFAULT_LIFECYCLE: LifecycleRules = {
  // modelled on public reports (onedrive-api-docs, webhooks/webhooks.md: GET /subscriptions/{id})
  read: true,
  // reference choice: the OneDrive docs show no list; Graph's GET /subscriptions is modelled (microsoft-graph-docs-contrib)
  list: true,
  // modelled on public reports (onedrive-api-docs, webhooks/webhooks.md: renewal by PATCH of expirationDateTime)
  renew: true,
  patchFields: {
    // reference choice: notificationUrl is a writable property of the v2.0 type (onedrive-api-docs, resources/subscription.md), so a PATCH applies it
    notificationUrl: 'apply',
    // reference choice: clientState is writable at create but a PATCH leaves it as it was, answering 200
    clientState: 'ignore',
    // modelled on public reports (onedrive-api-docs, resources/subscription.md: resource is read-only)
    resource: 'refuse',
    // modelled on public reports (reference-notes: the v2.0 type has no changeType)
    changeType: 'refuse',
  },
  // reference choice: a property the type does not define is refused, as at create
  otherFields: 'refuse',
  // reference choice: small, so that a run's own few subscriptions already span pages (Graph pages with @odata.nextLink)
  listPageSize: 2,
  // modelled on public reports (onedrive-api-docs errors: itemNotFound for an item that is not there)
  deleteIdempotent: false,
};

const DEFAULT_PROFILE: ReferenceProfile = {
  name: 'default',
  description:
    'The v2.0 drive API subscription type (oneDrive.subscription): resource is read-only, changeType does not exist, ' +
    'either one alone is answered with 400 invalidRequest.',
  presence: {
    kind: 'typed',
    // modelled on public reports (microsoft-graph-docs#8063, onedrive-api-docs#1275): the type named in the 400 message
    typeName: 'oneDrive.subscription',
    // modelled on public reports (onedrive-api-docs, resources/subscription.md): the settable properties of the v2.0 type
    writable: ['notificationUrl', 'expirationDateTime', 'clientState'],
    // modelled on public reports (onedrive-api-docs, resources/subscription.md): resource is read-only; changeType is not defined at all
    readOnly: ['resource'],
    // spec §4 says which fields are required is not shown.
    // modelled on public reports (user report in reference-notes: expirationDateTime is required on business drives);
    // notificationUrl: reference choice (a subscription without a URL has nowhere to notify)
    required: ['notificationUrl', 'expirationDateTime'],
    // spec §4: all five fields -> 400, without changeType and resource -> accepted. Whether each alone triggers the 400
    // is not shown (reference-notes mark it uncertain). reference choice: either one alone, which fits the public
    // reports (microsoft-graph-docs#8063, onedrive-api-docs#1275) whose messages name a single property.
    // The other reading is the built-in profile 'v2-together'.
    undefinedProperties: { mode: 'reject-each' },
  },
  values: {
    // spec §2: an absolute URL. Scheme: reference choice (http allowed; graph-like requires https)
    notificationUrl: { requireHttps: false },
    expirationDateTime: {
      // spec §2 describes the field as UTC with milliseconds and Z; accepting any ISO 8601 instant with a zone and
      // converting it is a reference choice (an OData Edm.DateTimeOffset property takes offsets too)
      format: 'iso8601-with-zone',
      // modelled on public reports (SharePoint webhooks docs: lifetime at most 180 days)
      maxLifetimeMinutes: 180 * 24 * 60,
      // modelled on public reports (SharePoint webhooks docs: the words of its error)
      hint: 'Should be greater than today and within 6 months.',
    },
    // reference choice: the v2.0 docs give no limit; 255 is the larger of the two limits the Graph pages give
    clientState: { maxLength: 255 },
    // unreachable in this profile (changeType is not defined), kept so that a profile that makes it writable has a rule
    changeType: { allowed: ['updated'] },
    // unreachable in this profile (resource is read-only); reference choice for profiles that make it writable
    resource: { pattern: '^/?(me/drive/root|drives/[^/\\s]+/root)$' },
  },
  // modelled on public reports (old onedrive-api-docs: six months when expirationDateTime is omitted)
  defaultLifetimeMinutes: 180 * 24 * 60,
  record: {
    // modelled on public reports (onedrive-api-docs, webhooks/create-subscription.md: resource is "/drives/{driveId}/items/{itemId}")
    resource: 'drive-item',
    driveId: 'b!reference-drive-0001',
    rootItemId: '01REFERENCEROOT00000000000000000000',
    application: { id: '5b1a7e9c-0000-4000-8000-00000000c0de', displayName: 'conformance reference client' },
  },
  auth: { realm: 'reference-drive' },
  errors: {
    // modelled on public reports (onedrive-api-docs errors: {error: {code, message, innererror}}, lower camelCase codes)
    shape: 'drive-v2',
    codes: {
      invalidRequest: 'invalidRequest', // spec §7
      unauthenticated: 'unauthenticated', // modelled on public reports (onedrive-api-docs errors)
      notFound: 'itemNotFound', // modelled on public reports (onedrive-api-docs errors)
      methodNotAllowed: 'notSupported', // modelled on public reports (onedrive-api-docs errors: "not supported by the system")
      tooLarge: 'requestTooLarge', // reference choice: no public report names one
      requestTimeout: 'requestTimeout', // reference choice: no public report names one
      throttled: 'activityLimitReached', // modelled on public reports (onedrive-api-docs errors)
      unavailable: 'serviceNotAvailable', // modelled on public reports (onedrive-api-docs errors)
      internal: 'generalException', // modelled on public reports (onedrive-api-docs errors)
    },
  },
  request: {
    // reference choice: 1 MB is far above any real create body; larger ones get 413 before they are read
    maxBodyBytes: 1024 * 1024,
    oversizeStatus: 413,
    // reference choice: a body that is not declared JSON is "malformed" (spec §7 rule 1), hence 400 not 415
    wrongContentTypeStatus: 400,
  },
  // spec §6: validation of the notification URL is not shown; real services do it.
  validationHandshake: {
    // modelled on public reports (SharePoint webhooks overview; OneDrive webhook-receiver-validation-request): the URL is
    // validated during the create request, and the subscription is only created when the receiver answers in time
    enabled: true,
    // modelled on public reports (SharePoint webhooks overview: POST {notificationUrl}?validationtoken={randomString})
    tokenParameter: 'validationtoken',
    // reference choice: the docs only say "{randomString}"; reserved characters make a receiver that echoes the raw,
    // still-encoded query text fail, as "the decoded token" requires
    tokenForm: 'with-reserved-characters',
    // modelled on public reports (SharePoint webhooks: the receiver must answer within 5 seconds)
    timeoutMs: 5_000,
    // modelled on public reports (reference-notes: "Failed to validate the notification URL ...")
    wording: 'sharepoint',
  },
  // spec §6: "a subscription causes notifications to be sent to its notificationUrl"; payload and retries are not shown.
  notifications: {
    // modelled on public reports (SharePoint webhook notification resource: subscriptionId, clientState,
    // expirationDateTime, resource, tenantId, siteUrl, webId inside a "value" array)
    shape: 'sharepoint',
    // modelled on public reports (SharePoint webhooks: the receiver must answer within 5 seconds)
    timeoutMs: 5_000,
    // modelled on public reports (SharePoint retries a failed notification 5 times, 5 minutes apart); reference choice:
    // 3 retries 200 ms apart, so that a test run sees the retries within a second
    retries: 3,
    retryDelayMs: 200,
    // reference choice: made-up but well-formed ids (the reference has no tenant)
    tenantId: '7e3a1c52-0000-4000-8000-0000000aef00',
    siteUrl: '/personal/reference_user',
    webId: 'a9d0c4e1-0000-4000-8000-0000000b0e00',
  },
  lifecycle: DEFAULT_LIFECYCLE,
};

const GRAPH_LIKE_PROFILE: ReferenceProfile = {
  ...DEFAULT_PROFILE,
  name: 'graph-like',
  description:
    'Rules of Graph POST /subscriptions for a drive root: changeType, notificationUrl (https), resource and ' +
    'expirationDateTime required; changeType only "updated"; clientState at most 128; lifetime at most 42300 minutes.',
  presence: {
    kind: 'typed',
    typeName: 'microsoft.graph.subscription', // modelled on public reports (Graph subscription resource type)
    writable: ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'],
    readOnly: [],
    // modelled on public reports (Graph create-subscription docs: all four are required)
    required: ['changeType', 'notificationUrl', 'resource', 'expirationDateTime'],
    undefinedProperties: { mode: 'reject-each' },
  },
  values: {
    notificationUrl: { requireHttps: true }, // modelled on public reports (Graph docs: https only)
    expirationDateTime: {
      format: 'iso8601-with-zone', // modelled on public reports (Graph takes any DateTimeOffset)
      maxLifetimeMinutes: 42_300, // modelled on public reports (Graph subscription lifetime table, driveItem)
      hint: 'Subscription expiration can only be 42300 minutes in the future.',
    },
    clientState: { maxLength: 128 }, // modelled on public reports (Graph subscription resource: 128 characters)
    changeType: { allowed: ['updated'] }, // modelled on public reports (Graph: drive root supports only "updated")
    // reference choice: the two drive-root paths Graph documents, leading slash optional as Graph tolerates it
    resource: { pattern: '^/?(me/drive/root|drives/[^/\\s]+/root)$' },
  },
  defaultLifetimeMinutes: 42_300,
  // modelled on public reports (Graph echoes the resource it was given)
  record: { ...DEFAULT_PROFILE.record, resource: 'echo-request' },
  auth: { realm: 'reference-graph' },
  validationHandshake: {
    enabled: true, // modelled on public reports (Graph change notifications: the endpoint is validated at create)
    tokenParameter: 'validationToken', // modelled on public reports (Graph: POST {notificationUrl}?validationToken={opaqueToken})
    tokenForm: 'with-reserved-characters', // reference choice, as default (Graph's opaque token is text that needs decoding)
    timeoutMs: 10_000, // modelled on public reports (Graph: the endpoint must answer within 10 seconds)
    wording: 'graph', // modelled on public reports (Graph: "Subscription validation request failed ..." / "... timed out.")
  },
  notifications: {
    ...DEFAULT_PROFILE.notifications,
    // modelled on public reports (Graph driveItem change notification: subscriptionId, clientState, changeType,
    // resource, subscriptionExpirationDateTime, tenantId inside a "value" array)
    shape: 'graph',
    timeoutMs: 3_000, // modelled on public reports (Graph: the endpoint must answer within 3 seconds)
    // retries and retryDelayMs: reference choice, as default (Graph retries with back-off over hours)
  },
  lifecycle: {
    ...DEFAULT_LIFECYCLE,
    patchFields: {
      notificationUrl: 'apply', // modelled on public reports (Graph update subscription: notificationUrl may be changed)
      // modelled on public reports (Graph: a renewal changes only expirationDateTime; the rest cannot be changed)
      clientState: 'refuse',
      resource: 'refuse',
      changeType: 'refuse',
    },
    listPageSize: 100, // reference choice: Graph pages its lists; 100 is a common page size of its collections
  },
  errors: {
    shape: 'graph', // modelled on public reports (Graph error body with innerError {date, request-id, client-request-id})
    codes: {
      ...DEFAULT_PROFILE.errors.codes,
      // reference choice: Graph says InvalidRequest/ExtensionError; kept at spec §7's invalidRequest so both profiles share it
      invalidRequest: 'invalidRequest',
      unauthenticated: 'InvalidAuthenticationToken', // modelled on public reports (Graph 401)
    },
  },
};

/** The v2.0 type again, but only changeType and resource together are rejected (the other reading of spec §4). */
const V2_TOGETHER_PROFILE: ReferenceProfile = {
  ...DEFAULT_PROFILE,
  name: 'v2-together',
  description: 'As default, but a 400 only when changeType and resource are both present; either alone is ignored.',
  presence: {
    ...(DEFAULT_PROFILE.presence as Extract<ReferenceProfile['presence'], { kind: 'typed' }>),
    // spec §4: the observation fits this too (all five -> 400, neither -> accepted)
    undefinedProperties: { mode: 'reject-together', fields: ['changeType', 'resource'] },
  },
};

/** The v2.0 type as the old docs describe it: expirationDateTime optional, six months by default. */
const V2_OPTIONAL_EXPIRATION_PROFILE: ReferenceProfile = {
  ...DEFAULT_PROFILE,
  name: 'v2-optional-expiration',
  description: 'As default, but expirationDateTime may be omitted (the subscription then lasts six months).',
  presence: {
    ...(DEFAULT_PROFILE.presence as Extract<ReferenceProfile['presence'], { kind: 'typed' }>),
    // modelled on public reports (old onedrive-api-docs: defaults to six months when omitted)
    required: ['notificationUrl'],
  },
};

/**
 * Graph v1.0 POST /subscriptions over the twelve writable fields of microsoft.graph.subscription (reference-notes:
 * "Graph v1.0 subscription type"), as a presence rule: modelled on public reports (Graph docs: changeType,
 * notificationUrl, resource and expirationDateTime "Required"; encryptionCertificate and encryptionCertificateId
 * "required when includeResourceData is true"). The condition is on the value: includeResourceData counts in the rule
 * only when it is true, so a description whose good value is false sees it optional and a value probe of true in a
 * body without the certificates sees the 400; one whose good value is true sees the dependency. The rest optional.
 * reference choice: values are only checked for their JSON type (includeResourceData a boolean, the rest strings).
 */
export const GRAPH_V1_FIELDS = [
  'changeType',
  'notificationUrl',
  'resource',
  'expirationDateTime',
  'clientState',
  'lifecycleNotificationUrl',
  'includeResourceData',
  'encryptionCertificate',
  'encryptionCertificateId',
  'latestSupportedTlsVersion',
  'notificationQueryOptions',
  'notificationUrlAppId',
];
export const GRAPH_V1_RULE =
  'changeType && notificationUrl && resource && expirationDateTime && (!includeResourceData || encryptionCertificate && encryptionCertificateId)';

/**
 * The default's rules behind FastAPI's default errors: a body refused for its content is 422 with pydantic's
 * `detail` list naming the property, any other error `{"detail": message}`. reference choice: no public
 * report says the real service does this; it is the target a team meets when a gateway or a rewrite in
 * another framework stands in front of the service, and the one the suites' single reading of spec §7
 * rule 1 must judge (a refused body gets 400 invalidRequest: each kind of 422 DEVIATES once).
 */
const FASTAPI_LIKE_PROFILE: ReferenceProfile = {
  ...DEFAULT_PROFILE,
  name: 'fastapi-like',
  description: "As default, but written with FastAPI: a refused body gets 422 with pydantic's detail list naming the property.",
  errors: { ...DEFAULT_PROFILE.errors, shape: 'fastapi' },
};

/**
 * reference choice: a service that implements the create and its undo only. An item answers DELETE, and nothing
 * else; the collection answers creates only; a second DELETE answers 204 (delete as idempotent, HTTP's sense).
 */
const V2_DELETE_ONLY_PROFILE: ReferenceProfile = {
  ...DEFAULT_PROFILE,
  name: 'v2-delete-only',
  description: 'As default, but read, list and renew are not there (405): an item answers DELETE only, and a second DELETE answers 204.',
  lifecycle: { ...DEFAULT_LIFECYCLE, read: false, list: false, renew: false, deleteIdempotent: true },
};

/**
 * reference choice: a service that takes changeType only with a resource to watch (IF changeType THEN resource), the
 * reading of spec §4 under which the all-five body was refused for another reason. Two changes fix a body with
 * changeType and no resource (add resource, or take out changeType): the target for explain's fixes.
 */
const V2_CHANGE_NEEDS_RESOURCE_PROFILE: ReferenceProfile = {
  ...ruleProfile(
    ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'],
    'notificationUrl && expirationDateTime && (!changeType || resource)',
  ),
  name: 'v2-change-needs-resource',
  description: 'As default, but changeType is accepted when resource comes with it, and resource alone is accepted.',
  values: DEFAULT_PROFILE.values,
  validationHandshake: DEFAULT_PROFILE.validationHandshake,
};

/**
 * modelled on public reports (reference/state.ts): the default service whose creates also depend on what exists. A
 * second subscription with the same resource and notification URL is refused while the first lives (400, Conflict
 * inside); the app may hold 8 live subscriptions, 3 of them another client's from the start (403, Forbidden inside);
 * the drive item takes 6 live subscriptions (429, a Retry-After in the year 9999). The rule of the body is default's.
 */
const V2_STATEFUL_PROFILE: ReferenceProfile = {
  ...DEFAULT_PROFILE,
  name: 'v2-stateful',
  description:
    "As default, but a create also depends on what exists: a conflict on resource and notificationUrl, a quota of 8 live subscriptions (3 of them another client's), and a count limit of 6 per drive item answered 429 until 9999.",
  state: { conflictKey: ['resource', 'notificationUrl'], quota: { max: 8, foreign: 3 }, countLimit: { max: 6 } },
};

export const PROFILES: Record<string, ReferenceProfile> = {
  // Only the default serves the drive's other operations: the profiles made from it keep the subscription alone.
  default: { ...DEFAULT_PROFILE, driveItems: DRIVE_ITEM_RULES },
  'graph-like': GRAPH_LIKE_PROFILE,
  'v2-together': V2_TOGETHER_PROFILE,
  'v2-optional-expiration': V2_OPTIONAL_EXPIRATION_PROFILE,
  'v2-delete-only': V2_DELETE_ONLY_PROFILE,
  'fastapi-like': FASTAPI_LIKE_PROFILE,
  'v2-change-needs-resource': V2_CHANGE_NEEDS_RESOURCE_PROFILE,
  'v2-stateful': V2_STATEFUL_PROFILE,
};

PROFILES['graph-v1-rules'] = {
  ...ruleProfile(GRAPH_V1_FIELDS, GRAPH_V1_RULE, {
    name: 'graph-v1-rules',
    operation: { path: '/subscriptions', method: 'POST' }, // modelled on public reports (Graph: POST /v1.0/subscriptions)
    types: { includeResourceData: 'boolean' },
    trueOnly: ['includeResourceData'],
  }),
  description: `Graph v1.0 POST /subscriptions, twelve fields, accepted when: ${GRAPH_V1_RULE}`,
  errors: GRAPH_LIKE_PROFILE.errors,
  auth: GRAPH_LIKE_PROFILE.auth,
  notifications: GRAPH_LIKE_PROFILE.notifications,
  // modelled on public reports (Graph update subscription), as graph-like: only notificationUrl besides the renewal
  ...(GRAPH_LIKE_PROFILE.lifecycle !== undefined ? { lifecycle: GRAPH_LIKE_PROFILE.lifecycle } : {}),
};

/** What a rule profile may add: the operation it serves and the JSON type of fields whose values are not strings. */
export interface RuleProfileOptions {
  name?: string;
  /** The served collection path and create method (default: POST /_api/v2.0/drive/root/subscriptions). */
  operation?: ServedOperation;
  /** JSON type per field; fields not named take strings. */
  types?: Record<string, JsonValueType>;
  /** Boolean flags that count in the rule only when true (RulePresence.trueOnly). */
  trueOnly?: string[];
}

/**
 * A profile for the tool's own tests: a body is accepted exactly when `acceptExpression` holds for its set
 * of present fields; values are only checked to have their JSON type (a string unless `types` says otherwise).
 * With `operation`, it serves any operation's fields at that path, so every suite can run on any description.
 */
export function ruleProfile(fields: string[], acceptExpression: string, options: string | RuleProfileOptions = {}): ReferenceProfile {
  const { name, operation, types, trueOnly } = typeof options === 'string' ? { name: options } : options;
  if (fields.length === 0) throw new RangeError('ruleProfile: fields must name at least one field');
  const rule = Rule.of(acceptExpression); // throws ExpressionSyntaxError with the position
  const unknown = rule.fields.filter((f) => !fields.includes(f));
  if (unknown.length > 0) {
    throw new RangeError(`ruleProfile: the expression names fields that are not in fields: ${unknown.join(', ')}`);
  }
  const strangers = [...Object.keys(types ?? {}), ...(trueOnly ?? [])].filter((f) => !fields.includes(f));
  if (strangers.length > 0)
    throw new RangeError(`ruleProfile: types or trueOnly name fields that are not in fields: ${strangers.join(', ')}`);
  if (operation !== undefined && !(operation.path.startsWith('/') && /^[A-Z]+$/.test(operation.method))) {
    throw new RangeError(
      `ruleProfile: operation needs a path starting with / and an upper-case method, got ${operation.method} ${operation.path}`,
    );
  }
  return {
    ...DEFAULT_PROFILE,
    name: name ?? `rule: ${acceptExpression}`,
    description: `Accepts a body exactly when its present fields satisfy: ${acceptExpression}`,
    ...(operation !== undefined ? { operation: { ...operation } } : {}),
    presence: {
      kind: 'rule',
      fields: [...fields],
      accept: acceptExpression,
      ...(types !== undefined ? { types: { ...types } } : {}),
      ...(trueOnly !== undefined ? { trueOnly: [...trueOnly] } : {}),
    },
    values: 'strings-only',
    // reference choice: presence-rule tests need no receiver; a caller who wants the handshake sets enabled (or the
    // service option `handshake`)
    validationHandshake: { ...DEFAULT_PROFILE.validationHandshake, enabled: false },
  };
}

/** A profile by name, or the profile itself; throws for an unknown name, listing the known ones. */
export function resolveProfile(profile: ReferenceProfile | string): ReferenceProfile {
  // Copies, so that a caller who edits the profile it got cannot change a built-in or the running service.
  if (typeof profile !== 'string') return structuredClone(profile);
  const found = PROFILES[profile];
  if (found === undefined) {
    throw new RangeError(`reference profile '${profile}' is unknown; known: ${Object.keys(PROFILES).join(', ')}`);
  }
  return structuredClone(found);
}
