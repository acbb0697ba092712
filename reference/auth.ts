/**
 * Bearer-token check (spec §5: `Authorization: Bearer <ACCESS_TOKEN>`). The reference knows its tokens
 * up front; the probe generates one and passes it in.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Answer } from './answer.js';
import { errorAnswer, type RequestIds } from './errors.js';
import type { ReferenceProfile } from './profile-types.js';

export type AuthResult = { ok: true } | { ok: false; reason: 'missing' | 'scheme' | 'empty' | 'unknown' | 'expired' };

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Compares digests in constant time, so that the reference does not teach timing attacks by example. */
function isKnown(token: string, tokens: readonly string[]): boolean {
  const candidate = digest(token);
  let found = false;
  for (const known of tokens) found = timingSafeEqual(candidate, digest(known)) || found;
  return found;
}

function checkBearer(header: string | undefined, tokens: readonly string[]): AuthResult {
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing' };
  const match = /^\s*(\S+)(?:\s+(.*))?$/s.exec(header);
  // The scheme name is case-insensitive (RFC 9110 §11.1).
  if (match === null || match[1]?.toLowerCase() !== 'bearer') return { ok: false, reason: 'scheme' };
  const token = (match[2] ?? '').trim();
  if (token === '') return { ok: false, reason: 'empty' };
  return isKnown(token, tokens) ? { ok: true } : { ok: false, reason: 'unknown' };
}

const MESSAGES: Record<Exclude<AuthResult, { ok: true }>['reason'], string> = {
  missing: 'Authentication is required: the request has no Authorization header.',
  scheme: 'The Authorization header must use the Bearer scheme.',
  empty: 'The bearer token is empty.',
  unknown: 'The bearer token is not valid.',
  expired: 'The access token has expired.',
};

/**
 * The fixed tokens first, then (when the optional token check is on) a JWT signed by the issuer's keys:
 * a token past its expiry is refused as `expired`, any other failure as `unknown`.
 */
export async function checkAuthorization(
  header: string | undefined,
  tokens: readonly string[],
  verifyJwt?: (token: string) => Promise<JwtVerdict>,
): Promise<AuthResult> {
  const fixed = checkBearer(header, tokens);
  if (fixed.ok || fixed.reason !== 'unknown' || verifyJwt === undefined) return fixed;
  const token = (/^\s*\S+\s+(.*)$/s.exec(header ?? '')?.[1] ?? '').trim();
  const verdict = await verifyJwt(token);
  return verdict === 'ok' ? { ok: true } : { ok: false, reason: verdict === 'expired' ? 'expired' : 'unknown' };
}

export type JwtVerdict = 'ok' | 'expired' | 'invalid';

/** 401 with `WWW-Authenticate: Bearer realm=...` (RFC 6750 §3; modelled on public reports: Graph sends it). */
export function unauthorizedAnswer(profile: ReferenceProfile, result: Exclude<AuthResult, { ok: true }>, ids: RequestIds): Answer {
  const realm = profile.auth.realm.replace(/["\\]/g, '');
  // RFC 6750 §3.1: a request that carried a token that failed gets error="invalid_token"; one without credentials gets none.
  const challenge =
    result.reason === 'missing' || result.reason === 'scheme'
      ? `Bearer realm="${realm}"`
      : result.reason === 'expired'
        ? `Bearer realm="${realm}", error="invalid_token", error_description="The access token expired"`
        : `Bearer realm="${realm}", error="invalid_token"`;
  return errorAnswer(profile, 401, profile.errors.codes.unauthenticated, MESSAGES[result.reason], result.reason, ids, {
    'www-authenticate': challenge,
  });
}
