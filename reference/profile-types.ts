/**
 * The shape of a reference-service profile. A profile is plain JSON-serialisable data: every
 * behaviour the reference models (which fields it takes, which values it checks, which codes it
 * answers with) is read from here, so that `PUT /_reference/profile` can swap all of it at once.
 * The values of the built-in profiles, and why each was chosen, live in profiles.ts.
 */

/** Which properties a create body may, must or must not carry. */
export type PresenceModel = TypedPresence | RulePresence;

/** The service deserialises the body into an entity type, as an OData service does. */
export interface TypedPresence {
  kind: 'typed';
  /** Entity type named in "does not exist on type" messages. */
  typeName: string;
  /** Properties the caller may set. */
  writable: string[];
  /** Properties the type has but the caller may not set. */
  readOnly: string[];
  /** Writable properties that must be present. */
  required: string[];
  /** What happens to a property outside `writable` (read-only or not defined at all). */
  undefinedProperties: UndefinedPropertyPolicy;
}

export type UndefinedPropertyPolicy =
  /** Any one such property alone is answered with 400. */
  | { mode: 'reject-each' }
  /** Only a body carrying every one of `fields` is answered with 400; other such properties are ignored. */
  | { mode: 'reject-together'; fields: string[] }
  /** Such properties are dropped silently. */
  | { mode: 'ignore' };

/** The body's set of present fields is checked against a boolean expression (lib/rule/expression.ts). */
export interface RulePresence {
  kind: 'rule';
  /** Fields the rule is about, in the order messages name them. */
  fields: string[];
  /** Expression over field names, e.g. `notificationUrl && !resource`. */
  accept: string;
  /**
   * JSON type each field's value must have (a field not named: a string), so that a rule profile can
   * serve an operation whose good values are not all strings (Graph's includeResourceData is a boolean).
   */
  types?: Record<string, JsonValueType>;
  /** Boolean flags that count as present in `accept` only when their value is `true` (false or absent: not present). */
  trueOnly?: string[];
}

export type JsonValueType = 'string' | 'boolean' | 'number' | 'object' | 'array';

/** Where the service takes creates: the operation's collection path and method (default: the v2.0 drive path, POST). */
export interface ServedOperation {
  /** Collection path, e.g. `/subscriptions`; an item is `<path>/<id>` (GET, DELETE). */
  path: string;
  method: string;
}

export type TimestampFormat =
  /** Any ISO 8601 date-time with seconds optional and a zone (`Z` or `±hh:mm`); converted to UTC. */
  | 'iso8601-with-zone'
  /** UTC with a trailing `Z`, fraction optional. */
  | 'utc-z'
  /** Exactly `YYYY-MM-DDThh:mm:ss.sssZ`. */
  | 'utc-z-millis';

/** Checks on the values of the fields the typed model knows. */
export interface ValueRules {
  notificationUrl: { requireHttps: boolean };
  expirationDateTime: {
    format: TimestampFormat;
    maxLifetimeMinutes: number;
    /** Sentence appended to lifetime errors, in the words of the modelled service. */
    hint: string;
    /**
     * The whole message of a lifetime past the maximum, in place of the reference's (which names the value, then the
     * hint): a service whose refusal states the limit and nothing else ("Subscription expiration can only be 4230
     * minutes in the future.").
     */
    pastMaximumMessage?: string;
  };
  clientState: { maxLength: number };
  changeType: { allowed: string[] };
  /** Regular expression (source text) a `resource` value must match. */
  resource: { pattern: string };
}

export interface ErrorCodes {
  invalidRequest: string;
  unauthenticated: string;
  notFound: string;
  methodNotAllowed: string;
  tooLarge: string;
  requestTimeout: string;
  throttled: string;
  unavailable: string;
  internal: string;
}

export interface ReferenceProfile {
  name: string;
  description: string;
  /** The operation served; absent: POST /_api/v2.0/drive/root/subscriptions (spec §4). */
  operation?: ServedOperation;
  presence: PresenceModel;
  /** `strings-only`: every present field must be a JSON string, nothing more is checked. */
  values: ValueRules | 'strings-only';
  /** Lifetime given to a subscription whose body has no expirationDateTime (when that is allowed). */
  defaultLifetimeMinutes: number;
  record: {
    /** `drive-item`: `/drives/{driveId}/items/{rootItemId}`; `echo-request`: the body's resource when it has one. */
    resource: 'drive-item' | 'echo-request';
    driveId: string;
    rootItemId: string;
    application: { id: string; displayName: string };
  };
  auth: { realm: string };
  errors: {
    /**
     * `drive-v2`: `{error: {code, message, innererror}}`;
     * `graph`: `{error: {code, message, innerError: {date, request-id, client-request-id}}}`;
     * `fastapi`: a refused body is 422 `{detail: [{type, loc, msg}]}`, any other error `{detail: message}` (reference/errors.ts);
     * `sharepoint`: SharePoint's OData-verbose `{error: {code, message: {lang, value}}}`.
     */
    shape: 'drive-v2' | 'graph' | 'fastapi' | 'sharepoint';
    codes: ErrorCodes;
    /**
     * Every refusal of a body for its fields or values carries this message and names no property (absent: each
     * problem's own message): a service that says nothing of why, whose refusals a client cannot tell apart.
     */
    bodyMessage?: string;
  };
  request: {
    maxBodyBytes: number;
    oversizeStatus: 400 | 413;
    wrongContentTypeStatus: 400 | 415;
  };
  validationHandshake: HandshakeRules;
  notifications: NotificationRules;
  /** Read, list, renew and delete of a created subscription; absent: DEFAULT_LIFECYCLE (profiles.ts). */
  lifecycle?: LifecycleRules;
  /** What already exists decides a create too (reference/state.ts); absent: nothing does. */
  state?: StateRules;
  /**
   * The drive's other operations served beside the subscription create (reference/drive-items.ts): a folder under
   * root, an item in a folder, an invitation to an item, and their deletes; absent: only the subscription endpoints.
   */
  driveItems?: DriveItemRules;
}

/**
 * One create of the drive's other operations: a body is accepted exactly when `accept` holds over its present fields
 * (lib/rule/expression.ts; a `trueOnly` flag counts only when true). A refused body is answered with the first of
 * `refusals` whose `unless` does not hold, so that the answer names a property without saying the whole rule.
 */
export interface DriveOperationRules {
  /** Entity type named in "does not exist on type" messages. */
  typeName: string;
  /** Every property the body may carry, with the JSON type of its value; any other property is refused. */
  types: Record<string, JsonValueType>;
  accept: string;
  trueOnly?: string[];
  refusals: DriveRefusal[];
  /** Allowed values of string properties, and of the members of array properties. */
  allowed?: Record<string, string[]>;
}

export interface DriveRefusal {
  /** An expression over the present fields; the refusal applies when it does not hold. */
  unless: string;
  property: string;
  message: string;
}

export interface DriveItemRules {
  /** POST /_api/v2.0/drive/root/children: a folder under root. */
  folderCreate: DriveOperationRules;
  /** POST /_api/v2.0/drive/items/{item-id}/children: a file or folder in a folder. */
  childCreate: DriveOperationRules;
  /** POST /_api/v2.0/drive/items/{item-id}/invite: a permission on an item. */
  invite: DriveOperationRules;
}

/**
 * Refusals that depend on the service's state, not on the body: modelled on public reports (Graph and SharePoint
 * relay them from the workload as `ExtensionError` with the real status inside the text). A body that one of them
 * refuses is accepted once the state that refused it is gone.
 */
export interface StateRules {
  /**
   * A create whose record has the same values of these fields as a live subscription's is refused: 400, "[Status
   * Code: Conflict; ...]" inside (a field absent from both counts as the same).
   */
  conflictKey?: string[];
  /**
   * The app's live subscriptions are capped at `max`: a create beyond is refused 403, "[Status Code: Forbidden;
   * Reason: Maximum number of subscriptions has been reached]" inside. `foreign` of them were made by another
   * client when the profile was set: listed like any other, and a DELETE of one is refused 403.
   */
  quota?: { max: number; foreign: number };
  /**
   * At most `max` live subscriptions whose record's resource starts with `resourcePrefix` (default: every one):
   * beyond, 429 with a Retry-After of 9999-12-31 and "[Status Code: 429; Reason: Resource
   * 'SubscriptionCountReached' has reached limit of 'max'...]" inside.
   */
  countLimit?: { max: number; resourcePrefix?: string };
}

/**
 * The notification-URL validation handshake: before a subscription is created the service POSTs to
 * `notificationUrl?<tokenParameter>=<token>` and wants `200 text/plain` whose body is the decoded token.
 */
export interface HandshakeRules {
  /** Whether creates are validated (a service option or PUT /_reference/handshake can override it). */
  enabled: boolean;
  /** Query parameter carrying the token: `validationtoken` (SharePoint) or `validationToken` (Graph). */
  tokenParameter: string;
  /** `uuid`: a bare UUID; `with-reserved-characters`: a UUID in text with a space, `:`, `+`, `/`, `&` and `=`, so that only a receiver that decodes the query echoes it right. */
  tokenForm: 'uuid' | 'with-reserved-characters';
  /** The whole exchange (connect, answer, body) must be over within this. */
  timeoutMs: number;
  /** Wording of the 400: `sharepoint` "Failed to validate the notification URL ..."; `graph` "Subscription validation request failed. ..." */
  wording: 'sharepoint' | 'graph';
}

/** Notifications sent when a change is simulated (POST /_reference/trigger). */
export interface NotificationRules {
  /**
   * `sharepoint`: `{value: [{subscriptionId, clientState, expirationDateTime, resource, tenantId, siteUrl, webId}]}`;
   * `graph`: `{value: [{subscriptionId, clientState, changeType, resource, subscriptionExpirationDateTime, tenantId}]}`.
   */
  shape: 'sharepoint' | 'graph';
  /** An attempt that has no answer within this has failed. */
  timeoutMs: number;
  /** Further attempts after a failed one (non-2xx, timeout, unreachable). */
  retries: number;
  /** Wait between attempts. */
  retryDelayMs: number;
  tenantId: string;
  /** SharePoint shape only: the site's server-relative URL. */
  siteUrl: string;
  /** SharePoint shape only: the web's id. */
  webId: string;
}

/** What a PATCH of a field other than expirationDateTime does to a subscription. */
export type PatchFieldPolicy = 'apply' | 'ignore' | 'refuse';

/**
 * The subscription's life after create (spec §3, §4 "other operations: not shown"): which item operations exist
 * and how they behave. Absent from a profile: DEFAULT_LIFECYCLE (profiles.ts).
 */
export interface LifecycleRules {
  /** GET {collection}/{id}. */
  read: boolean;
  /** GET {collection}. */
  list: boolean;
  /** PATCH {collection}/{id}: renewal by a later expirationDateTime; false answers 405. */
  renew: boolean;
  /** Per field of a PATCH other than expirationDateTime; a field not named follows `otherFields`. */
  patchFields: Record<string, PatchFieldPolicy>;
  otherFields: PatchFieldPolicy;
  /** Most entries on one list page; more are behind `@odata.nextLink`. */
  listPageSize: number;
  /**
   * Origin the next links are written against (default: the service's own). Another origin models a service
   * behind a proxy that names its inner host; a client must not follow it with its token.
   */
  nextLinkOrigin?: string;
  /** A second DELETE of a deleted subscription answers 204 (true) or 404 itemNotFound (false). */
  deleteIdempotent: boolean;
  /** A deleted subscription is still read (200) and listed, as a service that deletes lazily might; default false. */
  deletedStayReadable?: boolean;
  /** The list shows the newest subscription first (default: oldest first), as a service that sorts by creation might. */
  newestFirst?: boolean;
}
