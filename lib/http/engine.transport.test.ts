/**
 * The engine through the network between: a CONNECT proxy and an https front with a private CA, on loopback
 * (test/support/network.ts). What goes through the tunnel, what NO_PROXY keeps direct, and which TLS settings
 * let the connection up.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startConnectProxy, startHttpsFront, testPki, type ConnectProxy, type HttpsFront } from '../../test/support/network.js';
import { loopbackEngine } from '../../test/support/synthetic.js';
import { Secret } from '../secret.js';
import type { HttpEngine } from './engine.js';
import type { Transport } from './transport.js';

let upstream: Server;
let upstreamUrl: string;
let front: HttpsFront;
let proxy: ConnectProxy;

beforeAll(async () => {
  upstream = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`seen ${req.method} ${req.url}`));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  [front, proxy] = await Promise.all([startHttpsFront(upstreamUrl), startConnectProxy()]);
});
afterAll(async () => {
  await Promise.all([front.close(), proxy.close(), new Promise<void>((resolve) => upstream.close(() => resolve()))]);
});

async function send(transport: Transport | undefined, n = 3): Promise<{ statuses: (number | null)[]; failure: string | undefined }> {
  const engine = loopbackEngine(front.url, 'transport-test-token', { maxRetries: 0, ...(transport !== undefined ? { transport } : {}) });
  try {
    const exchanges = await Promise.all(Array.from({ length: n }, (_, i) => engine.send({ method: 'GET', path: `/x${i}` })));
    return { statuses: exchanges.map((e) => e.status), failure: exchanges.find((e) => e.failure !== undefined)?.failure?.code };
  } finally {
    await engine.close();
  }
}

describe('the engine through a CONNECT proxy to an https target with a private CA', () => {
  test('every connection goes through the proxy: each the front saw left from one of its tunnels', async () => {
    const { caCert } = await testPki();
    const tunnelsBefore = proxy.tunnels.length;
    const seenBefore = front.connections.length;
    const sent = await send({ proxy: { https: proxy.url }, tls: { ca: [caCert] } });
    expect(sent.statuses).toEqual([200, 200, 200]);
    const tunnels = proxy.tunnels.slice(tunnelsBefore);
    const seen = front.connections.slice(seenBefore);
    expect(tunnels.length).toBeGreaterThan(0);
    expect(tunnels.every((t) => t.target === new URL(front.url).host)).toBe(true);
    expect(seen.length).toBe(tunnels.length);
    expect(seen.every((port) => tunnels.some((t) => t.fromPort === port))).toBe(true);
  });

  test('NO_PROXY naming the host: no tunnel, straight to the front', async () => {
    const { caCert } = await testPki();
    const tunnelsBefore = proxy.tunnels.length;
    const sent = await send({ proxy: { https: proxy.url, noProxy: '127.0.0.1' }, tls: { ca: [caCert] } });
    expect(sent.statuses).toEqual([200, 200, 200]);
    expect(proxy.tunnels.length).toBe(tunnelsBefore);
  });

  test('HTTP_PROXY alone is not used for https', async () => {
    const { caCert } = await testPki();
    const tunnelsBefore = proxy.tunnels.length;
    expect((await send({ proxy: { http: proxy.url }, tls: { ca: [caCert] } })).statuses).toEqual([200, 200, 200]);
    expect(proxy.tunnels.length).toBe(tunnelsBefore);
  });

  test('without the CA the certificate is not trusted; TLS_INSECURE lets it through', async () => {
    expect(await send({ proxy: { https: proxy.url } }, 1)).toEqual({ statuses: [null], failure: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    expect((await send({ proxy: { https: proxy.url }, tls: { insecure: true } }, 1)).statuses).toEqual([200]);
    expect((await send(undefined, 1)).failure).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  });
});

describe('a target that asks for a client certificate (TLS 1.3)', () => {
  let mtls: HttpsFront;
  beforeAll(async () => {
    mtls = await startHttpsFront(upstreamUrl, { clientCertificate: true, tls13: true });
  });
  afterAll(() => mtls.close());

  test('is reached with the certificate and its key, through the proxy; without it the connection is closed', async () => {
    const p = await testPki();
    const engine = (transport: Transport): HttpEngine => loopbackEngine(mtls.url, 'transport-test-token', { maxRetries: 0, transport });
    const withCert = engine({ proxy: { https: proxy.url }, tls: { ca: [p.caCert], cert: p.clientCert, key: new Secret(p.clientKey) } });
    const without = engine({ tls: { ca: [p.caCert] } });
    try {
      expect((await withCert.send({ method: 'GET', path: '/' })).status).toBe(200);
      const refused = await without.send({ method: 'GET', path: '/' });
      expect(refused.status).toBeNull();
      expect(refused.failure?.kind).toBe('network');
    } finally {
      await Promise.all([withCert.close(), without.close()]);
    }
  });
});

test('the client key is a secret of the engine: an answer that holds it, whole or a line of it, is recorded redacted', async () => {
  const p = await testPki();
  const keyLine = p.clientKey.split('\n')[1] ?? '';
  const echo = createServer((_req, res) => res.end(JSON.stringify({ key: p.clientKey, line: keyLine })));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const engine = loopbackEngine(`http://127.0.0.1:${(echo.address() as AddressInfo).port}`, 'transport-test-token', {
    transport: { tls: { cert: p.clientCert, key: new Secret(p.clientKey) } },
  });
  try {
    const exchange = await engine.send({ method: 'GET', path: '/' });
    expect(exchange.status).toBe(200);
    expect(exchange.responseBody).not.toContain(keyLine);
    expect(exchange.responseBody).toContain('[redacted]');
  } finally {
    await engine.close();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
  }
});
