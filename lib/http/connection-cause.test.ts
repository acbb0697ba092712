import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startConnectProxy, startHttpsFront, testPki, type ConnectProxy, type HttpsFront } from '../../test/support/network.js';
import { Secret } from '../secret.js';
import { connectionCause } from './connection-cause.js';
import type { EngineLimits } from './engine.js';
import { unreachableTarget } from './preflight.js';
import type { Transport } from './transport.js';

const HTTPS = { baseUrl: 'https://staging.example.com/sites/dev' };

describe('connectionCause: one line, naming the setting that fixes it', () => {
  test.each<[string, { message: string; code?: string }, Partial<Parameters<typeof connectionCause>[1]>, RegExp]>([
    [
      'an untrusted certificate',
      { message: 'unable to verify the first certificate', code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' },
      {},
      /not trusted .*set TLS_CA_FILE/,
    ],
    [
      'still untrusted with a CA file',
      { message: 'self-signed certificate in certificate chain', code: 'SELF_SIGNED_CERT_IN_CHAIN' },
      { transport: { tls: { ca: ['x'] } } },
      /not trusted even with TLS_CA_FILE/,
    ],
    [
      'a name the certificate does not hold',
      {
        message:
          "Hostname/IP does not match certificate's altnames: Host: staging.example.com. is not in the cert's altnames: DNS:other.example.com",
        code: 'ERR_TLS_CERT_ALTNAME_INVALID',
      },
      {},
      /not for the name staging\.example\.com: it holds DNS:other\.example\.com; use a BASE_URL with a name the certificate holds/,
    ],
    [
      'TLS 1.3: a client certificate required',
      { message: 'tlsv13 alert certificate required', code: 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED' },
      {},
      /asks for a client certificate and none was given .*set TLS_CLIENT_CERT_FILE/,
    ],
    [
      'TLS 1.2: the handshake refused without a certificate',
      { message: 'sslv3 alert handshake failure', code: 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE' },
      {},
      /likely asks for a client certificate .*TLS_CLIENT_CERT_FILE/,
    ],
    [
      'a client certificate refused',
      { message: 'tlsv1 alert unknown ca', code: 'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA' },
      { transport: { tls: { cert: 'c', key: new Secret('k') } } },
      /did not accept the client certificate given by TLS_CLIENT_CERT_FILE \(ERR_SSL_TLSV1_ALERT_UNKNOWN_CA\)/,
    ],
    [
      'closed after the handshake, no certificate given',
      { message: 'other side closed', code: 'UND_ERR_SOCKET' },
      {},
      /closed the connection before answering .*TLS_CLIENT_CERT_FILE/,
    ],
    [
      'a proxy asking for its password',
      { message: 'Proxy response (407) !== 200 when HTTP Tunneling', code: 'UND_ERR_ABORTED' },
      { proxy: 'http://u:secret@proxy:3128' },
      /refused the tunnel .* with 407: check its user and password in HTTPS_PROXY/,
    ],
    [
      'no proxy listening',
      { message: 'connect ECONNREFUSED 10.0.0.1:3128', code: 'ECONNREFUSED' },
      { proxy: 'http://proxy:3128' },
      /no connection to the proxy http:\/\/proxy:3128 .*check HTTPS_PROXY/,
    ],
    [
      'a name that does not resolve',
      { message: 'getaddrinfo ENOTFOUND staging.example.com', code: 'ENOTFOUND' },
      {},
      /does not resolve .*check BASE_URL; inside a company network, set HTTPS_PROXY/,
    ],
    [
      'nothing listening',
      { message: 'connect ECONNREFUSED 10.1.1.1:443', code: 'ECONNREFUSED' },
      {},
      /ECONNREFUSED 10\.1\.1\.1:443; no request reached it: check BASE_URL and that the service is up$/,
    ],
  ])('%s', (_label, failure, ctx, expected) => {
    const line = connectionCause(failure, { ...HTTPS, ...ctx });
    expect(line).toMatch(expected);
    expect(line).not.toMatch(/\n/);
    expect(line).not.toContain('secret');
  });

  test('"check BASE_URL and that the service is up" only where nothing answered: never for a TLS refusal', () => {
    for (const code of ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'ERR_TLS_CERT_ALTNAME_INVALID', 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED']) {
      expect(connectionCause({ message: 'x', code }, HTTPS)).not.toMatch(/service is up/);
    }
  });
});

describe('the setup check against an https front with a private CA, on loopback', () => {
  let upstream: Server;
  let front: HttpsFront;
  let mtls: HttpsFront;
  let misnamed: HttpsFront;
  let proxy: ConnectProxy;
  const limits = (transport?: Transport): EngineLimits => ({
    requestTimeoutMs: 5_000,
    requestsPerSecond: 1_000,
    concurrency: 2,
    maxRequests: 10,
    maxRunTimeMs: 30_000,
    maxRetries: 0,
    defaultRetryAfterMs: 0,
    maxRetryAfterMs: 1_000,
    maxRecordedBodyBytes: 4_096,
    allowInsecureToken: false,
    ...(transport !== undefined ? { transport } : {}),
  });
  beforeAll(async () => {
    upstream = createServer((_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    [front, mtls, misnamed, proxy] = await Promise.all([
      startHttpsFront(url),
      startHttpsFront(url, { clientCertificate: true, tls13: true }),
      startHttpsFront(url, { otherName: true }),
      startConnectProxy(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([
      front.close(),
      mtls.close(),
      misnamed.close(),
      proxy.close(),
      new Promise<void>((resolve) => upstream.close(() => resolve())),
    ]);
  });
  const check = (baseUrl: string, transport?: Transport): Promise<string | undefined> =>
    unreachableTarget({ config: limits(transport), baseUrl, token: undefined, path: '/x' });

  test('without the CA: one line naming TLS_CA_FILE; with it, through the proxy: reached', async () => {
    const { caCert } = await testPki();
    expect(await check(front.url)).toMatch(
      /^cannot reach BASE_URL https:\/\/127\.0\.0\.1:\d+: the certificate of 127\.0\.0\.1:\d+ is not trusted .*set TLS_CA_FILE/,
    );
    expect(await check(front.url, { proxy: { https: proxy.url } })).toMatch(/set TLS_CA_FILE/);
    expect(await check(front.url, { proxy: { https: proxy.url }, tls: { ca: [caCert] } })).toBeUndefined();
  });

  test('a name the certificate does not hold: which names it holds', async () => {
    const { caCert } = await testPki();
    expect(await check(misnamed.url, { tls: { ca: [caCert] } })).toMatch(
      /is not for the name 127\.0\.0\.1: it holds DNS:staging\.example\.internal; use a BASE_URL with a name the certificate holds$/,
    );
  });

  test('TLS 1.3 asking for a client certificate: one line naming TLS_CLIENT_CERT_FILE, in one request', async () => {
    const p = await testPki();
    const sockets = mtls.sockets;
    expect(await check(mtls.url, { tls: { ca: [p.caCert] } })).toMatch(
      /asks for a client certificate and none was given \(ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED\): set TLS_CLIENT_CERT_FILE/,
    );
    expect(mtls.sockets - sockets).toBe(1);
    expect(await check(mtls.url, { tls: { ca: [p.caCert], cert: p.clientCert, key: new Secret(p.clientKey) } })).toBeUndefined();
  });

  test('TLS 1.3 refusing the client certificate given: one line saying the server did not accept TLS_CLIENT_CERT_FILE', async () => {
    const p = await testPki();
    const { default: selfsigned } = await import('selfsigned');
    // Issued by no CA the front trusts: the front refuses it after the handshake.
    const stranger = await selfsigned.generate([{ name: 'commonName', value: 'a client no one vouches for' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      extensions: [{ name: 'extKeyUsage', clientAuth: true }],
    });
    const line = await check(mtls.url, { tls: { ca: [p.caCert], cert: stranger.cert, key: new Secret(stranger.private) } });
    expect(line).toMatch(/the server likely did not accept the client certificate given by TLS_CLIENT_CERT_FILE/);
    expect(line).not.toMatch(/service is up/);
    expect(line).not.toContain(stranger.private.trim().split('\n')[1] ?? 'no key line');
  });
});
