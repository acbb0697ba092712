/**
 * The observed contract as a user meets it: a probe of the embedded reference
 * writes reports/observed-openapi.json, valid OpenAPI 3.1, whose request body schema (judged here by
 * a fresh ajv, with this file's own reading of x-lifetime) accepts exactly the bodies the target
 * accepted, value classes and limits included; a second run against the unchanged target writes the
 * same document apart from the run-specific x-observed keys; `npm run contract` writes it offline
 * from the report; `--contract` with it fails against the graph-like profile, listing each
 * disagreement, and passes against the default profile itself.
 */
import { mkdirSync, readdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsCjs from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import YAML from 'yaml';
import { RUN_SPECIFIC_KEYS } from '../lib/contract/build-contract.js';
import { bodyOf, triedBodies, valueContexts } from '../lib/contract/tried-bodies.js';
import { expectValidOpenApi } from './support/openapi-valid.js';
import { subscriptionCreate } from '../lib/operation/index.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { runProbe } from './run-probe.js';
import { runTool } from './run-tool.js';

const addFormats = addFormatsCjs.default;
const SUITES = ['02-presence', '03-value'];
const PROBE_TIMEOUT_MS = 180_000;

type Json = Record<string, unknown>;
const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** The document without the x-observed keys that change from run to run (times, the run's id, counts, real examples), at any depth below an x-observed. */
function stable(value: unknown, inObserved = false): unknown {
  if (Array.isArray(value)) return value.map((v) => stable(v, inObserved));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !(inObserved && RUN_SPECIFIC_KEYS.includes(key)))
      .map(([k, v]) => [k, stable(v, inObserved || k === 'x-observed')]),
  );
}

let work: string;
let first: string;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'contract-cli-'));
  first = join(work, 'first');
  mkdirSync(first);
  const run = await runProbe({ REPORT_DIR: first }, SUITES, PROBE_TIMEOUT_MS);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(run.stdout).toMatch(
    /contract: .*observed-openapi\.json \(OpenAPI 3\.1 valid; round trip over \d+ bodies tried: 0 disagreements; 1 refused for a reason no keyword states, recorded and not compared\)/,
  );
}, PROBE_TIMEOUT_MS);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the observed contract of the embedded reference', () => {
  test('is valid OpenAPI 3.1 and accepts exactly what the target accepted: every combination, value class and limit side', async () => {
    const document = readJson<Json>(join(first, 'observed-openapi.json'));
    await expectValidOpenApi(document);
    expect(YAML.parse(readFileSync(join(first, 'observed-openapi.yaml'), 'utf8'))).toEqual(document);

    const report = readJson<BehaviourReport>(join(first, 'behaviour-report.json'));
    const post = ((document.paths as Json)[subscriptionCreate.path] as Json).post as {
      requestBody: { content: { 'application/json': { schema: object } } };
    };
    const now = new Date();
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    // x-lifetime as the document's info.description defines it: the instant's distance from now, in unit.
    ajv.addKeyword({
      keyword: 'x-lifetime',
      type: 'string',
      validate: (bound: { unit: string; minimum?: number; maximum?: number }, data: string) => {
        const unit = { seconds: 1e3, minutes: 6e4, hours: 36e5, days: 864e5 }[bound.unit] ?? NaN;
        const lifetime = (Date.parse(data) - now.getTime()) / unit;
        return (
          Number.isNaN(lifetime) ||
          ((bound.minimum === undefined || lifetime >= bound.minimum) && (bound.maximum === undefined || lifetime <= bound.maximum))
        );
      },
    });
    const validate = ajv.compile(post.requestBody.content['application/json'].schema);
    const [ctx] = valueContexts(now);
    const tried = triedBodies(report, subscriptionCreate).filter((t) => t.target.outcome !== 'unknown');
    const kinds = new Set(tried.map((t) => t.kind));
    expect([...kinds].sort()).toEqual(['combination', 'limit', 'value']);
    const wrong = tried
      .filter((t) => (validate(bodyOf(subscriptionCreate, t, ctx)) as boolean) !== (t.target.outcome === 'accepted'))
      .map((t) => t.subject);
    // The one refusal the schema states no reason for (an IP literal URL, of the spec's form) is marked as such, not ruled.
    expect(wrong).toEqual(['notificationUrl ip-literal']);
    const notificationUrl = (post.requestBody.content['application/json'].schema as { properties: Record<string, unknown> }).properties[
      'notificationUrl'
    ] as { 'x-observed': { unknown: string[] }; not?: unknown };
    expect(notificationUrl.not).toBeUndefined();
    expect(notificationUrl['x-observed'].unknown).toContain(
      "notificationUrl ip-literal: rejected for a reason no keyword states (a value of the spec's form, or one that depends on the run)",
    );
    expect(tried.length).toBeGreaterThan(60);

    // What the schema says of the default profile, in keywords.
    const schema = post.requestBody.content['application/json'].schema as {
      required: string[];
      properties: Record<string, Json | boolean>;
    };
    expect(schema.required).toEqual(['notificationUrl', 'expirationDateTime']);
    expect(schema.properties.changeType).toBe(false);
    expect(schema.properties.resource).toBe(false);
    expect(schema.properties.expirationDateTime).toMatchObject({
      type: 'string',
      format: 'date-time',
      'x-lifetime': { unit: 'minutes', maximum: 259200 },
    });
    expect(schema.properties.clientState).toMatchObject({ type: 'string', maxLength: 255 });
    expect(report.contract?.observed).toMatchObject({ file: 'observed-openapi.json', roundTripDisagreements: 0 });
    expect(readFileSync(join(first, 'behaviour-report.md'), 'utf8')).toContain('[`observed-openapi.json`](observed-openapi.json)');
    expect(readFileSync(join(first, 'behaviour-report.html'), 'utf8')).toContain('<a href="observed-openapi.json">');
  });

  test(
    'two runs against the unchanged target write the same document apart from x-observed times, counts and examples',
    async () => {
      const second = join(work, 'second');
      mkdirSync(second);
      const run = await runProbe({ REPORT_DIR: second }, SUITES, PROBE_TIMEOUT_MS);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const [a, b] = [first, second].map((dir) => readFileSync(join(dir, 'observed-openapi.json'), 'utf8'));
      expect(a).not.toBe(b); // the times differ: the comparison below is not vacuous
      expect(JSON.stringify(stable(JSON.parse(b as string)), null, 2)).toBe(JSON.stringify(stable(JSON.parse(a as string)), null, 2));
      const [ya, yb] = [first, second].map((dir) => YAML.parse(readFileSync(join(dir, 'observed-openapi.yaml'), 'utf8')) as unknown);
      expect(stable(yb)).toEqual(stable(ya));
    },
    PROBE_TIMEOUT_MS,
  );

  test('npm run contract writes the same document offline from the report', async () => {
    const out = join(work, 'offline');
    mkdirSync(out);
    const run = await runTool('contract', { cwd: work, env: {}, args: [join(first, 'behaviour-report.json'), '--out', out] });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(readFileSync(join(out, 'observed-openapi.json'), 'utf8')).toBe(readFileSync(join(first, 'observed-openapi.json'), 'utf8'));
    expect(readFileSync(join(out, 'observed-openapi.yaml'), 'utf8')).toBe(readFileSync(join(first, 'observed-openapi.yaml'), 'utf8'));
    // --out FILE writes that file, in the format its extension names, and the line names it.
    const file = join(work, 'api', 'observed.yaml');
    const one = await runTool('contract', { cwd: work, env: {}, args: [join(first, 'behaviour-report.json'), '--out', file] });
    expect(one.code, one.stdout + one.stderr).toBe(0);
    expect(one.stdout).toMatch(new RegExp(`^contract: ${file.replaceAll('.', '\\.')} \\(OpenAPI 3\\.1 valid`, 'm'));
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(join(first, 'observed-openapi.yaml'), 'utf8'));
    expect(readdirSync(join(work, 'api'))).toEqual(['observed.yaml']);
  });
});

describe('--contract: the target held up to a contract', () => {
  test(
    "the default profile's contract against the graph-like profile: exit 1, each disagreement listed, in the reports too",
    async () => {
      const dir = join(work, 'graph');
      mkdirSync(dir);
      const contract = join(first, 'observed-openapi.json');
      const run = await runProbe(
        { REPORT_DIR: dir, REFERENCE_PROFILE: 'graph-like' },
        [...SUITES, '--contract', contract],
        PROBE_TIMEOUT_MS,
      );
      expect(run.code, run.stdout + run.stderr).toBe(1);
      // No case failed; the one reason the run fails counts in the line, as in JUnit.
      expect(run.stdout).toMatch(/^\d+ passed, 1 failed/m);
      expect(run.stdout).toMatch(
        /contract .*observed-openapi\.json: \d+ disagreements \(compared 32 combinations, \d+ value classes, \d+ limit sides\)/,
      );
      expect(run.stdout).toContain('  {notificationUrl, expirationDateTime}: contract says accepted, target did 400 invalidRequest');
      expect(run.stdout).toMatch(
        / {2}\{changeType, notificationUrl, resource, expirationDateTime\}: contract says rejected \(changeType must be absent\), target did 201/,
      );
      // Value-level: graph-like keeps clientState to 128 characters and lifetimes to 42,300 minutes.
      expect(run.stdout).toMatch(/ {2}clientState length-129: contract says accepted, target did 400 invalidRequest/);
      expect(run.stdout).toMatch(/ {2}expirationDateTime 180-days: contract says accepted, target did 400 invalidRequest/);
      // And the graph-like profile's own contract holds for it: https only, no round-trip disagreement.
      expect(run.stdout).toMatch(
        /contract: .*observed-openapi\.json \(OpenAPI 3\.1 valid; round trip over \d+ bodies tried: 0 disagreements(; \d+ refused for a reason no keyword states, recorded and not compared)?\)/,
      );
      const report = readJson<BehaviourReport>(join(dir, 'behaviour-report.json'));
      const listed = report.contract?.comparison?.disagreements ?? [];
      expect(listed.length).toBeGreaterThan(4);
      for (const d of listed) expect(run.stdout).toContain(`  ${d.message}`);
      expect(readFileSync(join(dir, 'behaviour-report.md'), 'utf8')).toContain('### Contract comparison');
      expect(readFileSync(join(dir, 'behaviour-report.html'), 'utf8')).toContain('Contract comparison');
    },
    PROBE_TIMEOUT_MS,
  );

  test(
    'the same contract against the default profile itself: exit 0',
    async () => {
      const dir = join(work, 'self');
      mkdirSync(dir);
      const run = await runProbe({ REPORT_DIR: dir }, [...SUITES, '--contract', join(first, 'observed-openapi.yaml')], PROBE_TIMEOUT_MS);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/contract .*observed-openapi\.yaml: the target agrees with it/);
      expect(readJson<BehaviourReport>(join(dir, 'behaviour-report.json')).contract?.comparison?.disagreements).toEqual([]);
    },
    PROBE_TIMEOUT_MS,
  );

  test('a contract that cannot be used stops the run before anything is sent: one line, exit 2', async () => {
    const bad = join(work, 'bad.json');
    writeFileSync(bad, JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} }));
    mkdirSync(join(work, 'bad'));
    const run = await runProbe({ REPORT_DIR: join(work, 'bad') }, ['--contract', bad], PROBE_TIMEOUT_MS);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(/^probe: contract .*bad\.json: it has no POST \/_api\/v2\.0\/drive\/root\/subscriptions$/m);
  });
});
