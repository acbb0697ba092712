/**
 * The protocol suite (suites/05-protocol) end to end: the probe CLI filtered to it, against targets
 * started here on loopback. Two reference profiles that refuse differently must give different
 * findings, and a target that accepts anything must get DEVIATES. A sentinel token must appear in
 * neither the console nor any report.
 * The notification URL is a receiver started here that answers the validation handshake real services
 * make (POST ?validationtoken=..., answered 200 text/plain with the token), so the reference can accept
 * a create whether or not its profile validates the URL.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceService, type ReferenceService } from '../reference/index.js';
import { runProbe, type ProbeRun } from './run-probe.js';

const TOKEN = 'sentinel-protocol-token-3c9e71d0a4b2';
const FAST = { ACCESS_TOKEN: TOKEN };
let receiver: Server;
let notificationUrl: string;

/** Starts a node:http server on 127.0.0.1, port 0; resolves with its base URL. */
async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    const query = new URL(req.url ?? '/', 'http://receiver').searchParams;
    const token = query.get('validationtoken') ?? query.get('validationToken');
    if (token === null) res.writeHead(202).end();
    else res.writeHead(200, { 'content-type': 'text/plain' }).end(token);
  });
  notificationUrl = `${await listen(receiver)}/notifications`;
});

afterAll(async () => {
  await stop(receiver);
});
const RUN_TIMEOUT_MS = 120_000;

interface CaseSummary {
  id: string;
  verdict: string;
  finding?: string;
  observed?: string;
}

const casesOf = (run: ProbeRun): Map<string, CaseSummary> => {
  const summary = JSON.parse(readFileSync(join(run.reportDir, 'summary.json'), 'utf8')) as { cases: CaseSummary[] };
  return new Map(summary.cases.filter((c) => c.id.startsWith('protocol/')).map((c) => [c.id, c]));
};

const AUTH_IDS = ['no-authorization', 'basic-scheme', 'empty-bearer', 'unknown-bearer'].map((id) => `protocol/spec-5/${id}`);

function expectTokenNowhere(run: ProbeRun): void {
  expect(run.stdout + run.stderr).not.toContain(TOKEN);
  for (const file of readdirSync(run.reportDir, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const path = join(file.parentPath, file.name);
    expect(readFileSync(path, 'utf8'), path).not.toContain(TOKEN);
  }
}

async function probeReference(profile: string, env: Record<string, string> = {}): Promise<{ run: ProbeRun; service: ReferenceService }> {
  const service = await startReferenceService({ profile, tokens: [TOKEN] });
  try {
    const run = await runProbe(
      { ...FAST, BASE_URL: service.url, NOTIFICATION_URL: notificationUrl, ...env },
      ['05-protocol'],
      RUN_TIMEOUT_MS,
    );
    return { run, service };
  } finally {
    await service.close();
  }
}

describe('05-protocol against reference services that refuse differently', () => {
  let byDefault: { run: ProbeRun; service: ReferenceService };
  let graphLike: { run: ProbeRun; service: ReferenceService };

  beforeAll(async () => {
    // Two services, two probe children: independent, so at once.
    [byDefault, graphLike] = await Promise.all([probeReference('default', { PROBE_WRITE_METHODS: 'true' }), probeReference('graph-like')]);
  }, 2 * RUN_TIMEOUT_MS);

  test('both runs exit 0: every refusal conforms to spec §5, every malformed body gets 400 invalidRequest', () => {
    for (const { run } of [byDefault, graphLike]) {
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const cases = casesOf(run);
      for (const id of AUTH_IDS) expect(cases.get(id)?.verdict, id).toBe('CONFORMS');
      for (const id of ['not-json', 'json-array', 'json-null', 'empty-body'])
        expect(cases.get(`protocol/spec-7.1/${id}`)?.verdict, id).toBe('CONFORMS');
    }
    // graph-like takes https notification URLs only, so only the default profile accepts a create here.
    expect(casesOf(byDefault.run).get('protocol/spec-9/v2.0')?.verdict).toBe('CONFORMS');
  });

  test("the refusal findings record each profile's own 401 in plain words", () => {
    const refusal = (run: ProbeRun): string => casesOf(run).get('protocol/spec-5/no-authorization/refusal')?.finding ?? '';

    expect(refusal(byDefault.run)).toBe(
      'no Authorization header: 401 with WWW-Authenticate: Bearer realm="reference-drive", the §7 error object with error.code unauthenticated',
    );
    expect(refusal(graphLike.run)).toBe(
      'no Authorization header: 401 with WWW-Authenticate: Bearer realm="reference-graph", the §7 error object with error.code InvalidAuthenticationToken',
    );
    for (const id of AUTH_IDS) expect(casesOf(graphLike.run).get(`${id}/refusal`)?.verdict).toBe('INFORMATIONAL');
  });

  test('what the version and method cases saw is recorded', () => {
    const cases = casesOf(byDefault.run);

    expect(cases.get('protocol/spec-9/v1.0')?.finding).toBe(
      'a create with version v1.0: answered 404, the §7 error object with error.code itemNotFound',
    );
    expect(cases.get('protocol/spec-4/method-delete')?.finding).toContain('answered 405, Allow: GET, POST');
    // Without PROBE_WRITE_METHODS a configured target gets no PUT, PATCH or DELETE on its collection.
    expect(casesOf(graphLike.run).has('protocol/spec-4/method-delete')).toBe(false);
    expect(casesOf(graphLike.run).has('protocol/spec-4/method-get')).toBe(true);
    expect(cases.get('protocol/spec-4/one-mebibyte')?.finding).toContain('answered 201');
  });

  test('every subscription a case created was deleted', () => {
    expect(byDefault.service.liveSubscriptions()).toEqual([]);
    expect(graphLike.service.liveSubscriptions()).toEqual([]);
    expect(byDefault.service.stats().creates).toBeGreaterThan(0);
  });

  test('the token appears in no console line and no report file', () => {
    expectTokenNowhere(byDefault.run);
    expectTokenNowhere(graphLike.run);
  });
});

describe('05-protocol against a target that accepts everything', () => {
  let server: Server;
  let url: string;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    let n = 0;
    server = createServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      req.on('end', () => {
        n += 1;
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `stub-${n}` }));
      });
    });
    url = await listen(server);
  });

  afterAll(async () => {
    await stop(server);
  });

  test(
    'creates without a valid Bearer token and malformed bodies DEVIATE; the run exits 1',
    async () => {
      const run = await runProbe({ ...FAST, BASE_URL: url }, ['05-protocol'], RUN_TIMEOUT_MS);

      expect(run.code, run.stdout + run.stderr).toBe(1);
      const cases = casesOf(run);
      for (const id of AUTH_IDS)
        expect(cases.get(id), id).toMatchObject({
          verdict: 'DEVIATES',
          finding: expect.stringMatching(/was accepted \(201\)$/) as unknown,
        });
      for (const id of ['not-json', 'json-array', 'json-null', 'empty-body'])
        expect(cases.get(`protocol/spec-7.1/${id}`)?.verdict, id).toBe('DEVIATES');
      expect(cases.get('protocol/spec-9/v2.0')?.verdict).toBe('CONFORMS');
      expect(cases.get('protocol/spec-4/text-plain')?.verdict).toBe('INFORMATIONAL');
      expect(cases.get('protocol/spec-5/basic-scheme/refusal')?.finding).toBe('the Basic scheme: not refused: 201, a JSON object with id');
      // The failure shows the request as sent: the made-up token literally, never $ACCESS_TOKEN in its place.
      expect(run.stdout + run.stderr).toContain('Authorization: Bearer conformance-probe.not-a-valid-token.0000');
      // The requests really went without the run's token.
      expect(seen.some((h) => h.authorization === undefined)).toBe(true);
      expect(seen.some((h) => h.authorization?.startsWith('Basic ') === true)).toBe(true);
      expectTokenNowhere(run);
    },
    RUN_TIMEOUT_MS,
  );
});
