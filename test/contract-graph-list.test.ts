/**
 * The observed contract and workflow learned from a Graph-shaped target run green under Redocly Respect against that
 * same target. The target is the reference behind a loopback proxy that answers as Graph does: every 2xx JSON
 * object gets `@odata.context` at its top, so a list page is `{"@odata.context": ..., "value": [...]}` and its
 * entries have no `@odata.context` of their own. Respect closes every object schema that lists properties, so a
 * key the contract put at the wrong level (the page's `@odata.context` in the items) fails its list step.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReferenceService, type ReferenceService } from '../reference/index.js';
import { runProbe } from './run-probe.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TOKEN = 'graph-list-token';
const PROBE_TIMEOUT_MS = 180_000;
/** Most bytes the proxy reads of one answer: the reference's answers are far smaller. */
const MAX_ANSWER_BYTES = 1_000_000;
const QUIET = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
const CONTEXT = 'https://graph.example/v1.0/$metadata#subscriptions';

let service: ReferenceService;
let proxy: Server;
let receiver: Server;
let proxyUrl: string;
let receiverUrl: string;
let work: string;

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: Server | undefined): Promise<void> =>
  new Promise((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));

/** The reference's answer, with `@odata.context` first in every 2xx JSON object (as Graph answers). */
function graphShaped(status: number, body: string): string {
  if (status < 200 || status > 299 || body === '') return body;
  try {
    const parsed = JSON.parse(body) as unknown;
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? JSON.stringify({ '@odata.context': CONTEXT, ...parsed })
      : body;
  } catch {
    return body;
  }
}

function startProxy(target: URL): Server {
  return createServer((req, res) => {
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
          else answer.destroy();
        });
        answer.on('end', () => {
          const body = graphShaped(answer.statusCode ?? 502, Buffer.concat(chunks).toString('utf8'));
          const headers = { ...answer.headers };
          delete headers['content-length'];
          delete headers['transfer-encoding'];
          res.writeHead(answer.statusCode ?? 502, headers).end(body);
        });
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
}

beforeAll(async () => {
  service = await startReferenceService({ tokens: [TOKEN] });
  proxy = startProxy(new URL(service.url));
  proxyUrl = await listen(proxy);
  receiver = createServer((req, res) => {
    const token = new URL(req.url ?? '/', 'http://x').searchParams.get('validationtoken');
    req.resume();
    res.writeHead(token === null ? 202 : 200, { 'content-type': 'text/plain' }).end(token ?? '');
  });
  receiverUrl = `${await listen(receiver)}/notifications`;
  work = mkdtempSync(join(tmpdir(), 'contract-graph-list-'));
  mkdirSync(join(work, 'reports'));
}, 30_000);

afterAll(async () => {
  await close(proxy);
  await close(receiver);
  await service?.close();
  rmSync(work, { recursive: true, force: true });
});

test(
  'a Graph-shaped list answer keeps @odata.context at the page in the contract, and Respect runs the workflow green against that target',
  async () => {
    const reports = join(work, 'reports');
    const probe = await runProbe(
      { BASE_URL: proxyUrl, ACCESS_TOKEN: TOKEN, REPORT_DIR: reports },
      ['02-presence', '07-lifecycle'],
      PROBE_TIMEOUT_MS,
    );
    expect(probe.code, probe.stdout + probe.stderr).toBe(0);
    expect(probe.stdout).toMatch(/lifecycle workflow: .*lifecycle\.arazzo\.yaml/);

    const contract = JSON.parse(readFileSync(join(reports, 'observed-openapi.json'), 'utf8')) as {
      paths: Record<
        string,
        Record<string, { operationId?: string; responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
      >;
    };
    type Schema = { properties?: Record<string, Schema>; items?: Schema };
    const list = Object.values(contract.paths)
      .flatMap((item) => Object.values(item))
      .find((op) => op.operationId?.endsWith('-list') === true);
    const page = list?.responses['200']?.content?.['application/json']?.schema;
    expect(Object.keys(page?.properties ?? {}).sort()).toEqual(['@odata.context', 'value']);
    expect(Object.keys(page?.properties?.value?.items?.properties ?? {})).not.toContain('@odata.context');
    expect(Object.keys(page?.properties?.value?.items?.properties ?? {})).toContain('id');

    const args = [join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'), 'respect', 'lifecycle.arazzo.yaml', '--input', `token=${TOKEN}`];
    args.push('--input', `notificationUrl=${receiverUrl}`, '--server', `observed=${proxyUrl}`);
    let out = '';
    let code = 0;
    try {
      out = (await run(process.execPath, args, { cwd: reports, env: QUIET, timeout: 60_000 })).stdout;
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      code = typeof failed.code === 'number' ? failed.code : -1;
      out = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    }
    expect(code, out).toBe(0);
    expect(out).toMatch(/Workflows: 1 passed, 1 total/);
    expect(out).not.toContain(TOKEN);
  },
  PROBE_TIMEOUT_MS + 60_000,
);
