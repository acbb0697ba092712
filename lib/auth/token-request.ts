/**
 * One client credentials request (RFC 6749 §4.4) through openid-client: a maintained, certified OAuth
 * client that already does client_secret_post, private_key_jwt and the token response checks. The
 * server metadata is given by hand (issuer and token endpoint): the probe needs no discovery, and a
 * Microsoft tenant's endpoint is known from TENANT_ID.
 */
import * as oidc from 'openid-client';
import { fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import { dispatcherFor, type Transport } from '../http/transport.js';
import type { ClientCredential, TokenEndpoint } from '../config/types.js';
import { isLoopbackHost } from '../net/loopback.js';
import { Secret } from '../secret.js';
import { loadClientCertificate } from './certificate.js';
import { readAssertionFile, requestGithubOidcToken } from './federated.js';
import { tokenErrorLine } from './token-errors.js';
import { TokenRequestError } from '../errors.js';

/** Where the client's proof comes from; GitHub Actions' OIDC token when no credential setting is given. */
export type CredentialSource =
  | ClientCredential
  | { kind: 'github-oidc'; url: string; bearer: Secret; setting: 'ACTIONS_ID_TOKEN_REQUEST_URL' };

export interface ClientCredentialsOptions {
  endpoint: TokenEndpoint;
  clientId: string;
  scope: string;
  credential: CredentialSource;
  /** Longest wait for the token endpoint (and GitHub's OIDC endpoint). */
  timeoutMs: number;
  /** The proxy and the trust the token endpoint is reached with (lib/http/transport.ts); none: directly. */
  transport?: Transport | undefined;
}

export interface TokenGrant {
  token: Secret;
  /** expires_in of the answer, in seconds; undefined when the endpoint gave none. */
  expiresInS: number | undefined;
}

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

export interface TokenRequester {
  request(): Promise<TokenGrant>;
  /** Every secret sent to the endpoint so far (client secret, assertions), for redaction. */
  secrets(): readonly Secret[];
}

/**
 * A signed assertion of the certificate's key for each request, remembered for redaction. The Microsoft identity
 * platform finds the certificate by thumbprint and wants the token endpoint as the audience (openid-client would put
 * the issuer).
 */
async function certificateAuth(file: string, audience: string, remember: (value: string | null) => void): Promise<oidc.ClientAuth> {
  const cert = await loadClientCertificate(file);
  const signed = oidc.PrivateKeyJwt(cert.key, {
    [oidc.modifyAssertion]: (header, payload) => {
      header.typ = 'JWT';
      header['x5t'] = cert.x5t;
      header['x5t#S256'] = cert.x5tS256;
      payload.aud = audience;
    },
  });
  // openid-client awaits the client authentication (oauth4webapi: `await clientAuthentication(...)`), though its type says void.
  const sign = signed as unknown as (...args: Parameters<oidc.ClientAuth>) => Promise<void>;
  const signAndRemember = async (...args: Parameters<oidc.ClientAuth>): Promise<void> => {
    await sign(...args);
    remember(args[2].get('client_assertion'));
  };
  return signAndRemember as unknown as oidc.ClientAuth;
}

/** openid-client's configuration of the token endpoint: its timeout, and the run's proxy and CA. */
function tokenConfig(o: ClientCredentialsOptions, url: URL, auth: oidc.ClientAuth): oidc.Configuration {
  const config = new oidc.Configuration({ issuer: url.origin, token_endpoint: url.href }, o.clientId, undefined, auth);
  config.timeout = Math.max(1, Math.ceil(o.timeoutMs / 1000));
  // Plain http only to a loopback server (the self-tests'); the settings refuse it elsewhere.
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) oidc.allowInsecureRequests(config);
  // Through the company's proxy and with its CA, as the target's requests go: undici's fetch with a dispatcher.
  const dispatcher = dispatcherFor(url.origin, o.transport, o.timeoutMs);
  if (dispatcher !== undefined) {
    config[oidc.customFetch] = ((input: string, init: RequestInit) =>
      undiciFetch(input, { ...(init as unknown as UndiciRequestInit), dispatcher })) as unknown as oidc.CustomFetch;
  }

  return config;
}

/** The token request failed: one line that names the host and the settings, the secrets sent scrubbed from it. */
function failed(error: unknown, url: URL, o: ClientCredentialsOptions, sent: readonly Secret[]): never {
  throw new TokenRequestError(
    tokenErrorLine(error, { host: url.host, endpointSetting: o.endpoint.setting, credentialSetting: o.credential.setting, secrets: sent }),
  );
}

export async function clientCredentialsRequester(o: ClientCredentialsOptions): Promise<TokenRequester> {
  const sent: Secret[] = [];
  const remember = (value: string | null): void => {
    if (value !== null && value !== '' && !sent.some((s) => s.reveal() === value)) sent.push(new Secret(value));
  };
  const credential = o.credential;
  /** A federated assertion is fetched before each request and handed to the client authentication below. */
  let assertion: string | undefined;
  let auth: oidc.ClientAuth;
  switch (credential.kind) {
    case 'secret':
      sent.push(credential.secret);
      auth = oidc.ClientSecretPost(credential.secret.reveal());
      break;
    case 'certificate':
      auth = await certificateAuth(credential.file, o.endpoint.url, remember);
      break;
    case 'assertion-file':
    case 'github-oidc':
      sent.push(...(credential.kind === 'github-oidc' ? [credential.bearer] : []));
      auth = (_as, client, body) => {
        body.set('client_id', client.client_id);
        body.set('client_assertion_type', ASSERTION_TYPE);
        body.set('client_assertion', assertion ?? '');
      };
      break;
  }
  const url = new URL(o.endpoint.url);
  const config = tokenConfig(o, url, auth);

  return {
    secrets: () => [...sent],
    request: async () => {
      if (credential.kind === 'assertion-file') assertion = readAssertionFile(credential.file);
      if (credential.kind === 'github-oidc') assertion = await requestGithubOidcToken(credential.url, credential.bearer, o.timeoutMs);
      if (assertion !== undefined) remember(assertion);
      let answer: Awaited<ReturnType<typeof oidc.clientCredentialsGrant>>;
      try {
        answer = await oidc.clientCredentialsGrant(config, { scope: o.scope });
      } catch (error) {
        return failed(error, url, o, sent);
      }
      // It goes into an HTTP header: anything but visible ASCII would make every request fail far from here.
      if (!/^[\x21-\x7e]+$/.test(answer.access_token)) {
        throw new TokenRequestError(
          `token: ${url.host} answered with an access token that cannot be sent in a header (value not shown); check ${o.endpoint.setting}`,
        );
      }
      const token = new Secret(answer.access_token);
      // The endpoint's own expires_in: openid-client's expiresIn() is the time left, counted down from
      // when the answer arrived, and a second boundary in between made it one less than what was issued.
      const expiresIn = answer.expires_in;
      return { token, expiresInS: typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : undefined };
    },
  };
}
