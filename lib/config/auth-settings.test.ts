/** The client credentials settings: one token source, complete, each problem one line that shows no secret. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { selfSignedLoopbackCert } from '../receiver/self-signed.js';
import { loadFlat } from '../../test/support/flat-settings.js';
import { ConfigError } from '../errors.js';

const cwd = mkdtempSync(join(tmpdir(), 'auth-settings-'));
const SECRET = 'client-secret-5e4d3c2b1a';
const BASE = {
  BASE_URL: 'https://contoso.sharepoint.com/sites/probe',
  CLIENT_ID: 'c0ffee00-0000-4000-8000-000000000001',
  SCOPE: 'https://contoso.sharepoint.com/.default',
};

function problems(env: Record<string, string>): string[] {
  try {
    loadFlat(env, { cwd, dotenvPath: false });
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  return [];
}

test('TENANT_ID names the Microsoft identity platform v2.0 endpoint of that tenant', () => {
  const config = loadFlat({ ...BASE, TENANT_ID: 'Contoso.onmicrosoft.com', CLIENT_SECRET: SECRET }, { cwd, dotenvPath: false });
  expect(config.tokenEndpoint).toEqual({
    url: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token',
    setting: 'TENANT_ID',
  });
  expect(config.clientCredential).toMatchObject({ kind: 'secret', setting: 'CLIENT_SECRET' });
});

describe('one line per problem, naming the settings, never the secret', () => {
  test.each([
    [
      'a token and client credentials',
      { ...BASE, TENANT_ID: 'contoso.onmicrosoft.com', CLIENT_SECRET: SECRET, ACCESS_TOKEN: 'token-value-9a8b7c6d' },
      /^ACCESS_TOKEN and TENANT_ID and CLIENT_ID and SCOPE and CLIENT_SECRET: give one token source, not both/,
    ],
    [
      'two credentials',
      { ...BASE, TENANT_ID: 'contoso.onmicrosoft.com', CLIENT_SECRET: SECRET, CLIENT_SECRET_FILE: '/nope' },
      /^CLIENT_SECRET and CLIENT_SECRET_FILE: give one, not both/,
    ],
    [
      'TOKEN_URL and TENANT_ID',
      { ...BASE, TENANT_ID: 'contoso.onmicrosoft.com', TOKEN_URL: 'https://login.example.com/token', CLIENT_SECRET: SECRET },
      /^TOKEN_URL and TENANT_ID: give one, not both/,
    ],
    [
      'no scope',
      { BASE_URL: BASE.BASE_URL, CLIENT_ID: BASE.CLIENT_ID, TENANT_ID: 'contoso.onmicrosoft.com', CLIENT_SECRET: SECRET },
      /^SCOPE: client credentials \(TENANT_ID, CLIENT_ID, CLIENT_SECRET given\) also need SCOPE$/,
    ],
    [
      'no credential (and not in GitHub Actions)',
      { ...BASE, TENANT_ID: 'contoso.onmicrosoft.com' },
      /^TENANT_ID: client credentials \(TENANT_ID, CLIENT_ID, SCOPE given\) also need a credential \(CLIENT_SECRET, CLIENT_SECRET_FILE, CLIENT_CERTIFICATE_FILE, CLIENT_ASSERTION_FILE, or GitHub Actions' OIDC token/,
    ],
    [
      'a token endpoint over plain http',
      { ...BASE, TOKEN_URL: 'http://login.example.com/token', CLIENT_SECRET: SECRET },
      /^TOKEN_URL: must be https \(http only to a loopback host\)/,
    ],
    [
      'a tenant that cannot issue app-only tokens',
      { ...BASE, TENANT_ID: 'common', CLIENT_SECRET: SECRET },
      /^TENANT_ID: must be a directory \(tenant\) id/,
    ],
    [
      'a certificate file without its key',
      { ...BASE, TENANT_ID: 'contoso.onmicrosoft.com', CLIENT_CERTIFICATE_FILE: 'cert-only.pem' },
      /^CLIENT_CERTIFICATE_FILE: ".*cert-only\.pem" lacks a PRIVATE KEY block; give one PEM file with the certificate and its private key$/,
    ],
  ])('%s', async (_name, env, line) => {
    writeFileSync(join(cwd, 'cert-only.pem'), (await selfSignedLoopbackCert(new Date(), 1, 'rsa')).cert);
    const found = problems(env);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(line);
    expect(found.join('\n')).not.toContain(SECRET);
  });
});

test('in GitHub Actions with id-token: write, CLIENT_ID without a credential uses the job OIDC token', () => {
  const config = loadFlat(
    {
      ...BASE,
      TENANT_ID: 'contoso.onmicrosoft.com',
      ACTIONS_ID_TOKEN_REQUEST_URL: 'https://pipelines.actions.githubusercontent.com/x?api-version=2.0',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'runner-bearer',
    },
    { cwd, dotenvPath: false },
  );
  expect(config.clientCredential).toBeUndefined();
  expect(config.githubOidcToken?.reveal()).toBe('runner-bearer');
  expect(`${String(config.githubOidcToken)}`).toBe('[redacted]');
});

test('a certificate with its key is taken; the key is never in the settings', async () => {
  const { cert, key } = await selfSignedLoopbackCert(new Date(), 1, 'rsa');
  writeFileSync(join(cwd, 'probe.pem'), `${cert}${key}`);
  const config = loadFlat(
    { ...BASE, TENANT_ID: 'contoso.onmicrosoft.com', CLIENT_CERTIFICATE_FILE: 'probe.pem' },
    { cwd, dotenvPath: false },
  );
  expect(config.clientCredential).toEqual({ kind: 'certificate', file: join(cwd, 'probe.pem'), setting: 'CLIENT_CERTIFICATE_FILE' });
});
