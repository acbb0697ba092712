/**
 * A real OAuth 2.0 authorization server on loopback for the self-tests (oauth2-mock-server: signed RS256
 * JWTs, a JWKS endpoint), taught what the mock leaves out, through its events: it checks the client as
 * the Microsoft identity platform does, and answers with Entra's error codes.
 * - client secret: must match (else 401 invalid_client, AADSTS7000215);
 * - certificate: a client assertion whose `x5t` names the registered certificate, signed by its key,
 *   with the token endpoint as audience and the client id as issuer and subject (else AADSTS700027);
 * - federated: an assertion signed by the trusted issuer's key, audience api://AzureADTokenExchange and
 *   the expected subject (else AADSTS70021);
 * - scope: must be the registered one (else 400 invalid_scope, AADSTS70011).
 * Tokens get the scope's resource as audience and the configured lifetime.
 */
import { createHash, generateKeyPairSync, sign, verify, X509Certificate, type KeyObject } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';
import { selfSignedLoopbackCert } from '../../lib/receiver/self-signed.js';

const FEDERATION_AUDIENCE = 'api://AzureADTokenExchange';
export const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

export interface TestOAuthOptions {
  clientId?: string;
  clientSecret?: string;
  /** The scope the app may ask for; its resource (without /.default) is the tokens' audience. */
  scope?: string;
  /** Lifetime of issued tokens, in seconds (default 3600). */
  tokenLifetimeSeconds?: number;
}

export interface TokenRequestSeen {
  method: 'secret' | 'certificate' | 'federated' | 'none';
  /** Empty when the request was granted. */
  refused: string;
}

export interface TestOAuthServer {
  issuer: string;
  tokenEndpoint: string;
  jwksUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  audience: string;
  /** PEM file content (certificate + RSA private key) registered for the client. */
  certificatePem: string;
  /** Signs a federated assertion as the trusted issuer would (GitHub Actions, a Kubernetes cluster). */
  federatedAssertion(subject?: string, lifetimeSeconds?: number): string;
  federatedIssuer: string;
  federatedSubject: string;
  /** Every access token issued, every client assertion and secret received: what must never be printed. */
  issuedTokens: string[];
  receivedAssertions: string[];
  requests: TokenRequestSeen[];
  setTokenLifetime(seconds: number): void;
  close(): Promise<void>;
}

const b64uJson = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

function decode(
  jwt: string,
): { header: Record<string, unknown>; payload: Record<string, unknown>; signed: Buffer; signature: Buffer } | undefined {
  const [h, p, s] = jwt.split('.');
  if (h === undefined || p === undefined || s === undefined) return undefined;
  try {
    return {
      header: JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as Record<string, unknown>,
      payload: JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>,
      signed: Buffer.from(`${h}.${p}`),
      signature: Buffer.from(s, 'base64url'),
    };
  } catch {
    return undefined;
  }
}

/** Checks a JWS synchronously (the mock's events are synchronous): RS256 or ES256 (JOSE form, r||s). */
function signatureValid(jwt: NonNullable<ReturnType<typeof decode>>, key: KeyObject): boolean {
  if (jwt.header.alg === 'RS256') return verify('sha256', jwt.signed, key, jwt.signature);
  if (jwt.header.alg === 'ES256') return verify('sha256', jwt.signed, { key, dsaEncoding: 'ieee-p1363' }, jwt.signature);
  return false;
}

function timely(payload: Record<string, unknown>): boolean {
  const now = Date.now() / 1000;
  return typeof payload.exp === 'number' && payload.exp > now && (typeof payload.nbf !== 'number' || payload.nbf <= now + 5);
}

export async function startTestOAuthServer(options: TestOAuthOptions = {}): Promise<TestOAuthServer> {
  const clientId = options.clientId ?? '11111111-2222-3333-4444-555555555555';
  const clientSecret = options.clientSecret ?? 'Xq8~wZ.4kT_p9Lm2vR7sN3bY.Jd6';
  const scope = options.scope ?? 'api://probe-target/.default';
  const audience = scope.replace(/\/\.default$/, '');
  let lifetime = options.tokenLifetimeSeconds ?? 3600;

  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // The mock names itself localhost; the probe's loopback checks and the reports read better with the address.
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  const issuer = server.issuer.url;
  const tokenEndpoint = `${issuer}/token`;

  const { key: certKey, cert } = await selfSignedLoopbackCert(new Date(), 30, 'rsa');
  const x509 = new X509Certificate(cert);
  const thumbprint = createHash('sha1').update(x509.raw).digest('base64url');
  const federated = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const federatedIssuer = 'https://token.actions.githubusercontent.com';
  const federatedSubject = 'repo:contoso/probe:ref:refs/heads/main';

  const issuedTokens: string[] = [];
  const receivedAssertions: string[] = [];
  const requests: TokenRequestSeen[] = [];

  const refuse = (status: number, error: string, aadsts: string, text: string): { statusCode: number; body: Record<string, unknown> } => ({
    statusCode: status,
    body: {
      error,
      error_description: `AADSTS${aadsts}: ${text} Trace ID: 0000 Correlation ID: 0000 Timestamp: 2026-11-22 00:00:00Z`,
      error_codes: [Number(aadsts)],
    },
  });

  /** Which client authentication the request used, and why it is refused ('' when it is not). */
  const judge = (
    body: Record<string, unknown>,
  ): { seen: TokenRequestSeen; answer?: { statusCode: number; body: Record<string, unknown> } } => {
    if (body.client_id !== clientId) {
      return {
        seen: { method: 'none', refused: 'client' },
        answer: refuse(
          400,
          'unauthorized_client',
          '700016',
          `Application with identifier '${String(body.client_id)}' was not found in the directory.`,
        ),
      };
    }
    let method: TokenRequestSeen['method'] = 'none';
    let problem: ReturnType<typeof refuse> | undefined;
    if (typeof body.client_secret === 'string') {
      method = 'secret';
      if (body.client_secret !== clientSecret) problem = refuse(401, 'invalid_client', '7000215', 'Invalid client secret provided.');
    } else if (body.client_assertion_type === ASSERTION_TYPE && typeof body.client_assertion === 'string') {
      receivedAssertions.push(body.client_assertion);
      const jwt = decode(body.client_assertion);
      if (jwt !== undefined && typeof jwt.header.x5t === 'string') {
        method = 'certificate';
        const ok =
          jwt.header.x5t === thumbprint &&
          signatureValid(jwt, x509.publicKey) &&
          jwt.payload.aud === tokenEndpoint &&
          jwt.payload.iss === clientId &&
          jwt.payload.sub === clientId &&
          timely(jwt.payload);
        if (!ok)
          problem = refuse(
            401,
            'invalid_client',
            '700027',
            'The certificate with identifier used to sign the client assertion is not registered on application, or the assertion is not valid.',
          );
      } else {
        method = 'federated';
        const ok =
          jwt !== undefined &&
          signatureValid(jwt, federated.publicKey) &&
          jwt.payload.iss === federatedIssuer &&
          jwt.payload.aud === FEDERATION_AUDIENCE &&
          jwt.payload.sub === federatedSubject &&
          timely(jwt.payload);
        if (!ok) problem = refuse(400, 'invalid_client', '70021', 'No matching federated identity record found for presented assertion.');
      }
    } else {
      problem = refuse(
        401,
        'invalid_client',
        '7000216',
        "'client_assertion', 'client_secret' or 'request' is required for the 'client_credentials' grant type.",
      );
    }
    if (problem === undefined && body.scope !== scope)
      problem = refuse(
        400,
        'invalid_scope',
        '70011',
        `The provided value for the input parameter 'scope' is not valid. The scope ${String(body.scope)} is not valid.`,
      );
    return {
      seen: { method, refused: problem === undefined ? '' : String(problem.body.error) },
      ...(problem !== undefined ? { answer: problem } : {}),
    };
  };

  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.aud = audience;
    token.payload.exp = Math.floor(Date.now() / 1000) + lifetime;
  });
  server.service.on(
    'beforeResponse',
    (response: { statusCode: number; body: Record<string, unknown> | '' }, req: { body: Record<string, unknown> }) => {
      const { seen, answer } = judge(req.body);
      requests.push(seen);
      if (answer !== undefined) {
        response.statusCode = answer.statusCode;
        response.body = answer.body;
        return;
      }
      if (response.body !== '') {
        response.body.expires_in = lifetime;
        if (typeof response.body.access_token === 'string') issuedTokens.push(response.body.access_token);
      }
    },
  );

  return {
    issuer,
    tokenEndpoint,
    jwksUrl: `${issuer}/jwks`,
    clientId,
    clientSecret,
    scope,
    audience,
    certificatePem: `${cert}${certKey}`,
    federatedIssuer,
    federatedSubject,
    federatedAssertion: (subject = federatedSubject, lifetimeSeconds = 600) => {
      const now = Math.floor(Date.now() / 1000);
      const header = { alg: 'RS256', typ: 'JWT', kid: 'federated' };
      const payload = {
        iss: federatedIssuer,
        sub: subject,
        aud: FEDERATION_AUDIENCE,
        iat: now,
        nbf: now,
        exp: now + lifetimeSeconds,
        jti: String(Math.random()),
      };
      const signed = `${b64uJson(header)}.${b64uJson(payload)}`;
      const signature = sign('sha256', Buffer.from(signed), federated.privateKey).toString('base64url');
      return `${signed}.${signature}`;
    },
    issuedTokens,
    receivedAssertions,
    requests,
    setTokenLifetime: (seconds) => {
      lifetime = seconds;
    },
    close: () => server.stop(),
  };
}
