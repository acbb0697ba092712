/**
 * Where the engine gets the bearer token for each attempt. A fixed ACCESS_TOKEN is one source; a token
 * got by client credentials and renewed during the run is another (lib/auth). The HTTP layer only asks.
 */
import type { Secret } from '../secret.js';

export interface Bearer {
  token: Secret;
  /** Which token of the source this is (1 for the first); tells a stale token from the current one. */
  generation: number;
}

export interface BearerSource {
  /** The token to send now; renewed first when it is due. Rejects when none can be had (BearerUnavailableError). */
  current(): Promise<Bearer>;
  /**
   * The target answered 401 invalid_token to the token of this generation: the token to retry with
   * (renewed, or already newer), or undefined when a retry would not help (a freshly renewed one was refused too).
   */
  refused(generation: number): Promise<Bearer | undefined>;
  /** Every secret the source has held or sent (tokens, client secrets, assertions): what redaction hides. */
  secrets(): readonly Secret[];
}

/** A fixed token (ACCESS_TOKEN, or the embedded reference's own): never renewed. */
export function staticBearer(token: Secret): BearerSource {
  const bearer: Bearer = { token, generation: 1 };
  return {
    current: () => Promise.resolve(bearer),
    refused: () => Promise.resolve(undefined),
    secrets: () => [token],
  };
}
