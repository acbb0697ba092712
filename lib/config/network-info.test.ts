import { expect, test } from 'vitest';
import { testPki } from '../../test/support/network.js';
import { loadSettings } from './load-config.js';
import { networkInfo, networkLines } from './network-info.js';

const load = (env: Record<string, string>) => loadSettings({ env, dotenvPath: false, cwd: '/tmp' });

test('the network facts of a configured target: the proxy that applies (password replaced), the CA file, the client certificate', async () => {
  const p = await testPki();
  const settings = load({
    BASE_URL: 'https://staging.example.com',
    HTTPS_PROXY: 'http://probe:s3cret-pass@proxy.example.com:3128',
    TLS_CA_FILE: p.files.ca,
    TLS_CLIENT_CERT_FILE: p.files.clientCert,
    TLS_CLIENT_KEY_FILE: p.files.clientKey,
  });
  const info = networkInfo(settings);
  expect(info).toEqual({
    proxy: 'http://probe:redacted@proxy.example.com:3128',
    caFile: 'ca.pem',
    clientCertificate: 'CN=probe self-test client',
  });
  expect(networkLines(info)).toEqual([
    'network: through the proxy http://probe:redacted@proxy.example.com:3128, trusting ca.pem besides the default roots, client certificate CN=probe self-test client',
  ]);
  expect(JSON.stringify(info)).not.toContain('s3cret-pass');
});

test('NO_PROXY naming the target, or the embedded reference: no proxy; TLS_INSECURE: a warning line', () => {
  expect(
    networkInfo(load({ BASE_URL: 'https://staging.example.com', HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: '.example.com' })),
  ).toBeUndefined();
  expect(networkInfo(load({ HTTPS_PROXY: 'http://proxy:3128', TLS_INSECURE: 'true' }))).toBeUndefined();
  const lines = networkLines(networkInfo(load({ BASE_URL: 'https://staging.example.com', TLS_INSECURE: 'true' })));
  expect(lines[0]).toBe("network: direct, the target's certificate not verified");
  expect(lines[1]).toMatch(/^WARNING: TLS_INSECURE=true: the target's certificate was not verified/);
});
