/**
 * Reads a profile that arrived as JSON (PUT /_reference/profile, REFERENCE_PROFILE): a built-in name,
 * a rule shorthand `{kind: 'rule', fields, accept, name?}`, or a whole profile object. A bad profile is
 * refused with a message that names the path of the bad value, so that a test in another process sees why.
 */
import { Rule } from '../lib/rule/rule.js';
import type { JsonValueType, ReferenceProfile, ServedOperation } from './profile-types.js';
import { resolveProfile, ruleProfile } from './profiles.js';
import { ExpressionSyntaxError, ProfileError } from '../lib/errors.js';

type Check = (value: unknown, path: string) => void;

const fail = (path: string, expected: string): never => {
  throw new ProfileError(`profile: ${path} must be ${expected}`);
};
const str: Check = (v, p) => void (typeof v === 'string' || fail(p, 'a string'));
const strs: Check = (v, p) => void ((Array.isArray(v) && v.every((x) => typeof x === 'string')) || fail(p, 'an array of strings'));
const bool: Check = (v, p) => void (typeof v === 'boolean' || fail(p, 'true or false'));
const positive: Check = (v, p) => void ((typeof v === 'number' && Number.isFinite(v) && v > 0) || fail(p, 'a positive number'));
const wholeIn =
  (min: number, max: number): Check =>
  (v, p) =>
    void ((typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) || fail(p, `a whole number from ${min} to ${max}`));
const queryName: Check = (v, p) =>
  void ((typeof v === 'string' && /^[A-Za-z0-9._~-]{1,64}$/.test(v)) || fail(p, 'a query parameter name (letters, digits, . _ ~ -)'));
const oneOf =
  (...allowed: unknown[]): Check =>
  (v, p) =>
    void (allowed.includes(v) || fail(p, `one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`));
const regex: Check = (v, p) => {
  str(v, p);
  try {
    new RegExp(v as string);
  } catch {
    fail(p, 'a valid regular expression');
  }
};
const expression: Check = (v, p) => {
  str(v, p);
  try {
    Rule.of(v as string);
  } catch (err) {
    if (err instanceof ExpressionSyntaxError) fail(p, `a valid expression (${err.message})`);
    throw err;
  }
};

function obj(shape: Record<string, Check>): Check {
  return (v, p) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) fail(p, 'an object');
    const o = v as Record<string, unknown>;
    for (const [key, check] of Object.entries(shape)) check(o[key], `${p}.${key}`);
  };
}

const JSON_TYPES = ['string', 'boolean', 'number', 'object', 'array'];
const optional =
  (check: Check): Check =>
  (v, p) =>
    void (v === undefined || check(v, p));
const optionalStrs = optional(strs);
const optionalStr = optional(str);
const fieldTypes: Check = (v, p) => {
  if (v === undefined) return;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) fail(p, 'an object');
  for (const [field, type] of Object.entries(v as Record<string, unknown>)) oneOf(...JSON_TYPES)(type, `${p}.${field}`);
};
const servedOperation: Check = (v, p) => {
  if (v === undefined) return;
  obj({
    path: (x, q) => void ((typeof x === 'string' && /^\/[^?#\s]*$/.test(x)) || fail(q, 'a path starting with /')),
    method: (x, q) => void ((typeof x === 'string' && /^[A-Z]+$/.test(x)) || fail(q, 'an upper-case method')),
  })(v, p);
};

const presence: Check = (v, p) => {
  const kind = (v as { kind?: unknown } | null)?.kind;
  if (kind === 'rule') return obj({ kind: str, fields: strs, accept: expression, types: fieldTypes, trueOnly: optionalStrs })(v, p);
  if (kind !== 'typed') fail(`${p}.kind`, "'typed' or 'rule'");
  obj({ kind: str, typeName: str, writable: strs, readOnly: strs, required: strs, undefinedProperties: undefinedPolicy })(v, p);
};

const undefinedPolicy: Check = (v, p) => {
  const mode = (v as { mode?: unknown } | null)?.mode;
  if (mode === 'reject-together') return obj({ mode: str, fields: strs })(v, p);
  if (mode !== 'reject-each' && mode !== 'ignore') fail(`${p}.mode`, "'reject-each', 'reject-together' or 'ignore'");
};

const valueRules = obj({
  notificationUrl: obj({ requireHttps: bool }),
  expirationDateTime: obj({
    format: oneOf('iso8601-with-zone', 'utc-z', 'utc-z-millis'),
    maxLifetimeMinutes: positive,
    hint: str,
    pastMaximumMessage: optionalStr,
  }),
  clientState: obj({ maxLength: positive }),
  changeType: obj({ allowed: strs }),
  resource: obj({ pattern: regex }),
});

const codes = obj(
  Object.fromEntries(
    [
      'invalidRequest',
      'unauthenticated',
      'notFound',
      'methodNotAllowed',
      'tooLarge',
      'requestTimeout',
      'throttled',
      'unavailable',
      'internal',
    ].map((k) => [k, str]),
  ),
);

const patchPolicy = oneOf('apply', 'ignore', 'refuse');
const lifecycle: Check = (v, p) => {
  if (v === undefined) return;
  obj({ read: bool, list: bool, renew: bool, otherFields: patchPolicy, listPageSize: wholeIn(1, 10_000), deleteIdempotent: bool })(v, p);
  const o = v as { patchFields?: unknown; nextLinkOrigin?: unknown; deletedStayReadable?: unknown; newestFirst?: unknown };
  if (o.deletedStayReadable !== undefined) bool(o.deletedStayReadable, `${p}.deletedStayReadable`);
  if (o.newestFirst !== undefined) bool(o.newestFirst, `${p}.newestFirst`);
  if (o.patchFields === null || typeof o.patchFields !== 'object' || Array.isArray(o.patchFields)) fail(`${p}.patchFields`, 'an object');
  for (const [field, policy] of Object.entries(o.patchFields as Record<string, unknown>)) patchPolicy(policy, `${p}.patchFields.${field}`);
  if (o.nextLinkOrigin !== undefined) {
    let origin: string | undefined;
    try {
      origin = typeof o.nextLinkOrigin === 'string' ? new URL(o.nextLinkOrigin).origin : undefined;
    } catch {
      origin = undefined;
    }
    if (origin !== o.nextLinkOrigin) fail(`${p}.nextLinkOrigin`, 'an origin (scheme://host[:port], no path)');
  }
};

// Bounded so that a profile cannot make the reference hold an unbounded number of foreign subscriptions.
const state: Check = optional(
  obj({
    conflictKey: optionalStrs,
    quota: optional(obj({ max: wholeIn(0, 10_000), foreign: wholeIn(0, 10_000) })),
    countLimit: optional(obj({ max: wholeIn(0, 10_000), resourcePrefix: optionalStr })),
  }),
);

const strsRecord: Check = (v, p) => {
  if (v === undefined) return;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) fail(p, 'an object');
  for (const [key, list] of Object.entries(v as Record<string, unknown>)) strs(list, `${p}.${key}`);
};
const driveOperation = obj({
  typeName: str,
  types: (v, p) => (v === undefined ? fail(p, 'an object') : fieldTypes(v, p)),
  accept: expression,
  trueOnly: optionalStrs,
  refusals: (v, p) => {
    if (!Array.isArray(v)) fail(p, 'an array');
    (v as unknown[]).forEach((r, i) => obj({ unless: expression, property: str, message: str })(r, `${p}[${i}]`));
  },
  allowed: strsRecord,
});
const driveItems: Check = optional(obj({ folderCreate: driveOperation, childCreate: driveOperation, invite: driveOperation }));

const wholeProfile = obj({
  name: str,
  description: str,
  operation: servedOperation,
  presence,
  values: (v, p) => (v === 'strings-only' ? undefined : valueRules(v, p)),
  defaultLifetimeMinutes: positive,
  record: obj({
    resource: oneOf('drive-item', 'echo-request'),
    driveId: str,
    rootItemId: str,
    application: obj({ id: str, displayName: str }),
  }),
  auth: obj({ realm: str }),
  errors: obj({ shape: oneOf('drive-v2', 'graph', 'sharepoint'), codes, bodyMessage: optionalStr }),
  request: obj({ maxBodyBytes: positive, oversizeStatus: oneOf(400, 413), wrongContentTypeStatus: oneOf(400, 415) }),
  // Bounds keep every outbound exchange, and so every create and trigger, bounded in time and count.
  validationHandshake: obj({
    enabled: bool,
    tokenParameter: queryName,
    tokenForm: oneOf('uuid', 'with-reserved-characters'),
    timeoutMs: wholeIn(1, 60_000),
    wording: oneOf('sharepoint', 'graph'),
  }),
  notifications: obj({
    shape: oneOf('sharepoint', 'graph'),
    timeoutMs: wholeIn(1, 60_000),
    retries: wholeIn(0, 10),
    retryDelayMs: wholeIn(0, 60_000),
    tenantId: str,
    siteUrl: str,
    webId: str,
  }),
  lifecycle,
  state,
  driveItems,
});

/** A profile from a name, a rule shorthand or a whole profile; throws ProfileError (or RangeError for names/rules). */
export function parseProfileInput(input: unknown): ReferenceProfile {
  if (typeof input === 'string') return resolveProfile(input.trim());
  const o = input as {
    kind?: unknown;
    fields?: unknown;
    accept?: unknown;
    name?: unknown;
    operation?: unknown;
    types?: unknown;
    trueOnly?: unknown;
  } | null;
  if (o !== null && typeof o === 'object' && o.kind === 'rule') {
    strs(o.fields, 'profile.fields');
    str(o.accept, 'profile.accept');
    if (o.name !== undefined) str(o.name, 'profile.name');
    servedOperation(o.operation, 'profile.operation');
    fieldTypes(o.types, 'profile.types');
    optionalStrs(o.trueOnly, 'profile.trueOnly');
    return ruleProfile(o.fields as string[], o.accept as string, {
      ...(o.name !== undefined ? { name: o.name as string } : {}),
      ...(o.operation !== undefined ? { operation: o.operation as ServedOperation } : {}),
      ...(o.types !== undefined ? { types: o.types as Record<string, JsonValueType> } : {}),
      ...(o.trueOnly !== undefined ? { trueOnly: o.trueOnly as string[] } : {}),
    });
  }
  wholeProfile(input, 'profile');
  return structuredClone(input as ReferenceProfile);
}
