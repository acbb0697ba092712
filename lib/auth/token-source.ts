/**
 * A token got by client credentials, kept current for the whole run: fetched before the first request,
 * renewed before it expires (expires_in minus a margin), and renewed once when the target says a token
 * is invalid (a 401 with invalid_token). Concurrent callers share one request to the endpoint.
 */
import { type Bearer, type BearerSource } from '../http/bearer.js';
import type { Secret } from '../secret.js';
import { runRedactor } from '../redaction/run-redactor.js';
import type { TokenGrant } from './token-request.js';
import { BearerUnavailableError, TokenRequestError } from '../errors.js';

/** What the reports say of the token: where it came from and how often it was renewed; never the token. */
export interface TokenProvenance {
  /** `client-secret`, `certificate`, `assertion-file`, `github-oidc`. */
  credential: string;
  /** The setting that gave the credential (e.g. CLIENT_CERTIFICATE_FILE). */
  credentialSetting: string;
  tokenEndpointHost: string;
  clientId: string;
  scope: string;
  /** Tokens got in the run (1 + renewals). */
  tokensObtained: number;
  /** Renewals because the token was about to expire. */
  renewalsBeforeExpiry: number;
  /** Renewals because the target answered 401 invalid_token. */
  renewalsAfter401: number;
  /** Lifetime of the last token, from expires_in (seconds). */
  lastLifetimeSeconds?: number;
}

export interface TokenSourceOptions {
  request(): Promise<TokenGrant>;
  /** Secrets the request sends (client secret, assertions), for redaction. */
  requestSecrets(): readonly Secret[];
  provenance: Omit<TokenProvenance, 'tokensObtained' | 'renewalsBeforeExpiry' | 'renewalsAfter401'>;
  now?: () => number;
  /** The redaction step told of every token got and every secret sent (default: this thread's, runRedactor()). */
  redactor?: { add(secret: Secret | undefined): unknown };
}

/** Renew this long before expiry: a quarter of the lifetime, at least 2 s (expiry is whole seconds), at most 5 min. */
export function renewalMarginMs(lifetimeMs: number): number {
  return Math.min(300_000, Math.max(2_000, lifetimeMs / 4));
}

/** How long to wait before asking a failing endpoint again while the current token still holds. */
const RETRY_RENEWAL_MS = 5_000;

/** A token renewed after a 401 and refused again within this time is not renewed again: at most one extra request to the endpoint per 30 s. */
const REFUSED_AGAIN_MS = 30_000;

interface Held {
  bearer: Bearer;
  /** When to renew; Infinity when the endpoint gave no lifetime (then only a 401 renews it). */
  renewAtMs: number;
  /** When it expires (from expires_in); Infinity when unknown. */
  expiresAtMs: number;
  /** Got because a 401 refused the previous token: if this one is refused too soon after, renewing again will not help. */
  after401: boolean;
  fetchedAtMs: number;
}

export class ClientCredentialsTokenSource implements BearerSource {
  readonly #o: TokenSourceOptions;
  readonly #now: () => number;
  readonly #tokens: Secret[] = [];
  #held: Held | undefined;
  #pending: Promise<Held> | undefined;
  #beforeExpiry = 0;
  #after401 = 0;
  #lifetimeS: number | undefined;
  /** After a failed renewal while the old token still holds, the endpoint is not asked again before this. */
  #quietUntilMs = 0;

  readonly #redactor: { add(secret: Secret | undefined): unknown };

  constructor(options: TokenSourceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#redactor = options.redactor ?? runRedactor();
    for (const secret of options.requestSecrets()) this.#redactor.add(secret);
  }

  async current(): Promise<Bearer> {
    const held = this.#held;
    if (held !== undefined && (this.#now() < held.renewAtMs || this.#now() < this.#quietUntilMs)) return held.bearer;
    return (await this.#renew(held === undefined ? 'first' : 'expiry', held)).bearer;
  }

  async refused(generation: number): Promise<Bearer | undefined> {
    const held = this.#held;
    if (held === undefined) return undefined;
    // Another request already renewed it: retry with the newer token.
    if (held.bearer.generation !== generation) return this.current();
    // A token just renewed for a 401 and refused again: the target refuses this client, not the token's age.
    // Later on (it may have expired meanwhile, when the endpoint gave no lifetime) a 401 renews again.
    if (held.after401 && this.#now() - held.fetchedAtMs < REFUSED_AGAIN_MS) return undefined;
    try {
      return (await this.#renew('401', held)).bearer;
    } catch (error) {
      if (error instanceof BearerUnavailableError) return undefined;
      throw error;
    }
  }

  /** Until when current() gives the same token without asking the endpoint (epoch ms): how long a worker may cache it. */
  freshUntilMs(): number {
    const held = this.#held;
    return held === undefined ? 0 : Math.max(held.renewAtMs, this.#quietUntilMs);
  }

  secrets(): readonly Secret[] {
    return [...this.#tokens, ...this.#o.requestSecrets()];
  }

  provenance(): TokenProvenance {
    return {
      ...this.#o.provenance,
      tokensObtained: this.#tokens.length,
      renewalsBeforeExpiry: this.#beforeExpiry,
      renewalsAfter401: this.#after401,
      ...(this.#lifetimeS !== undefined ? { lastLifetimeSeconds: this.#lifetimeS } : {}),
    };
  }

  /** One request at a time; callers that come while it runs share it. */
  #renew(why: 'first' | 'expiry' | '401', replacing: Held | undefined): Promise<Held> {
    if (this.#pending !== undefined) return this.#pending;
    const pending = this.#fetch(why, replacing).finally(() => {
      this.#pending = undefined;
    });
    this.#pending = pending;
    return pending;
  }

  async #fetch(why: 'first' | 'expiry' | '401', replacing: Held | undefined): Promise<Held> {
    let grant: TokenGrant;
    try {
      grant = await this.#o.request();
    } catch (error) {
      for (const secret of this.#o.requestSecrets()) this.#redactor.add(secret); // the assertion it sent
      if (!(error instanceof TokenRequestError)) throw error;
      // Mid-run, a token that has not expired yet is still worth sending (the next call tries again).
      if (why === 'expiry' && replacing !== undefined) {
        if (this.#now() < replacing.expiresAtMs) {
          this.#quietUntilMs = Math.min(replacing.expiresAtMs, this.#now() + RETRY_RENEWAL_MS);
          return replacing;
        }
      }
      throw new BearerUnavailableError(error.message);
    }
    const fetchedAt = this.#now();
    // Known to the redaction step before anyone can send or print it.
    for (const secret of [grant.token, ...this.#o.requestSecrets()]) this.#redactor.add(secret);
    this.#tokens.push(grant.token);
    if (why === 'expiry') this.#beforeExpiry += 1;
    if (why === '401') this.#after401 += 1;
    this.#lifetimeS = grant.expiresInS;
    const lifetimeMs = grant.expiresInS === undefined ? undefined : grant.expiresInS * 1000;
    const held: Held = {
      bearer: { token: grant.token, generation: this.#tokens.length },
      renewAtMs: lifetimeMs === undefined ? Infinity : fetchedAt + lifetimeMs - renewalMarginMs(lifetimeMs),
      expiresAtMs: lifetimeMs === undefined ? Infinity : fetchedAt + lifetimeMs,
      after401: why === '401',
      fetchedAtMs: fetchedAt,
    };
    this.#held = held;
    return held;
  }
}
