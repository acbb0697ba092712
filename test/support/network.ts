/**
 * The network a company puts between a CI job and its staging, on loopback, for the self-tests: a private CA with
 * a server certificate for 127.0.0.1/localhost and a client certificate (made by the `selfsigned` package), an https
 * front that passes every request on to a plain-http service (as a TLS-terminating load balancer does, and that may
 * ask for a client certificate), and a CONNECT proxy that counts its tunnels and the ports they leave from, so that a
 * test can tell every connection the front saw came through it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';

export interface TestPki {
  caCert: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** A server certificate for another name only (staging.example.internal), for a name mismatch. */
  otherNameCert: string;
  otherNameKey: string;
  /** The same, as files in a folder of their own: ca.pem, client.pem, client.key, and client-with-key.pem. */
  files: { ca: string; clientCert: string; clientKey: string; clientWithKey: string };
}

let pki: Promise<TestPki> | undefined;

/** One private CA per test process, with its server and client certificates (EC P-256: cheap to make). */
export function testPki(): Promise<TestPki> {
  pki ??= makePki();
  return pki;
}

async function makePki(): Promise<TestPki> {
  const { default: selfsigned } = await import('selfsigned');
  const now = Date.now();
  const validity = { notBeforeDate: new Date(now - 86_400_000), notAfterDate: new Date(now + 30 * 86_400_000) };
  const base = { keyType: 'ec' as const, curve: 'P-256' as const, algorithm: 'sha256', ...validity };
  const ca = await selfsigned.generate([{ name: 'commonName', value: 'probe self-test CA' }], {
    ...base,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const signer = { ca: { key: ca.private, cert: ca.cert } };
  const server = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    ...base,
    ...signer,
    extensions: [
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  const otherName = await selfsigned.generate([{ name: 'commonName', value: 'staging.example.internal' }], {
    ...base,
    ...signer,
    extensions: [
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'staging.example.internal' }] },
    ],
  });
  const client = await selfsigned.generate([{ name: 'commonName', value: 'probe self-test client' }], {
    ...base,
    ...signer,
    extensions: [{ name: 'extKeyUsage', clientAuth: true }],
  });
  const dir = mkdtempSync(join(tmpdir(), 'probe-pki-'));
  const files = {
    ca: join(dir, 'ca.pem'),
    clientCert: join(dir, 'client.pem'),
    clientKey: join(dir, 'client.key'),
    clientWithKey: join(dir, 'client-with-key.pem'),
  };
  writeFileSync(files.ca, ca.cert);
  writeFileSync(files.clientCert, client.cert);
  writeFileSync(files.clientKey, client.private, { mode: 0o600 });
  writeFileSync(files.clientWithKey, `${client.cert}${client.private}`, { mode: 0o600 });
  return {
    caCert: ca.cert,
    serverCert: server.cert,
    serverKey: server.private,
    clientCert: client.cert,
    clientKey: client.private,
    otherNameCert: otherName.cert,
    otherNameKey: otherName.private,
    files,
  };
}

export interface HttpsFront {
  url: string;
  /** TLS connections that completed their handshake, with the port each came from. */
  connections: number[];
  /** HTTP requests passed on. */
  requests: number;
  /** TCP connections accepted, handshake or not. */
  sockets: number;
  close(): Promise<void>;
}

/**
 * An https server on loopback passing every request on to `upstream` (a plain-http base URL). `clientCertificate`:
 * it asks for one signed by the test CA and refuses the connection without (as a company's mutual-TLS gateway does);
 * `tls13`: only TLS 1.3, where that refusal comes after the handshake; `otherName`: its certificate is for
 * staging.example.internal only.
 */
export async function startHttpsFront(
  upstream: string,
  o: { clientCertificate?: boolean; tls13?: boolean; otherName?: boolean } = {},
): Promise<HttpsFront> {
  const p = await testPki();
  const target = new URL(upstream);
  const front: HttpsFront = { url: '', connections: [], requests: 0, sockets: 0, close: async () => {} };
  const server = createHttpsServer(
    {
      key: o.otherName === true ? p.otherNameKey : p.serverKey,
      cert: o.otherName === true ? p.otherNameCert : p.serverCert,
      ...(o.clientCertificate === true ? { ca: p.caCert, requestCert: true, rejectUnauthorized: true } : {}),
      ...(o.tls13 === true ? { minVersion: 'TLSv1.3' as const } : {}),
    },
    (req, res) => {
      front.requests += 1;
      const forwarded = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forwarded.on('error', () => res.destroy());
      req.pipe(forwarded);
    },
  );
  server.on('connection', () => {
    front.sockets += 1;
  });
  server.on('secureConnection', (socket: TLSSocket) => front.connections.push(socket.remotePort ?? 0));
  front.url = await listen(server, 'https');
  front.close = () => closeServer(server);
  return front;
}

export interface ConnectProxy {
  url: string;
  /** One entry per CONNECT answered 200: the host:port asked for, and the local port of the connection to it. */
  tunnels: { target: string; fromPort: number }[];
  close(): Promise<void>;
}

/** A CONNECT proxy on loopback (what HTTPS_PROXY names in a company network), counting its tunnels. */
export async function startConnectProxy(): Promise<ConnectProxy> {
  const proxy: ConnectProxy = { url: '', tunnels: [], close: async () => {} };
  const open = new Set<Socket>();
  const server = createHttpServer((_req, res) => {
    res.writeHead(405, { 'content-type': 'text/plain' }).end('this proxy only tunnels (CONNECT)');
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const [host, port] = (req.url ?? '').split(/:(?=\d+$)/);
    const upstream = connect({ host: host?.replace(/^\[|\]$/g, ''), port: Number(port) }, () => {
      proxy.tunnels.push({ target: req.url ?? '', fromPort: upstream.localPort ?? 0 });
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
    }
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  proxy.url = await listen(server, 'http');
  proxy.close = () => {
    for (const s of open) s.destroy();
    return closeServer(server);
  };
  return proxy;
}

async function listen(server: Server, scheme: 'http' | 'https'): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `${scheme}://127.0.0.1:${port}`;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
