/**
 * The probe through the network a company puts between a CI job and its staging, on loopback: a CONNECT proxy
 * that counts its tunnels, an https front with a private CA in front of the embedded reference, and one that asks
 * for a client certificate under TLS 1.3 (test/support/network.ts). Each run is the presence matrix alone, in
 * process: what differs from other runs is only how the requests get there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BehaviourReport } from '../lib/report/types.js';
import { startReferenceService, type ReferenceService } from '../reference/index.js';
import { runProbe, type ProbeRun } from './run-probe.js';
import { startConnectProxy, startHttpsFront, testPki, type ConnectProxy, type HttpsFront } from './support/network.js';

const TOKEN = 'network-test-token-5b2e81c4';
const RULE = 'notificationUrl && expirationDateTime && !changeType && !resource';
const RUN_TIMEOUT_MS = 120_000;

let service: ReferenceService;
let front: HttpsFront;
let mtls: HttpsFront;
let proxy: ConnectProxy;

beforeAll(async () => {
  service = await startReferenceService({ profile: 'default', tokens: [TOKEN], handshake: false });
  [front, mtls, proxy] = await Promise.all([
    startHttpsFront(service.url),
    startHttpsFront(service.url, { clientCertificate: true, tls13: true }),
    startConnectProxy(),
  ]);
});
afterAll(async () => {
  await Promise.all([front.close(), mtls.close(), proxy.close(), service.close()]);
});

const report = (run: ProbeRun): BehaviourReport =>
  JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
const output = (run: ProbeRun): string => run.stdout + run.stderr;
const presence = (env: Record<string, string>): Promise<ProbeRun> =>
  runProbe({ ACCESS_TOKEN: TOKEN, MAX_RETRIES: '1', ...env }, ['02-presence'], RUN_TIMEOUT_MS);

/** The run's rule is the reference's, on every combination. */
function expectExact(run: ProbeRun): BehaviourReport {
  expect(run.code, output(run)).toBe(0);
  const r = report(run);
  expect(r.rule.expression).toBe(RULE);
  expect(r.rule.exactOn).toEqual({ answered: 32, of: 32 });
  return r;
}

describe('through a CONNECT proxy to an https target with a private CA', () => {
  test(
    "exact, and every connection the front saw came through one of the proxy's tunnels",
    async () => {
      const { files } = await testPki();
      const [tunnels, seen] = [proxy.tunnels.length, front.connections.length];
      const run = await presence({ BASE_URL: front.url, HTTPS_PROXY: proxy.url, TLS_CA_FILE: files.ca });
      const r = expectExact(run);
      const opened = proxy.tunnels.slice(tunnels);
      const connections = front.connections.slice(seen);
      expect(opened.length).toBeGreaterThan(0);
      expect(connections.length).toBe(opened.length);
      expect(connections.every((port) => opened.some((t) => t.fromPort === port))).toBe(true);
      expect(r.run.network).toEqual({ proxy: proxy.url, caFile: 'ca.pem' });
      expect(run.stdout).toContain(`network: through the proxy ${proxy.url}, trusting ca.pem besides the default roots`);
    },
    RUN_TIMEOUT_MS,
  );

  // One run for two things (each run costs about a second of CPU): the proxy left out, and the certificate not checked.
  test(
    'NO_PROXY naming the host, with TLS_INSECURE=true: exact without the CA, not one tunnel, and warned of in the console and the report',
    async () => {
      const tunnels = proxy.tunnels.length;
      const seen = front.connections.length;
      const run = await presence({ BASE_URL: front.url, https_proxy: proxy.url, no_proxy: '127.0.0.1', TLS_INSECURE: 'true' });
      const r = expectExact(run);
      expect(proxy.tunnels.length).toBe(tunnels);
      expect(front.connections.length).toBeGreaterThan(seen);
      expect(run.stdout).toMatch(/^WARNING: TLS_INSECURE=true: the target's certificate was not verified/m);
      expect(r.run.network).toEqual({ tlsInsecure: true });
      expect(readFileSync(join(run.reportDir, 'behaviour-report.md'), 'utf8')).toContain('⚠ TLS\\_INSECURE=true');
    },
    RUN_TIMEOUT_MS,
  );

  test(
    'without TLS_CA_FILE: exit 2 in one line naming it, before any suite',
    async () => {
      const requests = front.requests;
      const run = await presence({ BASE_URL: front.url, HTTPS_PROXY: proxy.url });
      expect(run.code, output(run)).toBe(2);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^probe: cannot reach BASE_URL https:\/\/127\.0\.0\.1:\d+: the certificate of .* is not trusted .*set TLS_CA_FILE/,
      );
      expect(lines[0]).not.toMatch(/service is up/);
      expect(front.requests).toBe(requests);
    },
    RUN_TIMEOUT_MS,
  );
});

describe('a target that asks for a client certificate under TLS 1.3', () => {
  test(
    'without one: exit 2 within 10 requests, naming TLS_CLIENT_CERT_FILE',
    async () => {
      const { files } = await testPki();
      const sockets = mtls.sockets;
      const run = await presence({ BASE_URL: mtls.url, TLS_CA_FILE: files.ca });
      expect(run.code, output(run)).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/asks for a client certificate and none was given .*set TLS_CLIENT_CERT_FILE/);
      expect(mtls.sockets - sockets).toBeLessThanOrEqual(10);
      expect(mtls.requests).toBe(0);
    },
    RUN_TIMEOUT_MS,
  );

  test(
    'with one, through the proxy: exact',
    async () => {
      const { files } = await testPki();
      const r = expectExact(
        await presence({
          BASE_URL: mtls.url,
          HTTPS_PROXY: proxy.url,
          TLS_CA_FILE: files.ca,
          TLS_CLIENT_CERT_FILE: files.clientCert,
          TLS_CLIENT_KEY_FILE: files.clientKey,
        }),
      );
      expect(r.run.network?.clientCertificate).toBe('CN=probe self-test client');
    },
    RUN_TIMEOUT_MS,
  );
});
