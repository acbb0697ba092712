/**
 * The reference's optional token check, off by default: besides its fixed tokens it accepts a JWT
 * signed by one of the issuer's keys (a JWKS fetched from a loopback URL, e.g. a local OAuth server),
 * with the configured issuer and audience, and not expired (no clock tolerance: a token used past its
 * `exp` is refused, as the real service does). Used by the self-tests of the probe's token sources.
 */
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { JwtVerdict } from './auth.js';

export interface TokenCheckOptions {
  /** Expected `iss`. */
  issuer: string;
  /** Expected `aud` (one of them, when the token has several). */
  audience: string;
  /** Where the issuer's keys are: a loopback http(s) URL. */
  jwksUrl: string;
}

export function jwtVerifier(options: TokenCheckOptions): (token: string) => Promise<JwtVerdict> {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5_000, cooldownDuration: 1_000 });
  return async (token) => {
    try {
      await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256', 'PS256', 'ES256'],
        requiredClaims: ['exp'],
      });
      return 'ok';
    } catch (error) {
      return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  };
}
