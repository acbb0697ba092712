/**
 * What a handler of the subscription endpoints is given (the request, fully read, and the service's state), and
 * the error answers they share.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Answer } from './answer.js';
import type { JwtVerdict } from './auth.js';
import { errorAnswer, refusedBodyAnswer, type RequestIds } from './errors.js';
import type { HandshakeOutcome } from './handshake.js';
import type { ReferenceProfile } from './profile-types.js';
import type { DriveStore } from './drive-store.js';
import type { SubscriptionStore } from './store.js';

export interface ApiRequest {
  method: string;
  /** Path without query. */
  path: string;
  /** The query, without its `?` (absent: none). */
  query?: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface ApiContext {
  profile: ReferenceProfile;
  tokens: readonly string[];
  /** The optional token check (token-check.ts): a JWT of the configured issuer and audience, not expired. */
  verifyJwt?: (token: string) => Promise<JwtVerdict>;
  onExpiredToken?: () => void;
  store: SubscriptionStore;
  /** The drive's items, when the service serves the drive's other operations (the profile's `driveItems`). */
  drive?: DriveStore;
  /** Base URL for Location headers, no trailing slash. */
  baseUrl: string;
  ids: RequestIds;
  newId: () => string;
  /** The `flip` fault: true when this create, with these present fields, gets the opposite outcome. */
  shouldFlip: (present: string[]) => boolean;
  /** The `intermittentRefusal` fault: its message when this create, which the model accepts, is refused. */
  intermittentRefusal?: (present: string[]) => string | undefined;
  /** The validation handshake, when it is on: called with the notificationUrl of a body that is otherwise accepted. */
  validateNotificationUrl?: (notificationUrl: string) => Promise<HandshakeOutcome>;
}

export function invalid(ctx: ApiContext, message: string, innerCode: string, status = 400, property?: string): Answer {
  return refusedBodyAnswer(ctx.profile, message, innerCode, ctx.ids, status, property);
}

export function notFound(ctx: ApiContext, message: string): Answer {
  return errorAnswer(ctx.profile, 404, ctx.profile.errors.codes.notFound, message, 'itemNotFound', ctx.ids);
}

export function methodNotAllowed(ctx: ApiContext, method: string, allow: string): Answer {
  const message = `The method ${method} is not supported on this resource; allowed: ${allow}.`;
  return errorAnswer(ctx.profile, 405, ctx.profile.errors.codes.methodNotAllowed, message, 'methodNotAllowed', ctx.ids, { allow });
}
