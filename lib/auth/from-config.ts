/**
 * The run's token source from the settings: client credentials when configured (the first token is
 * got here, so that a bad credential stops the run before any probe request), else none (a fixed
 * ACCESS_TOKEN, or the embedded reference's own, is handled by the caller as before).
 */
import { transportOf } from '../config/transport.js';
import type { Settings } from '../config/types.js';
import { tokenEndpointTransport } from '../http/transport.js';
import type { ClientCredentialsOptions, CredentialSource } from './token-request.js';
import { ClientCredentialsTokenSource, type TokenProvenance } from './token-source.js';
import { BearerUnavailableError, TokenRequestError } from '../errors.js';

const CREDENTIAL_NAMES: Readonly<Record<CredentialSource['kind'], string>> = {
  secret: 'client secret',
  certificate: 'certificate',
  'assertion-file': 'federated assertion from a file',
  'github-oidc': "federated assertion: GitHub Actions' OIDC token",
};

/** The client credentials the settings describe; undefined when none are configured (loadConfig checked they are complete). */
export function clientCredentialsOptions(
  settings: Pick<Settings, 'credentials' | 'pacing'> & { network?: Settings['network'] },
): ClientCredentialsOptions | undefined {
  const c = settings.credentials;
  const { tokenEndpoint, clientId, scope } = c;
  if (tokenEndpoint === undefined || clientId === undefined || scope === undefined) return undefined;
  let credential: CredentialSource | undefined = c.clientCredential;
  if (credential === undefined && c.githubOidcUrl !== undefined && c.githubOidcToken !== undefined) {
    credential = {
      kind: 'github-oidc',
      url: c.githubOidcUrl,
      bearer: c.githubOidcToken,
      setting: 'ACTIONS_ID_TOKEN_REQUEST_URL',
    };
  }
  if (credential === undefined) return undefined;
  const transport = tokenEndpointTransport(transportOf(settings.network));
  return {
    endpoint: tokenEndpoint,
    clientId,
    scope,
    credential,
    timeoutMs: settings.pacing.requestTimeoutMs,
    ...(transport !== undefined ? { transport } : {}),
  };
}

/** Builds the source and gets the first token; rejects with TokenRequestError (one printable line). */
export async function openTokenSource(options: ClientCredentialsOptions): Promise<ClientCredentialsTokenSource> {
  // openid-client and undici's fetch are loaded for the runs that ask for a token, not by every run.
  const { clientCredentialsRequester } = await import('./token-request.js');
  const requester = await clientCredentialsRequester(options);
  const source = new ClientCredentialsTokenSource({
    request: () => requester.request(),
    requestSecrets: () => requester.secrets(),
    provenance: {
      credential: options.credential.kind === 'secret' ? 'client-secret' : options.credential.kind,
      credentialSetting: options.credential.setting,
      tokenEndpointHost: new URL(options.endpoint.url).host,
      clientId: options.clientId,
      scope: options.scope,
    },
  });
  try {
    await source.current();
  } catch (error) {
    // The source says "unavailable" to the engine mid-run; before the run it is the endpoint's refusal.
    if (error instanceof BearerUnavailableError) throw new TokenRequestError(error.message);
    throw error;
  }
  return source;
}

/** One line for the console: where the token came from, never the token. */
export function describeProvenance(p: TokenProvenance): string {
  const kind = CREDENTIAL_NAMES[p.credential as CredentialSource['kind']] ?? p.credential;
  const lifetime =
    p.lastLifetimeSeconds === undefined ? 'no lifetime given (renewed after a 401 only)' : `lives ${p.lastLifetimeSeconds} s`;
  const renewals = p.renewalsBeforeExpiry + p.renewalsAfter401;
  const renewed =
    p.tokensObtained <= 1
      ? ''
      : `; renewed ${renewals} time(s) (${p.renewalsBeforeExpiry} before expiry, ${p.renewalsAfter401} after a 401)`;
  return `token: client credentials from ${p.tokenEndpointHost}, client ${p.clientId}, scope ${p.scope}, ${kind} (${p.credentialSetting}); ${lifetime}${renewed}`;
}
