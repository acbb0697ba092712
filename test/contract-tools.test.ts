/**
 * What the run learned, where other tools act on it, each tool unmodified, offline, against one reference service
 * and one probe run of an operation built from an OpenAPI document (test/fixtures/openapi/drive-3.1.yaml):
 * - the run's Overlay, applied to that document by openapi-format, gives a request schema that accepts exactly the
 *   bodies the target accepted (a fresh ajv judges every combination, value class and limit side);
 * - the run's Arazzo workflow runs green under Redocly Respect against the reference, and red once the reference's
 *   lifecycle has no read, list or renew;
 * - `operation --openapi` on the run's own contract writes a description the probe runs as it is, whose run agrees
 *   with that contract (`--contract`), and no file either run wrote names a machine's folder;
 * - a Prism mock over the contract, and over the twelve-field Graph operation's, answers 2xx to exactly the
 *   combinations the target accepted.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsCjs from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import YAML from 'yaml';
import { UNEXPLAINED_MARK } from '../lib/contract/compare-contract.js';
import { readOpenApiFile } from '../lib/contract/openapi-file.js';
import { bodyOf, triedBodies, valueContexts } from '../lib/contract/tried-bodies.js';
import { buildBody } from '../lib/matrix/build-body.js';
import { loadOperationFile } from '../lib/operation/index.js';
import { operationFromOpenApi } from '../lib/operation/openapi/index.js';
import type { OperationSpec } from '../lib/operation/types.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { startReferenceService, type ReferenceService } from '../reference/index.js';
import { runProbe } from './run-probe.js';
import { runTool } from './run-tool.js';

const addFormats = addFormatsCjs.default;
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURE = join(ROOT, 'test/fixtures/openapi/drive-3.1.yaml');
const GRAPH = join(ROOT, 'test/fixtures/operations/graph-12.json');
const TOKEN = 'contract-tools-token';
const PROBE_TIMEOUT_MS = 180_000;
const bin = (path: string): string => join(ROOT, 'node_modules', path);
// Nothing leaves the machine: no telemetry, no update check.
const QUIET = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

type Json = Record<string, unknown>;
const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

let service: ReferenceService;
let receiver: Server;
let receiverUrl: string;
let work: string;
let reports: string;
let report: BehaviourReport;
let operation: OperationSpec;

/** A receiver that passes the target's validation of the notification URL: it echoes the validation token. */
async function startEchoReceiver(): Promise<Server> {
  const server = createHttpServer((req, res) => {
    const token = new URL(req.url ?? '/', 'http://x').searchParams.get('validationtoken');
    req.resume();
    res.writeHead(token === null ? 202 : 200, { 'content-type': 'text/plain' }).end(token ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  service = await startReferenceService({ tokens: [TOKEN] });
  receiver = await startEchoReceiver();
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notifications`;
  work = mkdtempSync(join(tmpdir(), 'contract-tools-'));
  reports = join(work, 'reports');
  mkdirSync(reports);
  const probe = await runProbe(
    { BASE_URL: service.url, ACCESS_TOKEN: TOKEN, OPENAPI: FIXTURE, OPERATION_ID: 'createSubscription', REPORT_DIR: reports },
    ['02-presence', '03-value', '07-lifecycle'],
    PROBE_TIMEOUT_MS,
  );
  expect(probe.code, probe.stdout + probe.stderr).toBe(0);
  expect(probe.stdout).toMatch(/overlay: .*observed-overlay\.yaml/);
  expect(probe.stdout).toMatch(/lifecycle workflow: .*lifecycle\.arazzo\.yaml/);
  report = readJson<BehaviourReport>(join(reports, 'behaviour-report.json'));
  operation = (await operationFromOpenApi(FIXTURE, 'createSubscription')).operation;
}, PROBE_TIMEOUT_MS);

afterAll(async () => {
  await service?.close();
  await new Promise<void>((resolve) => (receiver === undefined ? resolve() : receiver.close(() => resolve())));
  rmSync(work, { recursive: true, force: true });
});

/** A fresh ajv with the formats and `x-lifetime` as the contract defines it (the instant's distance from now). */
function judge(schema: object, now: Date): (body: unknown) => boolean {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  ajv.addKeyword({
    keyword: 'x-lifetime',
    type: 'string',
    validate: (bound: { unit: string; minimum?: number; maximum?: number }, data: string) => {
      const unit = { seconds: 1e3, minutes: 6e4, hours: 36e5, days: 864e5 }[bound.unit] ?? Number.NaN;
      const lifetime = (Date.parse(data) - now.getTime()) / unit;
      return Number.isNaN(lifetime) || ((bound.minimum ?? -Infinity) <= lifetime && lifetime <= (bound.maximum ?? Infinity));
    },
  });
  const validate = ajv.compile(schema);
  return (body) => validate(body) as boolean;
}

function requestSchema(document: Json, operationId: string): object {
  for (const item of Object.values(document.paths as Record<string, Record<string, Json>>)) {
    for (const op of Object.values(item)) {
      if (op.operationId !== operationId) continue;
      return ((op.requestBody as Json).content as Record<string, { schema: object }>)['application/json']?.schema as object;
    }
  }
  throw new Error(`no ${operationId}`);
}

/** The subjects the observed contract itself says it states no reason for: not held against any schema. */
function unexplained(contract: Json, operationId: string): Set<string> {
  const properties = (requestSchema(contract, operationId) as { properties: Record<string, { 'x-observed'?: { unknown?: string[] } }> })
    .properties;
  return new Set(
    Object.values(properties).flatMap((p) =>
      (p?.['x-observed']?.unknown ?? []).filter((u) => u.endsWith(UNEXPLAINED_MARK)).map((u) => u.slice(0, -UNEXPLAINED_MARK.length)),
    ),
  );
}

/** Subjects of the tried bodies on which `accepts` and the target disagree. */
function disagreements(accepts: (body: unknown) => boolean, skip: ReadonlySet<string>, now: Date): string[] {
  const [ctx] = valueContexts(now);
  return triedBodies(report, operation)
    .filter((t) => t.target.outcome !== 'unknown' && !skip.has(t.subject))
    .filter((t) => {
      const body = bodyOf(operation, t, ctx);
      return body !== undefined && accepts(body) !== (t.target.outcome === 'accepted');
    })
    .map((t) => t.subject);
}

describe('what the run learned, applied by other tools', () => {
  test('the Overlay applied by openapi-format to the source document accepts exactly what the target accepted', async () => {
    const applied = join(work, 'applied.yaml');
    await run(
      process.execPath,
      [bin('openapi-format/bin/cli.js'), FIXTURE, '--overlayFile', join(reports, 'observed-overlay.yaml'), '-o', applied],
      {
        env: QUIET,
        timeout: 60_000,
      },
    );
    const overlay = YAML.parse(readFileSync(join(reports, 'observed-overlay.yaml'), 'utf8')) as { overlay: string; extends: string };
    expect(overlay).toMatchObject({ overlay: '1.0.0', extends: 'drive-3.1.yaml' });
    const now = new Date();
    const skip = unexplained(readJson<Json>(join(reports, 'observed-openapi.json')), 'createSubscription');
    const after = judge(requestSchema(await readOpenApiFile(applied), 'createSubscription'), now);
    expect(disagreements(after, skip, now)).toEqual([]);
    // Not vacuous: the document as published accepts bodies the target refused (all five fields, for one).
    const before = judge(requestSchema(await readOpenApiFile(FIXTURE), 'createSubscription'), now);
    expect(disagreements(before, skip, now).length).toBeGreaterThan(0);
  }, 60_000);

  test('the Arazzo workflow runs green under Respect against the reference, and red where read, list and renew are gone', async () => {
    const text = readFileSync(join(reports, 'lifecycle.arazzo.yaml'), 'utf8');
    expect(text).not.toContain(TOKEN);
    // Quoted, so that a YAML 1.1 reader keeps an instant a string.
    expect(text).toMatch(/default: "\d{4}-\d{2}-\d{2}T/);
    const workflow = YAML.parse(text) as { workflows: { steps: { stepId: string }[] }[] };
    expect(workflow.workflows[0]?.steps.map((s) => s.stepId)).toEqual(['create', 'read', 'list', 'renew', 'delete']);
    const respect = async (): Promise<{ code: number; out: string }> => {
      const args = [bin('@redocly/cli/bin/cli.js'), 'respect', 'lifecycle.arazzo.yaml', '--input', `token=${TOKEN}`];
      args.push('--input', `notificationUrl=${receiverUrl}`, '--server', `observed=${service.url}`);
      try {
        const { stdout } = await run(process.execPath, args, { cwd: reports, env: QUIET, timeout: 60_000 });
        return { code: 0, out: stdout };
      } catch (error) {
        const failed = error as { code?: number; stdout?: string; stderr?: string };
        return { code: typeof failed.code === 'number' ? failed.code : -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
      }
    };
    const green = await respect();
    expect(green.code, green.out).toBe(0);
    expect(green.out).toMatch(/Workflows: 1 passed, 1 total/);
    service.setProfile('v2-delete-only');
    try {
      const before = service.stats();
      const red = await respect();
      expect(red.code, red.out).not.toBe(0);
      expect(red.out).toMatch(/Workflows: 1 failed/);
      // The failed step goes on to the delete: the red run leaves nothing on the target.
      const after = service.stats();
      expect(after.creates - before.creates).toBe(1);
      expect(after.deletes - before.deletes).toBe(1);
    } finally {
      service.setProfile('default');
    }
  }, 120_000);

  test(
    'operation --openapi on the contract gives a description the probe runs as it is, agreeing with the contract; no file names a folder of the machine',
    async () => {
      const described = await runTool('operation', {
        cwd: work,
        env: {},
        args: ['--openapi', 'reports/observed-openapi.json', '--operation-id', 'createSubscription'],
      });
      expect(described.code, described.stderr).toBe(0);
      const opFile = join(work, 'op.json');
      writeFileSync(opFile, described.stdout);
      const second = join(work, 'second');
      mkdirSync(second);
      const again = await runProbe(
        { BASE_URL: service.url, ACCESS_TOKEN: TOKEN, OPERATION: opFile, REPORT_DIR: second },
        // As a user names it from where the probe runs (the second report folder here).
        ['02-presence', '03-value', '--contract', '../reports/observed-openapi.json'],
        PROBE_TIMEOUT_MS,
      );
      expect(again.code, again.stdout + again.stderr).toBe(0);
      expect(again.stdout).toMatch(/contract .*observed-openapi\.json: the target agrees with it \(compared 32 combinations/);
      const folders = [work, ROOT.replace(/\/$/, ''), tmpdir()];
      const written = [...readdirSync(reports).map((f) => join(reports, f)), ...readdirSync(second).map((f) => join(second, f))];
      for (const file of written.filter((f) => statSync(f).isFile())) {
        const content = readFileSync(file, 'utf8');
        for (const folder of folders) expect(content.includes(folder), `${file} names ${folder}`).toBe(false);
      }
    },
    PROBE_TIMEOUT_MS,
  );

  test(
    'an unmodified Prism mock over the contract, of the drive operation and of the twelve-field Graph one, answers 2xx to exactly the combinations the target accepted',
    async () => {
      const graphDir = join(work, 'graph');
      mkdirSync(graphDir);
      const graph = await runProbe(
        { OPERATION: GRAPH, REFERENCE_PROFILE: 'graph-v1-rules', REPORT_DIR: graphDir },
        ['02-presence'],
        PROBE_TIMEOUT_MS,
      );
      expect(graph.code, graph.stdout + graph.stderr).toBe(0);
      const graphReport = readJson<BehaviourReport>(join(graphDir, 'behaviour-report.json'));
      const cases: [string, BehaviourReport, OperationSpec][] = [
        [join(reports, 'observed-openapi.json'), report, operation],
        [join(graphDir, 'observed-openapi.json'), graphReport, loadOperationFile(GRAPH)],
      ];
      const tally: string[] = [];
      for (const [contract, probed, op] of cases) {
        const answers = await withPrism(contract, async (base) => {
          const [ctx] = valueContexts(new Date());
          const rows = probed.matrix.filter((m) => m.outcome === 'accepted' || m.outcome === 'rejected');
          const statuses: { present: string[]; accepted: boolean; status: number }[] = [];
          for (const row of rows) {
            const answer = await fetch(`${base}${op.path}`, {
              method: op.method,
              headers: { 'content-type': 'application/json', authorization: 'Bearer prism' },
              body: JSON.stringify(buildBody(op, row.present, ctx)),
            });
            await answer.arrayBuffer();
            statuses.push({ present: row.present, accepted: row.outcome === 'accepted', status: answer.status });
          }
          return statuses;
        });
        // Prism answers a body its schema refuses with the 400 the contract documents (a 422 where none is).
        const wrong = answers.filter(
          (a) => (a.status >= 200 && a.status < 300) !== a.accepted || (!a.accepted && ![400, 422].includes(a.status)),
        );
        expect(wrong, contract).toEqual([]);
        expect(answers.some((a) => a.accepted) && answers.some((a) => !a.accepted)).toBe(true);
        tally.push(`${op.fields.length} fields: ${answers.length} combinations, ${answers.filter((a) => a.accepted).length} accepted`);
      }
      console.log(`prism mock over the observed contracts: ${tally.join('; ')}; every answer as the target's`);
    },
    PROBE_TIMEOUT_MS,
  );
});

/** A free loopback port: Prism takes a port, not 0. */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** `prism mock` over the document, as a user starts it; stopped (by its own pid) when `use` is done. */
async function withPrism<T>(document: string, use: (base: string) => Promise<T>): Promise<T> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [bin('@stoplight/prism-cli/dist/index.js'), 'mock', '-h', '127.0.0.1', '-p', String(port), document],
    {
      env: QUIET,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`prism did not start in 30 s: ${output}`)), 30_000);
      const read = (chunk: Buffer): void => {
        output += chunk.toString();
        if (output.includes('Prism is listening')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`prism exited ${code}: ${output}`));
      });
    });
    return await use(`http://127.0.0.1:${port}`);
  } finally {
    child.kill();
  }
}
