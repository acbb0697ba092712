/**
 * Client credentials against a real OAuth 2.0 server on loopback (test/support/oauth-server.ts): each credential
 * gets a token the issuer's JWKS verifies, and each refusal is one line naming the setting and the
 * endpoint's error code, never a secret.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { selfSignedLoopbackCert } from '../receiver/self-signed.js';
import { Secret } from '../secret.js';
import { startTestOAuthServer, type TestOAuthServer } from '../../test/support/oauth-server.js';
import { startConnectProxy } from '../../test/support/network.js';
import { TokenRequestError } from './token-errors.js';
import { clientCredentialsRequester, type ClientCredentialsOptions, type CredentialSource } from './token-request.js';

let oauth: TestOAuthServer;
const dir = mkdtempSync(join(tmpdir(), 'token-request-'));

beforeAll(async () => {
  oauth = await startTestOAuthServer({ tokenLifetimeSeconds: 120 });
});
afterAll(async () => {
  await oauth.close();
});

function options(credential: CredentialSource, scope = oauth.scope, url = oauth.tokenEndpoint): ClientCredentialsOptions {
  return { endpoint: { url, setting: 'TOKEN_URL' }, clientId: oauth.clientId, scope, credential, timeoutMs: 5_000 };
}

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}

async function tokenFor(credential: CredentialSource): Promise<{ token: string; expiresInS: number | undefined }> {
  const requester = await clientCredentialsRequester(options(credential));
  const grant = await requester.request();
  return { token: grant.token.reveal(), expiresInS: grant.expiresInS };
}

async function refusal(credential: CredentialSource, scope?: string, url?: string): Promise<string> {
  const requester = await clientCredentialsRequester(options(credential, scope, url));
  const error: unknown = await requester.request().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TokenRequestError);
  return (error as Error).message;
}

describe('each credential gets a token the issuer signed, for the scope, with its lifetime', () => {
  test.each([
    [
      'client secret',
      (): CredentialSource => ({ kind: 'secret', secret: new Secret(oauth.clientSecret), setting: 'CLIENT_SECRET' }),
      'secret',
    ],
    [
      'certificate (private_key_jwt with x5t)',
      (): CredentialSource => ({ kind: 'certificate', file: file('cert.pem', oauth.certificatePem), setting: 'CLIENT_CERTIFICATE_FILE' }),
      'certificate',
    ],
    [
      'federated assertion file',
      (): CredentialSource => ({
        kind: 'assertion-file',
        file: file('assertion.jwt', oauth.federatedAssertion()),
        setting: 'CLIENT_ASSERTION_FILE',
      }),
      'federated',
    ],
  ])('%s', async (_name, credential, method) => {
    const before = oauth.requests.length;
    const { token, expiresInS } = await tokenFor(credential());
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(oauth.jwksUrl)), {
      issuer: oauth.issuer,
      audience: oauth.audience,
    });
    expect(payload.scope).toBe(oauth.scope);
    expect(expiresInS).toBe(120);
    expect(oauth.requests.slice(before)).toEqual([{ method, refused: '' }]);
  });
});

describe('a refusal is one line: the endpoint, its error code, the setting to check; never the secret', () => {
  test('a wrong client secret', async () => {
    const wrong = 'wrong-secret-value-9d8c7b6a';
    const line = await refusal({ kind: 'secret', secret: new Secret(wrong), setting: 'CLIENT_SECRET_FILE' });
    expect(line).toMatch(
      /^token: 127\.0\.0\.1:\d+ refused the token request: HTTP 401 invalid_client AADSTS7000215 \(Invalid client secret provided\.\); check CLIENT_SECRET_FILE$/,
    );
    expect(line).not.toContain(wrong);
  });

  test('a scope the app may not ask for', async () => {
    const line = await refusal(
      { kind: 'secret', secret: new Secret(oauth.clientSecret), setting: 'CLIENT_SECRET' },
      'api://other/.default',
    );
    expect(line).toContain('HTTP 400 invalid_scope AADSTS70011');
    expect(line).toMatch(/check SCOPE/);
    expect(line).not.toContain(oauth.clientSecret);
  });

  test('a certificate the app does not know', async () => {
    const other = await selfSignedLoopbackCert(new Date(), 30, 'rsa');
    const line = await refusal({
      kind: 'certificate',
      file: file('other.pem', `${other.cert}${other.key}`),
      setting: 'CLIENT_CERTIFICATE_FILE',
    });
    expect(line).toContain('invalid_client AADSTS700027');
    expect(line).toMatch(/check CLIENT_CERTIFICATE_FILE$/);
  });

  test('a federated assertion for another subject', async () => {
    const line = await refusal({
      kind: 'assertion-file',
      file: file('other.jwt', oauth.federatedAssertion('repo:someone/else:ref:refs/heads/main')),
      setting: 'CLIENT_ASSERTION_FILE',
    });
    expect(line).toContain('invalid_client AADSTS70021');
    expect(line).toContain("check the app registration's federated credential (issuer, subject, audience) against CLIENT_ASSERTION_FILE");
  });

  test('no token endpoint listening', async () => {
    const line = await refusal(
      { kind: 'secret', secret: new Secret(oauth.clientSecret), setting: 'CLIENT_SECRET' },
      oauth.scope,
      'http://127.0.0.1:9/token',
    );
    expect(line).toBe('token: no answer from 127.0.0.1:9 (connection failed); check TOKEN_URL and the network');
  });

  test('a page that is not a token endpoint', async () => {
    const line = await refusal(
      { kind: 'secret', secret: new Secret(oauth.clientSecret), setting: 'CLIENT_SECRET' },
      oauth.scope,
      `${oauth.issuer}/no-such-endpoint`,
    );
    expect(line).toMatch(/did not answer as a token endpoint \(HTTP 404, no OAuth error\); check TOKEN_URL$/);
  });
});

test("GitHub Actions' OIDC token: asked with the audience api://AzureADTokenExchange and the runner's bearer, then sent as the assertion", async () => {
  const { startServer } = await import('../http/test-server.js');
  const runnerBearer = 'runner-bearer-6b1f0e3c9a';
  const github = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const ok =
      req.headers.authorization === `bearer ${runnerBearer}` &&
      url.searchParams.get('audience') === 'api://AzureADTokenExchange' &&
      url.searchParams.get('api-version') === '2.0';
    res.writeHead(ok ? 200 : 403, { 'content-type': 'application/json' });
    res.end(ok ? JSON.stringify({ value: oauth.federatedAssertion() }) : '{"message":"no"}');
  });
  try {
    const credential: CredentialSource = {
      kind: 'github-oidc',
      url: `${github.url}/token?api-version=2.0`,
      bearer: new Secret(runnerBearer),
      setting: 'ACTIONS_ID_TOKEN_REQUEST_URL',
    };
    const before = oauth.requests.length;
    const requester = await clientCredentialsRequester(options(credential));
    await requester.request();
    expect(oauth.requests.slice(before)).toEqual([{ method: 'federated', refused: '' }]);
    // What redaction must hide: the runner's bearer and the assertion sent.
    expect(requester.secrets().map((s) => s.reveal())).toEqual(expect.arrayContaining([runnerBearer, oauth.receivedAssertions.at(-1)]));
    const wrongBearer = { ...credential, bearer: new Secret('not-the-runner-bearer') };
    const line = await (await clientCredentialsRequester(options(wrongBearer))).request().then(
      () => '',
      (e: unknown) => (e as Error).message,
    );
    expect(line).toMatch(
      /^token: GitHub's OIDC endpoint 127\.0\.0\.1:\d+ answered HTTP 403 without a token; check the job's permissions \(id-token: write\)/,
    );
  } finally {
    await github.close();
  }
});

describe('the token endpoint behind the proxy the target is behind', () => {
  test('the token request goes through the CONNECT proxy, and not when NO_PROXY names the endpoint', async () => {
    const proxy = await startConnectProxy();
    try {
      const endpointHost = new URL(oauth.tokenEndpoint).host;
      const credential: CredentialSource = { kind: 'secret', secret: new Secret(oauth.clientSecret), setting: 'CLIENT_SECRET' };
      const through = await clientCredentialsRequester({ ...options(credential), transport: { proxy: { http: proxy.url } } });
      expect((await through.request()).token.reveal()).not.toBe('');
      expect(proxy.tunnels.map((t) => t.target)).toEqual([endpointHost]);
      const direct = await clientCredentialsRequester({
        ...options(credential),
        transport: { proxy: { http: proxy.url, noProxy: '127.0.0.1' } },
      });
      expect((await direct.request()).token.reveal()).not.toBe('');
      expect(proxy.tunnels).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});
