/**
 * Every case id, spelled once. A suite declares each test with its id (`test(name, { meta: { caseId } }, ...)`), so
 * the reports, JUnit and the expectations name a case the same whether it ran, skipped itself or was cut short by a
 * stop; the plan (`--dry-run`) lists the same ids from the same functions. CI test history and expectations files
 * key on them: an id changes only when what the case checks changes.
 */
import { AUTH_VARIANTS } from '../protocol/auth.js';
import type { PropertyName } from '../properties/bounds.js';

export { PROPERTIES } from '../properties/bounds.js';

/** spec §7 rule 1: bodies that are not a JSON object. */
export const MALFORMED_BODIES = ['not-json', 'json-array', 'json-null', 'empty-body'] as const;
/** spec §4, open: the well-formed body sent otherwise. */
export const CONTENT_CASES = ['no-content-type', 'text-plain', 'json-charset', 'duplicate-keys', 'one-mebibyte'] as const;
/** spec §9: the path with another version segment, or none. */
export const OTHER_VERSIONS = ['v1.0', 'v2.1', 'no-version'] as const;
/** spec §4, open: the other methods on the collection's path. */
export const OTHER_METHODS = ['GET', 'PUT', 'PATCH', 'DELETE'] as const;
export const EVENT_CASES = ['notification', 'payload-shape', 'delay', 'redelivery-after-500'] as const;
export const HANDSHAKE_CASES = ['wrong-token', 'slow', '500'] as const;
export const LIFECYCLE_STEPS = ['read', 'list', 'renew', 'patch-fields', 'delete', 'states'] as const;

export const caseIds = {
  matrix: (present: readonly string[]): string => `matrix/${present.length === 0 ? 'none' : present.join('+')}`,
  matrixAdaptive: 'matrix/adaptive-exploration',
  matrixRefusals: 'matrix/refusals',
  matrixLoneRefusals: 'matrix/lone-refusals',
  matrixAskedAgain: 'matrix/asked-again',
  value: (field: string, classId: string): string => `value/${field}/${classId}`,
  limit: (field: string, limitId: string): string => `limit/${field}/${limitId}`,
  valueRefusals: 'value/refusals',
  property: (name: PropertyName): string => `property/${name}`,
  wellFormed: 'protocol/well-formed-body',
  auth: (variant: (typeof AUTH_VARIANTS)[number]['id']): string => `protocol/spec-5/${variant}`,
  authRefusal: (variant: (typeof AUTH_VARIANTS)[number]['id']): string => `protocol/spec-5/${variant}/refusal`,
  malformed: (body: (typeof MALFORMED_BODIES)[number]): string => `protocol/spec-7.1/${body}`,
  content: (variant: (typeof CONTENT_CASES)[number]): string => `protocol/spec-4/${variant}`,
  specVersion: 'protocol/spec-9/v2.0',
  version: (version: (typeof OTHER_VERSIONS)[number]): string => `protocol/spec-9/${version}`,
  method: (method: (typeof OTHER_METHODS)[number]): string => `protocol/spec-4/method-${method.toLowerCase()}`,
  events: (name: (typeof EVENT_CASES)[number]): string => `events/${name}`,
  handshake: (mode: (typeof HANDSHAKE_CASES)[number]): string => `events/handshake-${mode}`,
  handshakeDeadline: 'events/handshake-deadline',
  lifecycle: (step: (typeof LIFECYCLE_STEPS)[number]): string => `lifecycle/${step}`,
} as const;
