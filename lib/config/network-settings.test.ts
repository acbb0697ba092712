import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { testPki } from '../../test/support/network.js';
import { ConfigError, loadSettings } from './load-config.js';
import { engineLimits } from './engine-limits.js';

const load = (env: Record<string, string>) => loadSettings({ env, dotenvPath: false, cwd: '/tmp' });
const problems = (env: Record<string, string>): readonly string[] => {
  try {
    load(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('the proxy variables, read as curl reads them', () => {
  test("either letter case, the lower first; other tools' proxy variables are no typo", () => {
    expect(load({ https_proxy: 'http://lower:3128', HTTPS_PROXY: 'http://upper:3128' }).network.httpsProxy).toBe('http://lower:3128');
    expect(load({ HTTP_PROXY: 'proxy.example.com:8080' }).network.httpProxy).toBe('http://proxy.example.com:8080');
    expect(load({ no_proxy: 'localhost, .internal' }).network.noProxy).toBe('localhost,.internal');
    expect(problems({ ftp_proxy: 'http://x:21', FTP_PROXY: 'http://x:21', all_proxy: 'socks5://x:1080' })).toEqual([]);
  });

  test('a proxy that is no http(s) proxy is refused in one line, its password never shown', () => {
    expect(problems({ HTTPS_PROXY: 'socks5://user:hunter22@proxy:1080' })).toEqual([
      'HTTPS_PROXY: must be an http:// or https:// proxy (a CONNECT proxy), got "socks5://user:redacted@proxy:1080"',
    ]);
  });
});

describe('the TLS files are checked as the run starts, one line each, never their content', () => {
  test("a CA file without a certificate, a key without its certificate, a key that is not the certificate's", async () => {
    const p = await testPki();
    const dir = join(p.files.ca, '..');
    const notPem = join(dir, 'not-a-cert.pem');
    writeFileSync(notPem, 'hello');
    expect(problems({ TLS_CA_FILE: notPem })).toEqual([
      `TLS_CA_FILE: "${notPem}" holds no certificate (no -----BEGIN CERTIFICATE----- block)`,
    ]);
    expect(problems({ TLS_CLIENT_KEY_FILE: p.files.clientKey })).toEqual([
      'TLS_CLIENT_KEY_FILE: needs TLS_CLIENT_CERT_FILE, the certificate the key belongs to',
    ]);
    expect(problems({ TLS_CLIENT_CERT_FILE: p.files.clientCert })).toEqual([
      `TLS_CLIENT_CERT_FILE: "${p.files.clientCert}" holds no private key; give it there or in TLS_CLIENT_KEY_FILE`,
    ]);
    const otherKey = join(dir, 'other.key');
    writeFileSync(otherKey, p.otherNameKey);
    const mismatch = problems({ TLS_CLIENT_CERT_FILE: p.files.clientCert, TLS_CLIENT_KEY_FILE: otherKey });
    expect(mismatch).toEqual(['TLS_CLIENT_KEY_FILE: the private key does not belong to the first certificate of TLS_CLIENT_CERT_FILE']);
    expect(problems({ TLS_CLIENT_CERT_FILE: p.files.clientWithKey })).toEqual([]);
    expect(mismatch.join('\n')).not.toContain('PRIVATE KEY-----');
  });

  test('the engine gets the transport for a configured target only: never for the embedded reference', async () => {
    const p = await testPki();
    const env = { HTTPS_PROXY: 'http://proxy:3128', TLS_CA_FILE: p.files.ca, TLS_CLIENT_CERT_FILE: p.files.clientWithKey };
    expect(engineLimits(load(env)).transport).toBeUndefined();
    const transport = engineLimits(load({ ...env, BASE_URL: 'https://staging.example.com' })).transport;
    expect(transport?.proxy?.https).toBe('http://proxy:3128');
    expect(transport?.tls?.ca?.at(-1)).toBe(p.caCert.trim());
    expect(transport?.tls?.ca?.length).toBeGreaterThan(100); // the default roots are kept
    expect(transport?.tls?.key?.reveal()).toContain('PRIVATE KEY');
    expect(JSON.stringify(transport)).not.toContain('PRIVATE KEY');
  });
});
