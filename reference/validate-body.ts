/**
 * Decides whether a parsed create body is accepted under a profile: presence first (typed model or
 * rule), then JSON types, then values. Pure: the clock comes in as `nowMs`.
 * reference choice: the first problem found is the one answered, as an OData service stops at the
 * first property it cannot bind.
 */
import { Rule } from '../lib/rule/rule.js';
import { parseInstant } from './instant.js';
import type { JsonValueType, ReferenceProfile, RulePresence, TypedPresence, ValueRules } from './profile-types.js';

export type ProblemReason =
  | 'undefinedProperty'
  | 'readOnlyProperty'
  | 'missingProperty'
  | 'wrongType'
  | 'invalidValue'
  | 'ruleNotSatisfied';

export interface BodyProblem {
  reason: ProblemReason;
  /** The property the message is about, when there is one. */
  property?: string;
  message: string;
}

export interface AcceptedBody {
  /** Present fields that the service keeps, all strings by now. */
  values: Record<string, string>;
  /** expirationDateTime as an instant, when the value rules parsed it. */
  expirationEpochMs?: number;
}

export type BodyVerdict = { ok: true; body: AcceptedBody } | { ok: false; problem: BodyProblem };

/** Long values are cut in messages so that a huge field cannot make a huge error body. */
function quote(value: string): string {
  return value.length > 80 ? `'${value.slice(0, 80)}…'` : `'${value}'`;
}

function problem(reason: ProblemReason, message: string, property?: string): BodyVerdict {
  return { ok: false, problem: property === undefined ? { reason, message } : { reason, property, message } };
}

function checkTypedPresence(model: TypedPresence, keys: string[]): BodyVerdict | string[] {
  const outside = keys.filter((k) => !model.writable.includes(k));
  const policy = model.undefinedProperties;
  let offending: string | undefined;
  if (policy.mode === 'reject-each') offending = outside[0];
  else if (policy.mode === 'reject-together' && policy.fields.every((f) => keys.includes(f))) {
    offending = keys.find((k) => policy.fields.includes(k));
  }
  if (offending !== undefined) {
    // modelled on public reports (microsoft-graph-docs#8063, onedrive-api-docs#1275): the wording of the
    // "does not exist" message. The read-only wording is a reference choice, so that a report can tell the two apart.
    return model.readOnly.includes(offending)
      ? problem('readOnlyProperty', `The property '${offending}' is read-only on type '${model.typeName}' and cannot be set.`, offending)
      : problem(
          'undefinedProperty',
          `The property '${offending}' does not exist on type '${model.typeName}'. Make sure to only use property names that are defined by the type.`,
          offending,
        );
  }
  const missing = model.required.find((r) => !keys.includes(r));
  if (missing !== undefined) return problem('missingProperty', `The property '${missing}' is required.`, missing);
  return keys.filter((k) => model.writable.includes(k));
}

function checkRule(model: RulePresence, body: Record<string, unknown>, keys: string[]): BodyVerdict | string[] {
  // A flag named in trueOnly counts in the rule only when it is true (Graph: "required when includeResourceData is true").
  const counted = keys.filter((k) => !(model.trueOnly ?? []).includes(k) || body[k] === true);
  if (Rule.of(model.accept).accepts(counted)) return keys;
  const named = [...model.fields.filter((f) => counted.includes(f)), ...counted.filter((k) => !model.fields.includes(k))];
  return problem(
    'ruleNotSatisfied',
    `The combination of fields is not accepted. Present: ${named.length === 0 ? '(none)' : named.join(', ')}. Accepted when: ${model.accept}.`,
  );
}

/** A notificationUrl must be absolute, of a scheme the profile allows. */
function checkNotificationUrl(rules: ValueRules, url: string | undefined): BodyVerdict | undefined {
  if (url === undefined) return undefined;
  const schemes = rules.notificationUrl.requireHttps ? ['https:'] : ['http:', 'https:'];
  let parsed: URL | undefined;
  try {
    parsed = new URL(url); // no base: a relative URL throws
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || !schemes.includes(parsed.protocol)) {
    const words = rules.notificationUrl.requireHttps ? 'an absolute https URL' : 'an absolute http or https URL';
    return problem('invalidValue', `The notificationUrl ${quote(url)} is not valid: it must be ${words}.`, 'notificationUrl');
  }
  return undefined;
}

/** The instant of an expirationDateTime in its allowed spelling, in the future and within the longest lifetime; else the problem. */
function checkExpiration(rule: ValueRules['expirationDateTime'], expiration: string, nowMs: number): BodyVerdict | number {
  const instant = parseInstant(expiration, rule.format);
  if (!instant.ok) {
    return problem('invalidValue', `The expirationDateTime ${quote(expiration)} is not valid: ${instant.reason}.`, 'expirationDateTime');
  }
  if (instant.epochMs <= nowMs) {
    return problem('invalidValue', `The expirationDateTime ${quote(expiration)} is not in the future. ${rule.hint}`, 'expirationDateTime');
  }
  if (instant.epochMs - nowMs > rule.maxLifetimeMinutes * 60_000) {
    return problem(
      'invalidValue',
      rule.pastMaximumMessage ??
        `The expirationDateTime ${quote(expiration)} is more than ${rule.maxLifetimeMinutes} minutes in the future. ${rule.hint}`,
      'expirationDateTime',
    );
  }
  return instant.epochMs;
}

function checkValues(rules: ValueRules, values: Record<string, string>, nowMs: number): BodyVerdict {
  const accepted: AcceptedBody = { values };
  const urlProblem = checkNotificationUrl(rules, values['notificationUrl']);
  if (urlProblem !== undefined) return urlProblem;
  const expiration = values['expirationDateTime'];
  if (expiration !== undefined) {
    const checked = checkExpiration(rules.expirationDateTime, expiration, nowMs);
    if (typeof checked !== 'number') return checked;
    accepted.expirationEpochMs = checked;
  }
  const clientState = values['clientState'];
  if (clientState !== undefined && clientState.length > rules.clientState.maxLength) {
    return problem(
      'invalidValue',
      `The clientState is ${clientState.length} characters long; at most ${rules.clientState.maxLength} are allowed.`,
      'clientState',
    );
  }
  const changeType = values['changeType'];
  if (changeType !== undefined && !rules.changeType.allowed.includes(changeType)) {
    return problem(
      'invalidValue',
      `The changeType ${quote(changeType)} is not supported for this resource; allowed: ${rules.changeType.allowed.join(', ')}.`,
      'changeType',
    );
  }
  const resource = values['resource'];
  if (resource !== undefined && !new RegExp(rules.resource.pattern).test(resource)) {
    return problem('invalidValue', `The resource ${quote(resource)} is not a resource that can be subscribed to.`, 'resource');
  }
  return { ok: true, body: accepted };
}

export const jsonTypeOf = (value: unknown): JsonValueType | 'null' =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as JsonValueType);

/** OData's name for each JSON type, as the messages of the modelled services say it. */
export const EDM_NAME: Record<JsonValueType, string> = {
  string: 'a string (Edm.String)',
  boolean: 'a boolean (Edm.Boolean)',
  number: 'a number',
  object: 'an object',
  array: 'an array',
};

export function validateCreateBody(profile: ReferenceProfile, body: Record<string, unknown>, nowMs: number): BodyVerdict {
  const verdict = checkBody(profile, body, nowMs);
  const bodyMessage = profile.errors.bodyMessage;
  // A service that says nothing of why: the same words for every refusal, no property named.
  return verdict.ok || bodyMessage === undefined ? verdict : problem(verdict.problem.reason, bodyMessage);
}

function checkBody(profile: ReferenceProfile, body: Record<string, unknown>, nowMs: number): BodyVerdict {
  const keys = Object.keys(body);
  const presence = profile.presence.kind === 'typed' ? checkTypedPresence(profile.presence, keys) : checkRule(profile.presence, body, keys);
  if (!Array.isArray(presence)) return presence;
  const types = profile.presence.kind === 'rule' ? (profile.presence.types ?? {}) : {};
  // No prototype: a body key '__proto__' must be kept as data, not swallowed by the setter.
  const values = Object.create(null) as Record<string, string>;
  for (const key of presence) {
    const value = body[key];
    const wanted = Object.hasOwn(types, key) ? (types[key] as JsonValueType) : 'string';
    if (jsonTypeOf(value) !== wanted) {
      const seen = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
      return problem('wrongType', `The property '${key}' must be ${EDM_NAME[wanted]}, but the request has ${seen}.`, key);
    }
    if (typeof value === 'string') values[key] = value;
  }
  return profile.values === 'strings-only' ? { ok: true, body: { values } } : checkValues(profile.values, values, nowMs);
}
